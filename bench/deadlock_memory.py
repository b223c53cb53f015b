#!/usr/bin/python3
"""Deadlock: wall and peak memory of two menger builds on the same instances (issue 40).

For each instance, in the same run and interleaved, `menger deadlock SPEC --routing R [ARGS]`
with the build before a change and the build after it, REPEAT times each; reports the median
walls, the largest resident set (GNU time's %M), the ratios after / before, and whether the
verdict, the graph line and the cycle (or order) printed are the same bytes.

Usage: /usr/bin/python3 bench/deadlock_memory.py OLD_MENGER NEW_MENGER [repeat]
"""
import statistics
import subprocess
import sys

INSTANCES = [
    ("torus(8,8,8)", "duato-torus", []),
    ("torus(8,8,8)", "duato-torus", ["--escape", "0,1"]),
    ("torus(8,8,8)", "dor-dateline", []),
    ("torus(16,16)", "duato-bubble", []),
    ("mesh(32,32)", "west-first", []),
    ("mesh(32,32)", "minimal-adaptive", []),
    ("fattree(16)", "clos-ecmp", []),
    ("dragonfly(p=4, a=8, h=4)", "dragonfly-min", []),
]

# Lines whose bytes must not change (timings are cut from the graph line).
KEPT = ("verdict", "graph", "cycle", "escape", "deadlock", "rings")


def run(menger, spec, routing, extra):
    cmd = ["/usr/bin/time", "-f", "%e %M", menger, "--progress", "none", "deadlock", spec, "--routing", routing,
           *extra]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=1800)
    wall, kb = out.stderr.strip().splitlines()[-1].split()[-2:]
    kept = []
    for line in out.stdout.splitlines():
        if line.split() and line.split()[0] in KEPT:
            kept.append(line.rsplit(",", 1)[0] if line.startswith("graph") else line)
    return float(wall), int(kb) / 1024, "\n".join(kept)


def main():
    old, new = sys.argv[1], sys.argv[2]
    repeat = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    print("| instance | before (s) | after (s) | wall after / before | before (MB) | after (MB) | memory after / before "
          "| same output |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for spec, routing, extra in INSTANCES:
        walls = {old: [], new: []}
        mem = {old: 0.0, new: 0.0}
        text = {}
        for _ in range(repeat):
            for m in (old, new):
                w, mb, t = run(m, spec, routing, extra)
                walls[m].append(w)
                mem[m] = max(mem[m], mb)
                text[m] = t
        wo, wn = statistics.median(walls[old]), statistics.median(walls[new])
        name = f"{spec} {routing} {' '.join(extra)}".strip()
        print(f"| {name} | {wo:.2f} | {wn:.2f} | {wn / wo:.2f} | {mem[old]:.0f} | {mem[new]:.0f} | "
              f"{mem[new] / mem[old]:.2f} | {'yes' if text[old] == text[new] else 'NO'} |")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
