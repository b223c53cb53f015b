"""Bad input is one clear Python exception, never a crash."""

import pytest

import menger
from reference_routings import Dor


class Raising(menger.Routing):
    def next(self, here, state, dest, faults):
        raise ZeroDivisionError("boom at %d" % here)


class Returns(menger.Routing):
    def __init__(self, answer):
        self.answer = answer

    def next(self, here, state, dest, faults):
        return self.answer


@pytest.mark.parametrize("verb", ["route_check", "deadlock", "montecarlo"])
def test_a_raising_routing_is_a_routing_error_with_its_cause(verb):
    net = menger.network("torus(3,3)")
    with pytest.raises(menger.RoutingError) as info:
        if verb == "montecarlo":
            menger.montecarlo(net, "routing", [Raising()], counts=[0], trials=10)
        else:
            getattr(menger, verb)(net, Raising())
    assert "raised ZeroDivisionError: boom at" in str(info.value)
    assert isinstance(info.value.__cause__, ZeroDivisionError)
    assert info.value.__cause__.__traceback__ is not None


@pytest.mark.parametrize("answer,words", [
    (None, "returned None"),
    (3, "not a list of hops" if False else "return a list of hops"),
    ((0, 0), "a tuple is one hop"),
    ("0", "return a list of hops"),
    ([99], "names port 99"),
    ([-1], "non-negative int"),
    ([(0, 5)], "virtual channel 5"),
    ([(0, 0, (1 << 40,))], "32-bit"),
    ([(0, 0, tuple(range(9)))], "at most 8 words"),
    ([(0, 0, None, 1)], "bubble flag"),
    ([True], "non-negative int"),
    ([1.5], "non-negative int"),
    ([(0, 0, 0, False, 7)], "a hop is a port"),
    (object(), "not a list of hops"),
])
def test_garbage_answers(answer, words):
    with pytest.raises(menger.RoutingError, match="python:Returns") as info:
        menger.route_check("torus(3,3)", Returns(answer), k=0)
    assert words in str(info.value)


def test_not_a_routing():
    with pytest.raises(TypeError, match="next"):
        menger.route_check("torus(3,3)", object())
    with pytest.raises(TypeError):
        menger.route_check("torus(3,3)", 42)


@pytest.mark.parametrize("attr,value", [("knowledge", "psychic"), ("vcs", 0), ("vcs", "two")])
def test_bad_declarations(attr, value):
    routing = Dor([3, 3])
    setattr(routing, attr, value)
    with pytest.raises(ValueError, match=attr):
        menger.route_check("torus(3,3)", routing)


class Peeking(menger.Routing):
    """Declares local knowledge, then asks about a node two hops away."""
    knowledge = "local"

    def next(self, here, state, dest, faults):
        faults.node_faulty(dest)
        return Dor([5, 5]).next(here, state, dest, faults)


def test_local_routing_reading_far_is_refused():
    with pytest.raises(menger.RoutingError, match="not its neighbour"):
        menger.route_check("torus(5,5)", Peeking(), k=1)


class Keeping(menger.Routing):
    kept = []

    def next(self, here, state, dest, faults):
        self.kept.append(faults)
        return Dor([3, 3]).next(here, state, dest, faults)


def test_a_kept_view_expires():
    routing = Keeping()
    menger.route_check("torus(3,3)", routing, k=0)
    stale = routing.kept[0]
    assert "expired" in repr(stale)
    with pytest.raises(menger.RoutingError, match="has returned"):
        stale.node_faulty(0)


class OutOfRange(menger.Routing):
    def next(self, here, state, dest, faults):
        faults.port_usable(here, 17)
        return []


def test_view_arguments_are_checked():
    with pytest.raises(menger.RoutingError, match="IndexError: port 17"):
        menger.route_check("torus(3,3)", OutOfRange(), k=0)


def test_bad_specs_and_options():
    with pytest.raises(menger.InputError):
        menger.network("torus(")
    with pytest.raises(menger.InputError):
        menger.route_check("torus(3,3)", "no-such-routing")
    with pytest.raises(menger.InputError):
        menger.route_check("torus(3,3)", "dor", faults="gremlins")
    with pytest.raises(menger.InputError):
        menger.route_check("mesh(3,3)", "mikant-shortest")
    with pytest.raises(ValueError):
        menger.route_check("torus(3,3)", "dor", budget=-1)
    with pytest.raises(TypeError):
        menger.network(3.5)
    with pytest.raises(menger.InputError):
        menger.montecarlo("torus(3,3)", "completeness", ["dor"])
    with pytest.raises(menger.InputError):
        menger.montecarlo("torus(3,3)", "routing", ["dor"])  # neither counts nor rates
    with pytest.raises(menger.InputError):
        menger.montecarlo("torus(3,3)", "sampling", ["dor"], counts=[1])


def test_after_an_error_the_package_still_works():
    with pytest.raises(menger.RoutingError):
        menger.route_check("torus(3,3)", Raising())
    assert menger.route_check("torus(3,3)", Dor([3, 3]), k=0).verdict == "HOLDS"


@pytest.mark.parametrize("options,words", [
    ({"budget": float("inf")}, "budget is a finite number"),
    ({"budget": float("nan")}, "budget is a finite number"),
    ({"budget": True}, "budget is a finite number"),
    ({"budget": "5"}, "budget is a finite number"),
    ({"budget": 0}, "budget is a positive number"),
    ({"budget": 1e12}, "budget is a positive number"),
    ({"k": True}, "k is an int"),
    ({"k": 1.0}, "k is an int"),
    ({"k": -1}, "k is an int"),
    ({"k": 2**40}, "k is an int"),
    ({"threads": -1}, "threads is an int"),
    ({"hop_limit": 2**32}, "hop_limit is an int"),
    ({"symmetry": 1}, "symmetry is True or False"),
    ({"faults": 3}, "faults is a str"),
    ({"path_bound": True}, "path_bound is an int"),
])
def test_verb_arguments_are_taken_strictly(options, words):
    with pytest.raises(menger.InputError, match=words):
        menger.route_check("torus(3,3)", "dor", **options)


def test_a_whole_path_bound_is_a_number_of_hops():
    assert menger.route_check("torus(3,3)", "dor", k=0, path_bound=2).verdict == "HOLDS"
    assert menger.route_check("torus(3,3)", "dor", k=0, path_bound=1).verdict == "FAILS"


@pytest.mark.parametrize("options,words", [
    ({"counts": [True]}, r"counts\[0\] is an int"),
    ({"counts": [0, 1.0]}, r"counts\[1\] is an int"),
    ({"counts": "0..3:0.5"}, "whole numbers"),
    ({"counts": 12}, "counts is a list of numbers or text"),
    ({"counts": []}, "counts names no point"),
    ({"counts": {1, 2}}, "counts is a list of numbers or text"),
    ({"counts": [2**53 + 1]}, r"counts\[0\] is an int"),
    ({"rates": ["0.5"]}, r"rates\[0\] is a finite number"),
    ({"rates": [True]}, r"rates\[0\] is a finite number"),
    ({"rates": [float("nan")]}, r"rates\[0\] is a finite number"),
    ({"counts": [1], "confidence": 1.5}, r"confidence is a number in \(0\.0, 1\.0\)"),
    ({"counts": [1], "half_width": 0}, "half_width is a number in"),
    ({"counts": [1], "hop_limit": 0}, "hop_limit is an int in 1"),
    ({"counts": [1], "trials": 10.0}, "trials is an int"),
    ({"counts": [1], "confidence": "0.9"}, "confidence is a finite number"),
    ({"counts": [1], "seed": -1}, "seed is an int"),
])
def test_montecarlo_numbers_are_taken_strictly(options, words):
    with pytest.raises(menger.InputError, match=words):
        menger.montecarlo("torus(3,3)", "routing", ["dor"], **options)


def test_deadlock_and_info_arguments_are_taken_strictly():
    with pytest.raises(menger.InputError, match="an escape virtual channel is an int"):
        menger.deadlock("torus(3,3)", "dor", escape=[True])
    with pytest.raises(menger.InputError, match="escape is a str"):
        menger.deadlock("torus(3,3)", "dor", escape=1)
    with pytest.raises(menger.InputError, match="buffers is an int"):
        menger.deadlock("torus(3,3)", "dor", buffers=2.0)
    with pytest.raises(menger.InputError, match="automorphisms is True or False"):
        menger.info("torus(3,3)", automorphisms="yes")
    with pytest.raises(menger.InputError, match="engine is a str"):
        menger.tolerance("torus(3,3)", engine=None)


class AskingWith(menger.Routing):
    def __init__(self, ask):
        self.ask = ask

    def next(self, here, state, dest, faults):
        self.ask(faults, here)
        return Dor([3, 3]).next(here, state, dest, faults)


@pytest.mark.parametrize("ask,error", [
    (lambda f, here: f.node_faulty(True), "TypeError: node is an int, not True"),
    (lambda f, here: f.node_faulty(1.0), "TypeError: node is an int, not 1.0"),
    (lambda f, here: f.port_usable(here, False), "TypeError: port is an int, not False"),
    (lambda f, here: f.link_faulty(2**70), "IndexError: link"),
    (lambda f, here: f.faulty_nodes_at_least([0, True], 1), "TypeError: a node of the region is an int"),
    (lambda f, here: f.faulty_nodes_at_least([0], -1), "ValueError: threshold is a count"),
])
def test_fault_view_arguments_are_taken_strictly(ask, error):
    with pytest.raises(menger.RoutingError, match=error):
        menger.route_check("torus(3,3)", AskingWith(ask), k=0)
