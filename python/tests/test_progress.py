"""progress=callable: the verbs report their coverage while they run, on the calling thread."""

import threading

import pytest

import menger


def collect(verb, *args, **kwargs):
    seen, threads = [], set()

    def progress(coverage):
        seen.append(coverage)
        threads.add(threading.get_ident())

    result = verb(*args, progress=progress, **kwargs)
    return result, seen, threads


def test_route_check_reports_pairs_until_the_last():
    r, seen, threads = collect(menger.route_check, "torus(4,4)", "shortest", k=2, symmetry=False)
    assert threads == {threading.get_ident()}
    assert seen and all(c["unit"] == "pairs" for c in seen)
    assert [c["settled"] for c in seen] == sorted(c["settled"] for c in seen)
    assert seen[-1]["settled"] == r.coverage["settled"] == seen[-1]["total"]


def test_tolerance_deadlock_and_montecarlo_report_too():
    r, seen, _ = collect(menger.tolerance, "torus(5,5)", symmetry=False)
    assert seen and seen[-1]["settled"] == seen[-1]["total"] == r.coverage["total"]
    _, seen, _ = collect(menger.deadlock, "mesh(3,3)", "dor", faults="links", k=1)
    assert seen and seen[-1]["unit"] == "fault sets"
    _, seen, _ = collect(menger.montecarlo, "torus(3,3)", "completeness", trials=2000, seed=3)
    assert seen and seen[-1]["unit"] == "trials" and seen[-1]["settled"] == 2000


def test_a_callback_that_raises_stops_the_verb_with_its_exception():
    class Enough(Exception):
        pass

    def progress(coverage):
        raise Enough(coverage["settled"])

    with pytest.raises(Enough):
        menger.route_check("torus(5,5)", "shortest", k=3, symmetry=False, progress=progress)


def test_progress_must_be_callable():
    with pytest.raises(TypeError):
        menger.tolerance("torus(3,3)", progress=42)
