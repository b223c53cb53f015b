"""Routings written in Python give the C++ routings' verdicts and witnesses.

Two built-in routings re-written in Python (reference_routings.py) are checked
by the same engines as the originals, on instances where they hold and where
they fail: route-check (the least defeating fault set, the pair, the trace),
deadlock (verdict, cycle, evidence) and the Monte Carlo (the same trials give
the same successes).  Expected values come from the C++ engines in the same
run, never from constants.
"""

import pytest

import menger
from reference_routings import Dor, MikantThreeTurnGoDownLevel


def without_routing(evidence):
    """The witness or certificate minus the routing's name (a spec for C++, python:NAME here)."""
    if evidence is None:
        return None
    return {key: value for key, value in evidence.items() if key != "routing"}


def same_route_check(net, cpp, python, **options):
    a = menger.route_check(net, cpp, **options)
    b = menger.route_check(net, python, **options)
    assert b.verdict == a.verdict
    assert b.minimum_proved == a.minimum_proved
    assert b.fault_set == a.fault_set
    assert (b.source, b.destination, b.outcome, b.hops, b.detail) == (a.source, a.destination, a.outcome, a.hops, a.detail)
    assert b.trace == a.trace
    assert without_routing(b.witness) == without_routing(a.witness)
    assert b.runs == a.runs and b.levels == a.levels and b.pairs_examined == a.pairs_examined
    assert b.python_calls > 0
    return a, b


LATTICES = [("torus(4,4)", [4, 4], True), ("mesh(3,4)", [3, 4], False), ("torus(3,3,3)", [3, 3, 3], True)]


@pytest.mark.parametrize("spec,radices,wrap", LATTICES)
@pytest.mark.parametrize("faults,k", [("nodes", 0), ("nodes", 1), ("links", 2)])
def test_dor_route_check_matches_cpp(spec, radices, wrap, faults, k):
    net = menger.network(spec)
    a, _ = same_route_check(net, "dor", Dor(radices, wrap), faults=faults, k=k, symmetry=False)
    if k > 0:
        assert a.verdict == "FAILS"  # dor reads no faults: one fault on a path defeats it


@pytest.mark.parametrize("spec,radices,wrap", LATTICES[:2])
def test_dor_verdict_with_symmetry(spec, radices, wrap):
    """With symmetry the C++ routing examines one source per orbit, the Python one every pair:
    the verdict and the least failing size agree."""
    net = menger.network(spec)
    a = menger.route_check(net, "dor", faults="nodes", k=1)
    b = menger.route_check(net, Dor(radices, wrap), faults="nodes", k=1)
    assert (b.verdict, len(b.fault_set)) == (a.verdict, len(a.fault_set))


MIKANT = "mikant-three-turn+go-down-level"


@pytest.mark.parametrize("spec,k_n", [("mikant(2,3)", (2, 3)), ("mikant(3,3)", (3, 3)), ("mikant(2,4)", (2, 4))])
@pytest.mark.parametrize("faults,k,excuse", [("switch-links", 0, False), ("switch-links", 1, False),
                                             ("switch-links", 2, False), ("links", 1, False), ("links", 2, True),
                                             ("switches", 1, True)])
def test_mikant_route_check_matches_cpp(spec, k_n, faults, k, excuse):
    net = menger.network(spec)
    same_route_check(net, MIKANT, MikantThreeTurnGoDownLevel(*k_n), faults=faults, k=k, excuse_disconnected=excuse)


def test_mikant_fails_somewhere_and_holds_somewhere():
    """The comparisons above cover both verdicts."""
    net = menger.network("mikant(3,3)")
    verdicts = {menger.route_check(net, MIKANT, faults="switch-links", k=k).verdict for k in (0, 1)}
    assert verdicts == {"HOLDS", "FAILS"}


def test_settle_all_counts_match():
    net = menger.network("mikant(2,3)")
    same_route_check(net, MIKANT, MikantThreeTurnGoDownLevel(2, 3), faults="switch-links", k=2, settle_all=True)


def test_path_bound_matches():
    net = menger.network("torus(4,4)")
    a, _ = same_route_check(net, "dor", Dor([4, 4]), faults="nodes", k=0, path_bound="2", symmetry=False)
    assert a.outcome == "path longer than the bound"
    same_route_check(net, "dor", Dor([4, 4]), faults="nodes", k=1, path_bound="distance + faults", symmetry=False)


def test_threads_do_not_change_the_answer():
    net = menger.network("mikant(3,3)")
    routing = MikantThreeTurnGoDownLevel(3, 3)
    one = menger.route_check(net, routing, faults="switch-links", k=2)
    two = menger.route_check(net, routing, faults="switch-links", k=2, threads=2)
    assert (two.verdict, two.witness, two.runs, two.levels) == (one.verdict, one.witness, one.runs, one.levels)


@pytest.mark.parametrize("spec,cpp,python,k,faults", [
    ("torus(4,4)", "dor", Dor([4, 4]), 0, "nodes"),         # ring cycles: DEADLOCK
    ("mesh(3,4)", "dor", Dor([3, 4], wrap=False), 0, "nodes"),  # FREE
    ("mesh(3,3)", "dor", Dor([3, 3], wrap=False), 1, "nodes"),
    ("mikant(2,3)", MIKANT, MikantThreeTurnGoDownLevel(2, 3), 0, "switch-links"),
    ("mikant(2,3)", MIKANT, MikantThreeTurnGoDownLevel(2, 3), 1, "switch-links"),
])
def test_deadlock_matches_cpp(spec, cpp, python, k, faults):
    net = menger.network(spec)
    a = menger.deadlock(net, cpp, k=k, faults=faults, symmetry=False)
    b = menger.deadlock(net, python, k=k, faults=faults, symmetry=False)
    assert (b.verdict, b.method, b.reason, b.fault_set) == (a.verdict, a.method, a.reason, a.fault_set)
    assert (b.packets, b.configurations, b.dependencies, b.acyclic) == (a.packets, a.configurations, a.dependencies, a.acyclic)
    assert (b.cycle, b.cycle_packets, b.fault_sets_analysed) == (a.cycle, a.cycle_packets, a.fault_sets_analysed)
    assert without_routing(b.witness) == without_routing(a.witness)
    assert without_routing(b.certificate) == without_routing(a.certificate)
    assert (a.witness is None) != (a.certificate is None)


def test_deadlock_verdicts_cover_both():
    assert menger.deadlock("torus(4,4)", Dor([4, 4])).verdict == "DEADLOCK"
    assert menger.deadlock("mesh(3,4)", Dor([3, 4], wrap=False)).verdict == "FREE"


def same_series(study):
    """Series 1-2 are the C++ routing's success and path length, 3-4 the Python routing's."""
    cpp, py = study.series[1:3], study.series[3:5]
    assert cpp[0].startswith(MIKANT) and py[0].startswith("python:")
    for point in study.points:
        values = {s["name"]: {k: v for k, v in s.items() if k != "name"} for s in point["series"]}
        for c, p in zip(cpp, py):
            assert values[p] == values[c]
    return study


def test_montecarlo_same_trials_same_successes():
    """The C++ and the Python routing route the same configurations (one study, both routings)."""
    net = menger.network("mikant(3,3)")
    study = same_series(menger.montecarlo(net, "routing", [MIKANT, MikantThreeTurnGoDownLevel(3, 3)], faults="links",
                                          counts=[0, 2, 6], trials=3000, seed=7, exact_limit=0))
    assert study.python_calls > 0
    assert '"points"' in study.to_json()  # the library's study_json


def test_montecarlo_exact_values_match():
    net = menger.network("mikant(2,3)")
    study = same_series(menger.montecarlo(net, "routing", [MIKANT, MikantThreeTurnGoDownLevel(2, 3)],
                                          faults="links", counts=[1], trials=200, exact_limit=10_000_000))
    assert all("exact" in s for s in study.points[0]["series"])


def test_montecarlo_combinations_match():
    net = menger.network("mikant(2,3)")
    study = menger.montecarlo(net, "combinations", [MIKANT, MikantThreeTurnGoDownLevel(2, 3)],
                              faults="switch-links", counts=[1, 2], trials=50, exact_limit=0)
    for point in study.points:
        a, b = ({k: v for k, v in s.items() if k != "name"} for s in point["series"])
        assert a == b


@pytest.mark.parametrize("spec,routing,cpp,faults,k", [
    ("mikant(2,3)", MikantThreeTurnGoDownLevel(2, 3), MIKANT, "switch-links", 2),
    ("mikant(3,3)", MikantThreeTurnGoDownLevel(3, 3), MIKANT, "links", 2),
    ("torus(4,4)", Dor([4, 4]), "dor", "nodes", 1),
])
def test_symbolic_search_matches_cpp(spec, routing, cpp, faults, k):
    """The symbolic search's view steers its engine with an exception (a pruned branch): it
    passes through the Python routing's frames and back to the engine."""
    net = menger.network(spec)
    same_route_check(net, cpp, routing, faults=faults, k=k, symbolic=True, symmetry=False)


class CatchingEverything(MikantThreeTurnGoDownLevel):
    """Catches every Exception its fault questions raise: the engine's unwinding is not one."""

    def next(self, here, state, dest, faults):
        try:
            return super().next(here, state, dest, faults)
        except Exception:  # noqa: BLE001
            return []


def test_an_engines_unwinding_is_not_swallowed_by_except_exception():
    net = menger.network("mikant(2,3)")
    same_route_check(net, MIKANT, CatchingEverything(2, 3), faults="switch-links", k=2, symbolic=True)
