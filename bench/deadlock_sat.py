#!/usr/bin/python3
"""The exact deadlock check by SAT (issue 18, verify/deadlock/deadlock_sat.h), in one run.

1. Cut-through: the case tree against CaDiCaL.  Each fault sweep runs twice:
   `--case-budget 200000` (the tree as it was before SAT, which then hands over
   to SAT only if it runs out) and `--case-budget 0` (SAT at once), then with
   the default budget.  The ratio is tree over SAT; verdicts must agree.
2. Wormhole: north-last-split (Duato, Yalamanchili and Ni, Example 3.5) and the
   textbook array, whose verdicts need worms of several channels or a
   refutation: wall time and verdict.
3. The catalog's adaptive routings that Duato's condition settles: the exact
   check must not run there, so their time is the analysis alone.

Usage: /usr/bin/python3 bench/deadlock_sat.py path/to/menger
"""
import sys

from bench_env import loadavg, machine, run_menger_json, source_revision

CUT_THROUGH = [
    # (model, routing, k)
    ("torus(6,6)", "duato-bubble", 1),
    ("torus(8,8)", "duato-bubble", 1),
    ("torus(4,4)", "ft-torus(flow=bubble)", 3),
    ("torus(4,4)", "ft-torus(escapes=one, flow=bubble)", 1),
]

WORMHOLE = [
    ("mesh(4)", "array-extra-channels"),
    ("mesh(3,3)", "north-last-split"),
    ("mesh(5,5)", "north-last-split"),
    ("mesh(8,8)", "north-last-split"),
    ("mesh(16,16)", "north-last-split"),
]

DUATO = [
    ("torus(8,8,8)", "duato-torus", []),
    ("mesh(32,32)", "minimal-adaptive", []),
    ("torus(8,8)", "ft-torus(flow=bubble)", []),
]


def verdict(out):
    return out.get("verdict", "?")


def deadlock(menger, model, routing, extra):
    return run_menger_json([menger, "deadlock", model, "--routing", routing, "--json", *extra])


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    menger = sys.argv[1]
    print(f"# {machine()}, {source_revision(menger)}, load {loadavg()}\n")
    print("| network | routing | k | verdict | tree (budget 200,000) | SAT at once | default (2,000) | tree / SAT |")
    print("|---|---|---:|---|---:|---:|---:|---:|")
    for model, routing, k in CUT_THROUGH:
        faults = ["--faults", "nodes", "--k", str(k)]
        tree, t_tree = deadlock(menger, model, routing, faults + ["--case-budget", "200000"])
        sat, t_sat = deadlock(menger, model, routing, faults + ["--case-budget", "0"])
        default, t_default = deadlock(menger, model, routing, faults)
        if not (verdict(tree) == verdict(sat) == verdict(default)):
            sys.exit(f"{model} {routing}: verdicts differ: {verdict(tree)} {verdict(sat)} {verdict(default)}")
        print(f"| {model} | {routing} | {k} | {verdict(sat)} | {t_tree:.2f} s | {t_sat:.2f} s | {t_default:.2f} s "
              f"| {t_tree / t_sat:.1f}x |")
    print("\n| network | routing (wormhole) | verdict | wall | how |")
    print("|---|---|---|---:|---|")
    for model, routing in WORMHOLE:
        out, wall = deadlock(menger, model, routing, ["--switching", "wormhole"])
        print(f"| {model} | {routing} | {verdict(out)} | {wall:.2f} s | {(out.get('reason') or out.get('method', ''))[:160]} |")
    print("\n| network | routing | verdict | wall |")
    print("|---|---|---|---:|")
    for model, routing, extra in DUATO:
        out, wall = deadlock(menger, model, routing, extra)
        print(f"| {model} | {routing} | {verdict(out)} | {wall:.2f} s |")


if __name__ == "__main__":
    main()
