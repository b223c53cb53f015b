#!/usr/bin/python3
"""Route-check proofs (issue 38): what writing and re-checking a proof costs against the search.

For each configuration, in the same run: `menger route-check --json` without a proof (the
search alone), then with `--proof FILE` (the search, the proof's second pass and the
independent re-check), then `menger check-proof FILE` alone.  Reports the search's runs and
wall, the proof's bytes and bytes per run (gzip), the check's wall and the ratios:
check / search (target <= 1) and (search + proof) / search.  A FAILS row's proof covers the
sizes below the least failing one (its k is in the last column).

Usage: /usr/bin/python3 bench/route_proof.py path/to/menger [scratch-dir [--symbolic-only]]
"""
import gzip
import json
import os
import subprocess
import sys
import tempfile
import time

from bench_env import route_check_json as run

Q3_1 = "hdn(base=hypercube(3), k=1, s=[4])"
Q3_2 = "hdn(base=hypercube(3), k=2, s=[4,2])"
THM4_BOUND = "1 + 2*(2^(k-1)*DB - sum(j, 0, k-2, 2^j*DSN[k-1-j]) - DSN[k]) + 2^(k+1) + 3"
CONFIGS = [
    # (model, routing, faults, k, extra flags)
    (Q3_1, "hdn-ft1", "nodes", 3, ["--path-bound", "11"]),
    (Q3_1, "hdn-ft1", "nodes", 4, []),
    ("torus(4,4)", "ft-torus", "nodes", 7, ["--excuse-disconnected"]),
    ("torus(3,3,3)", "ft-torus(combine=yes)", "nodes", 7, ["--excuse-disconnected"]),
    ("torus(4,4,3)", "ft-torus(combine=yes)", "nodes", 7, ["--excuse-disconnected"]),
    ("hypercube(5)", "shortest", "links", 4, []),
    # The symbolic search's proofs: 004's Theorem 4 at the paper's 1,024 nodes last.
    (Q3_1, "hdn-ft1", "nodes", 3, ["--path-bound", "11", "--symbolic"]),
    ("torus(4,4)", "ft-torus(combine=yes)", "nodes", 3, ["--excuse-disconnected", "--symbolic"]),
    (Q3_2, "hdn-ft1", "nodes", 4, ["--path-bound", THM4_BOUND, "--symbolic"]),
]
if len(sys.argv) > 3 and sys.argv[3] == "--symbolic-only":
    CONFIGS = [c for c in CONFIGS if "--symbolic" in c[4]]


def proof_k(path):
    with gzip.open(path, "rb") as f:  # binary: the records after the header line are not text
        return json.loads(f.readline().decode())["question"]["k"]


def check_wall(menger, path):
    start = time.perf_counter()
    out = subprocess.run([menger, "check-proof", path], capture_output=True, text=True)
    wall = time.perf_counter() - start
    if out.returncode != 0:
        sys.exit(f"check-proof {path} exited {out.returncode}: {out.stdout}{out.stderr}")
    return wall


def main():
    menger = sys.argv[1]
    scratch = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="menger-bench-proof-")
    print("| model | routing | faults | k | verdict | runs | search wall (s) | with proof and re-check (s) "
          "| check-proof wall (s) | check / search | (search + proof) / search | bytes (gzip) | bytes/run | proved k |")
    print("|---|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for model, routing, faults, k, extra in CONFIGS:
        args = [model, "--routing", routing, "--faults", faults, "--k", str(k), *extra]
        plain, plain_wall = run(menger, args)
        path = os.path.join(scratch, "proof.gz")
        proved, proved_wall = run(menger, [*args, "--proof", path])
        if "proof" not in proved:
            print(f"| `{model}` | {routing} | {faults} | {k} | {proved['verdict']} | - | {plain_wall:.2f} | - | - | - | - | - | - | - |")
            continue
        check = check_wall(menger, path)
        p = proved["proof"]
        runs = plain["search"]["runs"]
        print(f"| `{model}` | {routing} | {faults} | {k} | {plain['verdict']} | {runs} | {plain_wall:.2f} "
              f"| {proved_wall:.2f} | {check:.2f} | {check / max(plain_wall, 1e-9):.2f} "
              f"| {(proved_wall - check) / max(plain_wall, 1e-9):.2f} | {p['bytes']} | {p['bytes'] / max(runs, 1):.3f} "
              f"| {proof_k(path)} |",
              flush=True)


if __name__ == "__main__":
    main()
