"""A verb never hangs and never mistakes an interruption for a verdict (issue "Never a false
verdict"): a routing whose call never returns is interrupted at the budget; Ctrl-C raises
KeyboardInterrupt within a second, in the engines' C++ as in a routing's Python;
KeyboardInterrupt and SystemExit raised by a routing come back as themselves; the deadlock
engine honours its budget and refuses a packet state that grows for ever."""

import os
import signal
import subprocess
import sys
import time

import pytest

import menger
from reference_routings import Dor


class Forever(menger.Routing):
    """A routing whose next() never returns."""

    def next(self, here, state, dest, faults):
        while True:
            pass


class ForeverLater(Dor):
    """Dimension order, until the 200th call, which never returns."""

    def __init__(self, radices):
        super().__init__(radices)
        self.calls = 0

    def next(self, here, state, dest, faults):
        self.calls += 1
        while self.calls >= 200:
            pass
        return super().next(here, state, dest, faults)


class Swallowing(menger.Routing):
    """Catches the interruption (a bare except) and gives up on the packet: a FAILS verdict
    from that would be false."""

    def next(self, here, state, dest, faults):
        try:
            while True:
                pass
        except:  # noqa: E722
            return []


BUDGET = 0.5
# What a look of the calling thread (50 ms), the grace given to a routing call (100 ms) and a
# loaded test machine add to the budget: the verb ends well within it.
LATE = 1.0


@pytest.mark.parametrize("verb", ["route_check", "deadlock", "montecarlo"])
@pytest.mark.parametrize("routing", [Forever, ForeverLater])
def test_a_routing_that_never_returns_is_stopped_at_the_budget(verb, routing):
    net = menger.network("torus(4,4)")
    r = routing() if routing is Forever else routing([4, 4])
    start = time.monotonic()
    with pytest.raises(menger.BudgetExhausted, match="the budget ran out while running python:"):
        if verb == "montecarlo":
            menger.montecarlo(net, "routing", [r], counts=[0, 1], trials=1000, budget=BUDGET)
        else:
            getattr(menger, verb)(net, r, k=1, budget=BUDGET)
    took = time.monotonic() - start
    assert BUDGET <= took < BUDGET + LATE, took
    # The package still works, and the interrupted thread carries no stale exception.
    assert menger.route_check(net, Dor([4, 4]), k=0).verdict == "HOLDS"


def test_a_routing_that_swallows_the_interruption_gives_no_verdict():
    start = time.monotonic()
    with pytest.raises(menger.BudgetExhausted):
        menger.route_check("torus(3,3)", Swallowing(), budget=BUDGET)
    assert time.monotonic() - start < BUDGET + LATE


def test_ordinary_slow_calls_are_not_interrupted():
    """Calls that end within the grace leave the budget to the engine, which reports UNKNOWN
    with what it covered, as before."""

    class Slow(Dor):
        def next(self, here, state, dest, faults):
            time.sleep(0.001)
            return super().next(here, state, dest, faults)

    r = menger.route_check("torus(4,4)", Slow([4, 4]), k=2, settle_all=True, symmetry=False, budget=0.3)
    assert r.verdict == "UNKNOWN"
    assert r.coverage["settled"] < r.coverage["total"]


class RaisingBase(menger.Routing):
    def __init__(self, exception):
        self.exception = exception

    def next(self, here, state, dest, faults):
        raise self.exception


@pytest.mark.parametrize("verb", ["route_check", "deadlock", "montecarlo"])
@pytest.mark.parametrize("exception", [KeyboardInterrupt("from the routing"), SystemExit(3)])
def test_keyboard_interrupt_and_system_exit_come_back_as_themselves(verb, exception):
    net = menger.network("torus(3,3)")
    r = RaisingBase(exception)
    with pytest.raises(type(exception)) as info:
        if verb == "montecarlo":
            menger.montecarlo(net, "routing", [r], counts=[0], trials=10)
        else:
            getattr(menger, verb)(net, r)
    assert info.value is exception
    assert info.value.__traceback__ is not None
    assert menger.route_check(net, Dor([3, 3]), k=0).verdict == "HOLDS"


def test_keyboard_interrupt_with_several_threads():
    with pytest.raises(KeyboardInterrupt):
        menger.route_check("torus(4,4)", RaisingBase(KeyboardInterrupt()), k=1, threads=2)


def test_ordinary_exceptions_stay_routing_errors():
    with pytest.raises(menger.RoutingError) as info:
        menger.route_check("torus(3,3)", RaisingBase(LookupError("no")))
    assert isinstance(info.value.__cause__, LookupError)


# ---- Ctrl-C -----------------------------------------------------------------

CHILD = r"""
import sys, time
sys.path.insert(0, %(tests)r)
import menger
from test_interrupts import Forever
net = menger.network(%(model)r)
what = %(what)r
print("ready", flush=True)
try:
    if what == "python":
        menger.route_check(net, Forever(), k=1)
    elif what == "deadlock":
        menger.deadlock(net, "duato-torus", k=2, threads=1)
    else:
        menger.route_check(net, "shortest", k=3, settle_all=True, symmetry=False, threads=1)
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", time.monotonic(), flush=True)
# The package still works after it.
print("after", menger.route_check("torus(3,3)", "dor", k=0).verdict, flush=True)
"""


@pytest.mark.parametrize("what,model", [("python", "torus(4,4)"), ("cpp", "hypercube(7)"),
                                        ("deadlock", "torus(6,6,6)")])
def test_ctrl_c_raises_keyboard_interrupt_within_a_second(what, model):
    tests = os.path.dirname(os.path.abspath(__file__))
    code = CHILD % {"tests": tests, "model": model, "what": what}
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
    try:
        assert child.stdout.readline().strip() == "ready"
        time.sleep(1.5)  # well inside the engine's work
        assert child.poll() is None, "the verb ended before the signal"
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        line = child.stdout.readline().split()
        assert line and line[0] == "interrupted", (line, child.stderr.read())
        took = float(line[1]) - sent
        assert took < 1.0, took
        assert child.stdout.readline().strip() == "after HOLDS"
        assert child.wait(timeout=30) == 0
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


# ---- the deadlock engine's bounds -------------------------------------------

def test_deadlock_honours_its_budget_with_short_calls():
    """Every call returns at once, but there are many: the exploration checks the budget."""
    start = time.monotonic()
    with pytest.raises(menger.BudgetExhausted, match="channel dependency graph"):
        menger.deadlock("torus(10,10,10)", Dor([10, 10, 10]), budget=0.3)  # about 3 s unbudgeted
    assert time.monotonic() - start < 0.3 + LATE


class GrowingState(menger.Routing):
    """A livelock bug: always x+ (port 0), counting the hops in the state, so that a packet for
    another row circles its ring for ever with a new state at every hop."""

    def next(self, here, state, dest, faults):
        return [(0, 0, (state[0] + 1,))]

    def describe_state(self, state):
        return "lap counter %d" % state[0]


def test_a_state_that_grows_for_ever_is_refused_naming_it():
    net = menger.network("torus(4,4)")
    cap = 4 * (2 * net.num_nodes + 16)  # verify/deadlock/dependency_graph.h, packet_state_cap
    start = time.monotonic()
    with pytest.raises(menger.InputError, match="python:GrowingState keeps making new packet states") as info:
        menger.deadlock(net, GrowingState())
    took = time.monotonic() - start
    text = str(info.value)
    assert "more than %d distinct states" % cap in text
    assert "[lap counter %d], made at" % (cap + 1) in text and "from [lap counter %d]" % cap in text
    assert "livelock" in text
    assert took < 5, took
    # Route-check sees the same bug as the hop limit.
    r = menger.route_check(net, GrowingState(), k=0)
    assert r.verdict == "FAILS" and r.outcome == "hop limit exceeded"
