"""The slowdown of routings written in Python against the same routings in C++,
timed in the same run on the same instances by the same engines (issue 22).

python/tests/reference_routings.py re-writes `dor` and
`mikant-three-turn+go-down-level` decision for decision; each row runs the
engine once with the C++ routing and once with the Python one, checks that the
answers are equal (verdict, witness, run counts: exit 1 otherwise), and
prints both times and their ratio.  Both sides run on one thread (threads=1:
an engine with a Python routing runs on one thread by default, python_routing.h),
so the ratio is the routing's own cost; the last column is the C++ routing
with every core (threads=0), what a user of the CLI gets.

Usage: PYTHONPATH=build/python /usr/bin/python3 bench/python_routing.py > py.md
"""
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "python", "tests"))
import menger  # noqa: E402
from bench_env import loadavg, machine, source_revision  # noqa: E402
from reference_routings import Dor, MikantThreeTurnGoDownLevel  # noqa: E402

MIKANT = "mikant-three-turn+go-down-level"

# (what, verb, network, C++ routing, Python routing, options)
ROWS = [
    ("route-check torus(6,6) dor, link faults k=2, every pair and level", "route_check", "torus(6,6)", "dor",
     Dor([6, 6]), dict(faults="links", k=2, symmetry=False, settle_all=True)),
    ("route-check mikant(3,3), switch-links k=2", "route_check", "mikant(3,3)", MIKANT, MikantThreeTurnGoDownLevel(3, 3),
     dict(faults="switch-links", k=2)),
    ("route-check mikant(3,3), switch-links k=3, every level", "route_check", "mikant(3,3)", MIKANT,
     MikantThreeTurnGoDownLevel(3, 3), dict(faults="switch-links", k=3, settle_all=True)),
    ("deadlock torus(6,6) dor", "deadlock", "torus(6,6)", "dor", Dor([6, 6]), dict(symmetry=False)),
    ("deadlock mikant(3,3), switch-links k=1", "deadlock", "mikant(3,3)", MIKANT, MikantThreeTurnGoDownLevel(3, 3),
     dict(faults="switch-links", k=1)),
    ("montecarlo mikant(3,3), 20 faulty links, 20000 trials", "montecarlo", "mikant(3,3)", MIKANT,
     MikantThreeTurnGoDownLevel(3, 3), dict(experiment="routing", faults="links", counts=[20], trials=20000,
                                            exact_limit=0)),
]


def run(verb, net, routing, options, threads):
    start = time.perf_counter()
    if verb == "montecarlo":
        opts = dict(options)
        r = menger.montecarlo(net, opts.pop("experiment"), [routing], threads=threads, **opts)
    else:
        r = getattr(menger, verb)(net, routing, threads=threads, **options)
    return r, time.perf_counter() - start


def answer(verb, r):
    """What must be equal between the two routings."""
    strip = lambda d: None if d is None else {k: v for k, v in d.items() if k != "routing"}  # noqa: E731
    if verb == "route_check":
        return r.verdict, strip(r.witness), r.runs, r.levels
    if verb == "deadlock":
        return r.verdict, r.cycle, r.dependencies, strip(r.witness), strip(r.certificate)
    return [[{k: v for k, v in s.items() if k != "name"} for s in p["series"]] for p in r.points]


def main():
    print("## Python routings against C++ (bench/python_routing.py)\n")
    print(f"- {machine()}{source_revision(menger.__file__)}; load before: {loadavg()}\n")
    print("| instance | answer | Python calls | C++ 1 thread (s) | Python (s) | slowdown | us per Python call | C++ all cores (s) |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    bad = False
    for what, verb, spec, cpp, py, options in ROWS:
        net = menger.network(spec)
        a, t_cpp = run(verb, net, cpp, options, 1)
        b, t_py = run(verb, net, py, options, 1)
        _, t_all = run(verb, net, cpp, options, 0)
        same = answer(verb, a) == answer(verb, b)
        bad |= not same
        verdict = getattr(a, "verdict", "estimate") + ("" if same else " **DIFFERS**")
        calls = b.python_calls
        print(f"| {what} | {verdict} | {calls:,} | {t_cpp:.3f} | {t_py:.3f} | {t_py / t_cpp:.0f}x | "
              f"{1e6 * t_py / max(calls, 1):.1f} | {t_all:.3f} |")
        sys.stdout.flush()
    print(f"\nload after: {loadavg()}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
