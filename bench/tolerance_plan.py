#!/usr/bin/python3
"""Tolerance: the default plan (symmetry) against --no-symmetry on every family (issue 40).

For each network, in the same run and interleaved, `menger tolerance SPEC` with and without
--no-symmetry, REPEAT times each; reports the median walls, the ratio default / no-symmetry
(target <= 1.2), the plans both chose and that the answers agree.

Usage: /usr/bin/python3 bench/tolerance_plan.py path/to/menger [repeat]
"""
import statistics
import subprocess
import sys
import time

NETWORKS = [
    ("hypercube(10)", "nodes"), ("torus(8,8,8)", "nodes"), ("mesh(16,16)", "nodes"),
    ("kary_ntree(4,3)", "nodes"), ("kary_ntree(4,3)", "switch-links"),
    ("mikant(4,3)", "links"), ("mikant(4,3)", "switch-links"),
    ("min(stages=3, radix=4, wiring=deterministic)", "switches"),
    ("dragonfly(p=4, a=8, h=4)", "nodes"), ("dragonfly(p=0, a=8, h=4)", "nodes"),
    ("fattree(16)", "nodes"), ("fattree(16)", "switch-links"),
    ("slimfly(q=13)", "nodes"), ("slimfly(q=13, p=0)", "nodes"),
    ("hyperx(S=[8,8], K=1, T=4)", "nodes"), ("hyperx(S=[8,8], K=1, T=0)", "nodes"),
    ("hdn(base=hypercube(3), k=2, s=[4,2])", "nodes"),
    ("leafspine(16,8,2)", "switch-links"),
]


def run(menger, spec, faults, extra):
    start = time.perf_counter()
    out = subprocess.run([menger, "tolerance", spec, "--faults", faults, *extra], capture_output=True, text=True,
                         timeout=600)
    wall = time.perf_counter() - start
    lines = {l.split()[0]: l for l in out.stdout.splitlines() if l.split()}
    return wall, lines.get("tolerance", "?"), lines.get("engine", "?")


def main():
    menger = sys.argv[1]
    repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    print("| network | faults | default (s) | --no-symmetry (s) | ratio | default plan | same answer |")
    print("|---|---|---:|---:|---:|---|---|")
    for spec, faults in NETWORKS:
        walls = {"": [], "n": []}
        answers = {}
        for _ in range(repeat):
            for key, extra in (("", []), ("n", ["--no-symmetry"])):
                wall, answer, engine = run(menger, spec, faults, extra)
                walls[key].append(wall)
                answers[key] = (answer, engine)
        d, n = statistics.median(walls[""]), statistics.median(walls["n"])
        plan = answers[""][1].split(",")[1].strip() if "," in answers[""][1] else answers[""][1]
        print("| %s | %s | %.3f | %.3f | %.2f | %s | %s |" % (spec, faults, d, n, d / n, plan,
                                                          "yes" if answers[""][0] == answers["n"][0] else "NO"))


if __name__ == "__main__":
    main()
