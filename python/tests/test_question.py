"""route_check's keyword arguments come from the route-check question's one
declaration (src/question/route_check_question.h, issue 37): the same names,
defaults and ranges as the CLI's options and the claim keys."""

import inspect
import json

import pytest

import menger
from menger import _menger


def schema():
    return json.loads(_menger._question_schema("route-check"))


def test_the_signature_is_the_declaration():
    s = schema()
    params = inspect.signature(menger.route_check).parameters
    for name in s["x-order"]:
        assert params[name].kind == inspect.Parameter.KEYWORD_ONLY
        assert params[name].default == s["properties"][name]["default"], name
        assert name in menger.route_check.__doc__
    assert params["k"].default == 1 and params["faults"].default == "nodes" and params["hop_limit"].default is None
    # the CLI's checkpoint options are not Python's
    assert "checkpoint" not in params and "chunk_pairs" not in params


def test_a_word_flag_is_its_word():
    a = menger.route_check("torus(3,3)", "dor", k=1, symbolic=True)
    b = menger.route_check("torus(3,3)", "dor", k=1, search="symbolic")
    assert a.engine == b.engine == "symbolic"
    assert (a.verdict, a.runs, a.pairs_examined) == (b.verdict, b.runs, b.pairs_examined)
    assert menger.route_check("torus(3,3)", "dor", k=1, naive=True).engine == "naive"
    assert menger.route_check("torus(3,3)", "dor", k=1, symbolic=False).engine == "lazy"


@pytest.mark.parametrize("options,error,words", [
    ({"symbolic": True, "naive": True}, menger.InputError, "ask for different things"),
    ({"search": "naive", "symbolic": True}, menger.InputError, "ask for different things"),
    ({"search": "clever"}, menger.InputError, "search is one of"),
    ({"symbolic": 1}, menger.InputError, "symbolic is True or False"),
    ({"k": 65}, menger.InputError, r"k is an int in 0\.\.64"),
    ({"hop_limit": 0}, menger.InputError, "hop_limit is an int in 1"),
    ({"checkpoint": "x.jsonl"}, TypeError, "unexpected keyword argument 'checkpoint'"),
    ({"kk": 1}, TypeError, "unexpected keyword argument 'kk'"),
])
def test_arguments_are_checked_as_declared(options, error, words):
    with pytest.raises(error, match=words):
        menger.route_check("torus(3,3)", "dor", **options)


def test_the_engine_reads_the_question_strictly_too():
    # What the package checks, the C++ side checks again (a caller of the private binding).
    with pytest.raises(menger.InputError, match="has no option 'checkpoint'"):
        _menger._route_check(menger.network("torus(3,3)"), "dor", json.dumps({"checkpoint": "x"}), None, 0, None)
    with pytest.raises(menger.InputError, match="k is a whole number in 0..64"):
        _menger._route_check(menger.network("torus(3,3)"), "dor", json.dumps({"k": 99}), None, 0, None)


def test_deadlock_takes_its_question_too():
    s = json.loads(_menger._question_schema("deadlock"))
    params = inspect.signature(menger.deadlock).parameters
    assert [n for n in params if n in s["properties"]] == s["x-order"]
    assert params["k"].default == 0 and params["escape"].default is None
    a = menger.deadlock("torus(4,4)", "duato-torus", escape=[0, 1])
    b = menger.deadlock("torus(4,4)", "duato-torus", escape="0,1")
    assert a.verdict == b.verdict == "FREE"
    with pytest.raises(menger.InputError, match="switching is one of 'wormhole', 'cut-through'"):
        menger.deadlock("torus(4,4)", "dor", switching="store-and-forward")
    with pytest.raises(menger.InputError, match="buffers needs switching cut-through"):
        menger.deadlock("torus(4,4)", "dor", buffers=2)
    with pytest.raises(TypeError, match="unexpected keyword argument 'chunk_sets'"):
        menger.deadlock("torus(4,4)", "dor", chunk_sets=4)


def test_tolerance_takes_its_question_too():
    s = json.loads(_menger._question_schema("tolerance"))
    params = inspect.signature(menger.tolerance).parameters
    assert [n for n in params if n in s["properties"]] == s["x-order"]
    assert params["pairs"].default is None and params["engine"].default == "auto"
    assert menger.tolerance("hypercube(4)", engine="smt").tolerance == menger.tolerance("hypercube(4)").tolerance == 3
    with pytest.raises(menger.InputError, match="engine is one of 'auto', 'flow', 'smt'"):
        menger.tolerance("hypercube(4)", engine="sat")
    with pytest.raises(TypeError, match="unexpected keyword argument 'weights'"):
        menger.tolerance("hypercube(4)", weights="w.txt")  # a file the CLI reads


def test_montecarlo_takes_its_question():
    s = json.loads(_menger._question_schema("montecarlo"))
    params = inspect.signature(menger.montecarlo).parameters
    # experiment is a field the verb takes by position; the others are keyword-only
    assert list(params)[:3] == ["net", "experiment", "routings"]
    for name in s["x-order"]:
        if name != "experiment":
            assert params[name].kind == inspect.Parameter.KEYWORD_ONLY, name
            assert params[name].default == s["properties"][name]["default"], name
    assert "naive" not in params and "checkpoint" not in params  # the CLI's alone
    # a list of points and the text the CLI and claims take ask the same question
    a = menger.montecarlo("torus(3,3)", "routing", ["dor"], counts=[0, 2], trials=200, seed=5)
    b = menger.montecarlo("torus(3,3)", "routing", ["dor"], counts="0..2:2", trials=200, seed=5)
    assert a.points == b.points
    r = menger.montecarlo("torus(3,3)", "routing", ["dor"], rates=[0.0, 0.25], trials=100)
    assert len(r.points) == 2
    with pytest.raises(TypeError, match="unexpected keyword argument 'trails'"):
        menger.montecarlo("torus(3,3)", "routing", ["dor"], counts=[1], trails=10)


@pytest.mark.parametrize("verb,function", [
    ("tolerance", menger.tolerance), ("route-check", menger.route_check), ("deadlock", menger.deadlock),
    ("montecarlo", menger.montecarlo), ("credit-loops", menger.credit_loops), ("info", menger.info)])
def test_every_verb_takes_its_question(verb, function):
    s = json.loads(_menger._question_schema(verb))
    params = inspect.signature(function).parameters
    for name in s["x-order"]:
        if name in s["required"]:  # montecarlo's experiment: a positional argument without a default
            assert params[name].default is inspect.Parameter.empty, name
        else:
            assert params[name].default == s["properties"][name]["default"], name
            assert name in function.__doc__
    assert all("cli" in spec["x-fronts"] or "python" in spec["x-fronts"] for spec in s["properties"].values())


def test_info_per_source_is_the_reference_method():
    a = menger.info("torus(4,4)", per_source=True, symmetry=False)
    b = menger.info("torus(4,4)")
    assert a.value("avg_distance") == b.value("avg_distance") and a.value("diameter") == b.value("diameter")
    with pytest.raises(TypeError, match="unexpected keyword argument 'per_sorce'"):
        menger.info("torus(4,4)", per_sorce=True)
