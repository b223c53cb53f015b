#!/usr/bin/python3
"""`mpirun -n R menger VERB` scaling (issue 20, "Beyond one machine").

Runs one question single-process (all cores, then one thread) and under
mpirun with R ranks of one thread each, R = 1, 2, 3 (oversubscribed beyond
the machine's cores).  Checks that every output equals the single-process
one (timings aside), and prints a markdown table of wall times and speedups
against R = 1.  The wall time includes mpirun's start-up (about 0.5 s).
The question is route-check's by default; `--verb deadlock` or `--verb prove`
times those verbs' shards instead (prove: its JSON report, `--no-timing`).

Usage: /usr/bin/python3 bench/mpi_scaling.py path/to/menger [--verb V] [R ...]
"""
import json
import os
import subprocess
import sys
import tempfile
import time

from bench_env import loadavg, machine, run_menger_json, source_revision

QUESTIONS = {
    "route-check": ["route-check", "torus(6,7)", "--routing", "shortest", "--faults", "nodes", "--k", "3",
                    "--no-symmetry", "--chunk-pairs", "64", "--json"],
    "deadlock": ["deadlock", "torus(4,4,4)", "--routing", "ft-torus(flow=bubble)", "--escape", "1,2", "--k", "2",
                 "--no-symmetry", "--json"],
    "prove": ["prove", "proofs/known", "proofs/003", "--no-timing", "--artifacts", ""],
}
MPIRUN = ["mpirun", "--oversubscribe"]


def untimed(j):
    """A copy without the fields that hold times."""
    if isinstance(j, dict):
        return {k: untimed(v) for k, v in j.items() if not k.endswith("seconds")}
    if isinstance(j, list):
        return [untimed(v) for v in j]
    return j


def run_prove(cmd):
    """`menger prove ... --json FILE`: (the report, wall seconds)."""
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "report.json")
        start = time.perf_counter()
        out = subprocess.run([*cmd, "--json", report], capture_output=True, text=True)
        wall = time.perf_counter() - start
        if out.returncode != 0:
            sys.exit(f"{' '.join(cmd)} failed ({out.returncode}): {out.stderr}")
        with open(report) as f:
            return json.load(f), wall


def main():
    menger = sys.argv[1]
    args = sys.argv[2:]
    verb = "route-check"
    if args[:1] == ["--verb"]:
        verb, args = args[1], args[2:]
    QUESTION = QUESTIONS[verb]
    run = run_prove if verb == "prove" else run_menger_json
    ranks = [int(r) for r in args] or [1, 2, 3]
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
        out, wall = run(cmd)
        reference = reference or out
        if name == "mpirun -n 1":
            base = wall
        speedup = f"{base / wall:.2f}" if base and name.startswith("mpirun") else "-"
        same = "yes" if untimed(out) == untimed(reference) else "NO"
        print(f"| {name} | {shape} | {wall:.1f} | {speedup} | {same} |")
    print(f"\nLoad average at the end: {loadavg()}")


if __name__ == "__main__":
    main()
