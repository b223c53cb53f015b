#!/usr/bin/python3
"""Lazy exhaustive routing search against blind enumeration (issue 4).

For each claim-sized configuration, runs `menger route-check --json` twice in the
same run: the lazy search (extends fault sets only by the units a run read) and
the naive baseline (`--naive --no-symmetry`: every fault set of size <= k for
every pair).  Reports routing runs against C(units, <= k) x pairs, wall times,
and the ratio.  The baseline stops, like the lazy search, after the first
failing size m, so it needs C(units, <= m) x pairs runs (C(units, <= k) x pairs
when nothing fails, or with --settle-all).  A naive run that would take too long gets a time budget; its
rate (runs per second) then projects its full time, marked "projected".
The two must agree on the verdict and the least failure size whenever the naive
run finishes.

Usage: /usr/bin/python3 bench/route_search_vs_naive.py path/to/menger [naive-budget-seconds]
"""
import math
import sys

from bench_env import least_failing_size as least
from bench_env import route_check_json as run

CONFIGS = [
    # (model, routing, faults, k, extra flags)
    ("mikant(3,3)", "mikant-x-turns", "links", 4, ["--settle-all"]),
    ("mikant(3,3)", "mikant-three-turn+go-down-level", "switch-links", 1, []),
    ("hdn(base=hypercube(3), k=1, s=[4])", "hdn-ft1", "nodes", 3, ["--path-bound", "11"]),
    ("torus(4,4)", "ft-torus", "nodes", 7, ["--excuse-disconnected"]),
    ("torus(4,4,4)", "ft-torus", "nodes", 7, ["--excuse-disconnected"]),
]


def main():
    menger = sys.argv[1]
    budget = int(sys.argv[2]) if len(sys.argv) > 2 else 120
    print("| model | routing | faults | k | verdict | least failing size | lazy runs | naive runs needed "
          "| runs ratio | lazy wall (s) | naive runs done | naive wall (s) | wall ratio | agree |")
    print("|---|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for model, routing, faults, k, extra in CONFIGS:
        args = [model, "--routing", routing, "--faults", faults, "--k", str(k), *extra]
        lazy, lazy_wall = run(menger, args)
        naive, naive_wall = run(menger, [*args, "--naive", "--no-symmetry"], budget)
        s_lazy, s_naive = lazy["search"], naive["search"]
        finished = naive["verdict"] != "UNKNOWN" and (naive["minimum_proved"] or naive["verdict"] == "HOLDS")
        needed = s_lazy["naive_runs"]
        if lazy["verdict"] == "FAILS" and "--settle-all" not in extra:
            # The baseline, too, stops after the first failing size m: C(units, <= m) x pairs.
            m, units = least(lazy), lazy["units"]
            needed = sum(math.comb(units, j) for j in range(m + 1)) * s_lazy["pairs"]
        if finished:
            naive_time, mark = naive_wall, ""
        else:
            rate = s_naive["runs"] / max(naive_wall, 1e-9)
            naive_time, mark = needed / rate, " (projected)"
        agree = "n/a (naive unfinished)"
        if finished:
            agree = "yes" if (naive["verdict"], least(naive)) == (lazy["verdict"], least(lazy)) else "NO"
        print(f"| `{model}` | {routing} | {faults} | {k} | {lazy['verdict']} | {least(lazy) or '-'} "
              f"| {s_lazy['runs']} | {needed:.3g} | {needed / max(1, s_lazy['runs']):.3g} "
              f"| {lazy_wall:.2f} | {s_naive['runs']} | {naive_time:.3g}{mark} "
              f"| {naive_time / max(lazy_wall, 1e-9):.3g} | {agree} |", flush=True)


if __name__ == "__main__":
    main()
