#!/usr/bin/python3
"""Deadlock proofs (issue 38): what writing and re-checking a proof costs against the search.

For each configuration, in the same run: `menger deadlock --json` without a proof (the search
over fault sets alone), then with `--proof FILE` (the search, each set's certificate and the
independent re-check), then `menger check-proof FILE` alone.  Reports the sets analysed, the
walls, the proof's bytes and bytes per set (gzip), and the ratios check / search and
(search with proof and re-check) / search.  A DEADLOCK row's proof covers the sizes below the
least failing one (its k is in the last column).

Usage: /usr/bin/python3 bench/deadlock_proof.py path/to/menger [scratch-dir]
"""
import json
import os
import subprocess
import sys
import tempfile
import time

CONFIGS = [
    # (model, routing, faults, k, extra flags)
    ("torus(4,4)", "fir(config=ft, br=vc)", "nodes", 2, ["--escape", "1,2"]),
    ("torus(5,5)", "ft-torus(flow=bubble)", "nodes", 3, ["--escape", "1,2"]),
    ("torus(8,8)", "ft-torus(flow=bubble)", "nodes", 1, ["--escape", "1,2"]),
    ("torus(4,4,4)", "ft-torus(flow=bubble)", "nodes", 2, ["--escape", "1,2"]),
    ("torus(4,4)", "ft-torus(flow=bubble)", "nodes", 3, ["--escape", "1,2"]),
    ("mikant(2,3)", "mikant-shortest", "switches", 2, []),
    ("mikant(3,3)", "mikant-shortest", "switch-links", 2, []),
]


def timed(cmd, ok=(0, 1)):
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if out.returncode not in ok:
        sys.exit(f"{' '.join(cmd)} exited {out.returncode}: {out.stdout}{out.stderr}")
    return out, wall


def main():
    menger = sys.argv[1]
    scratch = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="menger-bench-dproof-")
    print("| model | routing | faults | k | verdict | sets | search wall (s) | with proof and re-check (s) "
          "| check-proof wall (s) | check / search | (search + proof + check) / search | bytes (gzip) "
          "| bytes/set | proved k |")
    print("|---|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for model, routing, faults, k, extra in CONFIGS:
        args = [menger, "deadlock", model, "--routing", routing, "--faults", faults, "--k", str(k), *extra, "--json"]
        plain, plain_wall = timed(args)
        path = os.path.join(scratch, "proof.gz")
        proved, proved_wall = timed([*args, "--proof", path])
        document = json.loads(proved.stdout)
        if "proof" not in document:
            sys.exit(f"{model} {routing}: no proof written")
        _, check = timed([menger, "check-proof", path], ok=(0,))
        p = document["proof"]
        sets = document["fault_sets_analysed"]
        print(f"| {model} | {routing} | {faults} | {k} | {document['verdict']} | {sets} | {plain_wall:.2f} "
              f"| {proved_wall:.2f} | {check:.2f} | {check / plain_wall:.2f} | {proved_wall / plain_wall:.2f} "
              f"| {p['bytes']} | {p['bytes'] / max(p['sets'], 1):.0f} | {p['k']} |")


if __name__ == "__main__":
    main()
