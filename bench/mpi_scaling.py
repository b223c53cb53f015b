#!/usr/bin/python3
"""`mpirun -n R menger route-check` scaling (issue 20, "Beyond one machine").

Runs one route-check single-process (all cores, then one thread) and under
mpirun with R ranks of one thread each, R = 1, 2, 3 (oversubscribed beyond
the machine's cores).  Checks that every output equals the single-process
one ("seconds" aside), and prints a markdown table of wall times and speedups
against R = 1.  The wall time includes mpirun's start-up (about 0.5 s).

Usage: /usr/bin/python3 bench/mpi_scaling.py path/to/menger [R ...]
"""
import json
import os
import sys

from bench_env import loadavg, machine, run_menger_json, source_revision

QUESTION = ["route-check", "torus(6,7)", "--routing", "shortest", "--faults", "nodes", "--k", "3",
            "--no-symmetry", "--chunk-pairs", "64", "--json"]
MPIRUN = ["mpirun", "--oversubscribe"]


def untimed(j):
    j = json.loads(json.dumps(j))
    j["search"].pop("seconds", None)
    return j


def main():
    menger = sys.argv[1]
    ranks = [int(r) for r in sys.argv[2:]] or [1, 2, 3]
    os.environ.setdefault("OMPI_ALLOW_RUN_AS_ROOT", "1")
    os.environ.setdefault("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
    print(f"- **Machine:** {machine()}{source_revision(menger)}; load average {loadavg()} at the start")
    print(f"- **Question:** `menger {' '.join(QUESTION)}`\n")
    print("| run | processes x threads | wall (s) | speedup vs mpirun -n 1 | same output |")
    print("|---|---|---:|---:|---|")
    reference = None
    rows = [("plain", "1 x all cores", [menger, *QUESTION]),
            ("plain --threads 1", "1 x 1", [menger, "--threads", "1", *QUESTION])]
    rows += [(f"mpirun -n {r}", f"{r} x 1", [*MPIRUN, "-n", str(r), menger, "--threads", "1", *QUESTION])
             for r in ranks]
    base = None
    for name, shape, cmd in rows:
        print(f"running {name}", file=sys.stderr)
        out, wall = run_menger_json(cmd)
        reference = reference or out
        if name == "mpirun -n 1":
            base = wall
        speedup = f"{base / wall:.2f}" if base and name.startswith("mpirun") else "-"
        same = "yes" if untimed(out) == untimed(reference) else "NO"
        print(f"| {name} | {shape} | {wall:.1f} | {speedup} | {same} |")
    print(f"\nLoad average at the end: {loadavg()}")


if __name__ == "__main__":
    main()
