#!/usr/bin/python3
"""The symbolic route search against the lazy search and the naive count (issue 20 part 2).

For each configuration, runs `menger route-check --json` with the lazy search and with
`--symbolic` in the same run, on the same pairs (the same symmetry reduction).  Reports
routing runs, runs per examined pair, wall times and the ratios, and the naive count
C(units, <= k) x pairs.  A lazy run that would take too long gets a time budget: the
row then shows how many pairs it settled in that time against the symbolic run's whole
answer ("lazy settled").  The two must agree on the verdict and the least failing size
whenever both finish.

Usage: /usr/bin/python3 bench/symbolic_vs_lazy.py path/to/menger [lazy-budget-seconds]
"""
import sys

from bench_env import least_failing_size as least
from bench_env import route_check_json as run

Q3_1 = "hdn(base=hypercube(3), k=1, s=[4])"
Q3_2 = "hdn(base=hypercube(3), k=2, s=[4,2])"
CONFIGS = [
    # (model, routing, k, extra flags)
    (Q3_1, "hdn-ft1", 3, ["--path-bound", "11"]),
    (Q3_1, "hdn-ft1", 4, []),
    (Q3_1, "hdn-ft2", 3, []),
    (Q3_2, "hdn-ft1(order=port)", 3, []),
    (Q3_2, "hdn-ft1(order=port)", 4, []),
    ("torus(4,4)", "ft-torus", 7, ["--excuse-disconnected"]),
]


def main():
    menger = sys.argv[1]
    budget = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    print("| model | routing | k | verdict | least failing size | pairs examined | naive runs "
          "| lazy runs | lazy runs/pair | lazy wall (s) | symbolic runs | symbolic runs/pair | symbolic wall (s) "
          "| runs ratio | wall ratio | agree |")
    print("|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for model, routing, k, extra in CONFIGS:
        args = [model, "--routing", routing, "--faults", "nodes", "--k", str(k), *extra]
        sym, sym_wall = run(menger, [*args, "--symbolic"])
        lazy, lazy_wall = run(menger, args, budget)
        s_sym, s_lazy = sym["search"], lazy["search"]
        pairs = s_sym["pairs_examined"]
        finished = lazy["verdict"] != "UNKNOWN"
        lazy_runs = f"{s_lazy['runs']}" + ("" if finished else f" ({s_lazy['pairs_settled']} of {pairs} pairs settled)")
        per_pair = s_lazy["runs"] / max(1, s_lazy["pairs_settled"] if not finished else pairs)
        agree = "n/a (lazy unfinished)"
        if finished:
            agree = "yes" if (lazy["verdict"], least(lazy)) == (sym["verdict"], least(sym)) else "NO"
        ratio = f"{per_pair / max(1e-9, s_sym['runs'] / pairs):.3g}" + ("" if finished else " (per settled pair)")
        wall = f"{lazy_wall / max(sym_wall, 1e-9):.3g}" if finished else f"> {lazy_wall / max(sym_wall, 1e-9):.3g}"
        print(f"| `{model}` | {routing} | {k} | {sym['verdict']} | {least(sym) or '-'} | {pairs} "
              f"| {s_sym['naive_runs']:.3g} | {lazy_runs} | {per_pair:.3g} | {lazy_wall:.1f} "
              f"| {s_sym['runs']} | {s_sym['runs'] / pairs:.3g} | {sym_wall:.1f} | {ratio} | {wall} | {agree} |",
              flush=True)


if __name__ == "__main__":
    main()
