"""Trials per second per core of `menger montecarlo` for each model of the
papers' reliability figures, at 1 and 2 threads, and for the completeness
experiment the ratio against the blind baseline (`--naive`: 001's procedure
taken literally, a search from every terminal after every added fault) in the
same run.  Both must report the same numbers (same seed, same trials): the
script exits with status 1 if they differ.  For 003's fault combinations,
the ratio against routing every pair of every combination (`--naive`: no memo
of translated runs), same trials, and the throughput of longer runs, where
the memo has filled.  For exact routing values, the ratio of enumerating
from one source per orbit of the translations against from every terminal
(`--naive`), both required to give the same exact values.

Usage: /usr/bin/python3 bench/montecarlo_throughput.py build/src/cli/menger > mc.md
"""
import argparse
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_env import loadavg, machine, source_revision  # noqa: E402

COMPLETENESS = [
    ("001 Table 1, 3-stage deterministic", "min(stages=3, radix=4, wiring=deterministic)", 10000),
    ("001 Table 1, 4-stage deterministic", "min(stages=4, radix=4, wiring=deterministic)", 2000),
    ("001 Table 1, 4-stage replicated", "min(stages=4, radix=4, wiring=replicated)", 2000),
]
MIKANT = ["mikant-shortest", "mikant-go-neighbor-switch", "mikant-go-down-level", "mikant-x-turns",
          "mikant-three-turn", "mikant-go-neighbor-switch+go-down-level",
          "mikant-go-neighbor-switch+x-turns+go-down-level", "mikant-three-turn+go-down-level"]
ROUTING = [
    ("002 Fig. 6, 8 algorithms, 20 faulty links", "mikant(3,3)", "links", MIKANT, "20", 100000),
    ("004 Fig. 13, HDN torus base, 25% nodes", "hdn(base=torus(3,2,5), k=2, s=[15,5])", "nodes",
     ["hdn-route", "hdn-ft2"], "1440", 5000),
    ("004 Fig. 15, HDN cube base, 25% nodes", "hdn(base=hypercube(3), k=2, s=[4,2])", "nodes",
     ["hdn-route", "hdn-ft2"], "256", 10000),
]

# (study, spec, faults, naive trials, memo trials)
COMBINATIONS = [
    ("003 sec. 5, 4x4x4 torus, 10 faulty nodes", "torus(4,4,4)", "10", 100, 500),
    ("003 sec. 5, 512-node torus, 10 faulty nodes", "torus(8,8,8)", "10", 4, 200),
]

# (study, spec, faulty units, routing, fault count): exact values, symmetry against every source
EXACT = [
    ("4x4x4 torus, ft-torus, 2 faulty nodes", "torus(4,4,4)", "nodes", "ft-torus", "2"),
    ("5x5 torus, ft-torus, 2 faulty links", "torus(5,5)", "links", "ft-torus", "2"),
]


def run(cmd):
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if out.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed ({out.returncode}): {out.stderr}")
    return json.loads(out.stdout), wall


def values(j):
    return [(s["name"], s["value"]) for p in j["points"] for s in p["series"]]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("menger")
    a = ap.parse_args()
    print("# Monte Carlo throughput\n")
    print(f"Machine: {machine()}{source_revision(a.menger)}; load before: {loadavg()}\n")
    print("## Completeness (001): Menger against the blind baseline, same trials\n")
    print("| study | trials | menger 1 thread (trials/s) | 2 threads (trials/s/core) | naive 1 thread (trials/s) | ratio |")
    print("|---|---|---|---|---|---|")
    ok = True
    for name, spec, trials in COMPLETENESS:
        base = [a.menger, "--threads", "1", "montecarlo", spec, "--experiment", "completeness",
                "--trials", str(trials), "--exact-limit", "0", "--json"]
        fast, t1 = run(base)
        two, t2 = run(base[:2] + ["2"] + base[3:])
        naive, tn = run(base + ["--naive"])
        ok = ok and values(fast) == values(naive) == values(two)
        print(f"| {name} | {trials} | {trials / fast['seconds']:.0f} | {trials / two['seconds'] / 2:.0f}"
              f" | {trials / naive['seconds']:.0f} | {naive['seconds'] / fast['seconds']:.1f}x |")
        print(f"{name}: wall {t1:.2f} s / {t2:.2f} s / naive {tn:.2f} s", file=sys.stderr)
    print("\n## Routing success (002, 004): every routing on each configuration\n")
    print("| study | trials | routings | 1 thread (trials/s) | 2 threads (trials/s/core) |")
    print("|---|---|---|---|---|")
    for name, spec, faults, routings, count, trials in ROUTING:
        cmd = [a.menger, "--threads", "1", "montecarlo", spec, "--experiment", "routing", "--faults", faults,
               "--counts", count, "--trials", str(trials), "--json"]
        for r in routings:
            cmd += ["--routing", r]
        one, _ = run(cmd)
        two, _ = run(cmd[:2] + ["2"] + cmd[3:])
        ok = ok and values(one) == values(two)
        print(f"| {name} | {trials} | {len(routings)} | {trials / one['seconds']:.0f} | {trials / two['seconds'] / 2:.0f} |")
    print("\n## Fault combinations (003): every pair of every combination, memo against none\n")
    print("| study | trials | memo 1 thread (s) | naive 1 thread (s) | ratio | memo, 2 threads: trials | s | trials/s |")
    print("|---|---|---|---|---|---|---|---|")
    for name, spec, count, few, many in COMBINATIONS:
        base = [a.menger, "--threads", "1", "montecarlo", spec, "--experiment", "combinations", "--faults", "nodes",
                "--routing", "ft-torus", "--counts", count, "--trials", str(few), "--json"]
        fast, _ = run(base)
        naive, _ = run(base + ["--naive"])
        ok = ok and values(fast) == values(naive)
        longer, _ = run(base[:2] + ["2"] + base[3:base.index("--trials") + 1] + [str(many), "--json"])
        print(f"| {name} | {few} | {fast['seconds']:.2f} | {naive['seconds']:.2f} | {naive['seconds'] / fast['seconds']:.1f}x"
              f" | {many} | {longer['seconds']:.1f} | {many / longer['seconds']:.2f} |")
    print("\n## Exact routing values: one source per orbit against every terminal\n")
    print("| study | symmetry 1 thread (s) | every source 1 thread (s) | ratio | exact values equal |")
    print("|---|---|---|---|---|")
    for name, spec, units, routing, count in EXACT:
        base = [a.menger, "--threads", "1", "montecarlo", spec, "--experiment", "routing", "--faults", units,
                "--routing", routing, "--counts", count, "--trials", "100", "--exact-limit", "100000000", "--json"]
        fast, tf = run(base)
        naive, tn = run(base + ["--naive"])
        exact = [[x.get("exact") for p in j["points"] for x in p["series"]] for j in (fast, naive)]
        same = all(a is not None and b is not None and abs(a - b) <= 1e-12 for a, b in zip(*exact))
        ok = ok and same
        print(f"| {name} | {tf:.2f} | {tn:.2f} | {tn / tf:.1f}x | {'yes' if same else 'NO'} |")
    print(f"\nLoad after: {loadavg()}.  Every row's numbers were identical across thread counts"
          f"{' and against the baseline' if ok else ''}: {'yes' if ok else 'NO'}.")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
