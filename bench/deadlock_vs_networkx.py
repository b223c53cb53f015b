#!/usr/bin/python3
"""Channel dependency graphs: Menger against NetworkX cycle detection (issue 5).

For each configuration, in the same run: `menger deadlock --json --export-graph`
builds the dependency graph from the routing (every pair injected, every hop
followed) and checks it: `graph_seconds` covers building and checking the plain
graph, `check_seconds` the check alone (strongly connected components, then the
shortest cycle or the order), `seconds` the whole verdict (Duato's escape search
included).  NetworkX (Debian's python3-networkx) then reads the exported edge
list and runs `is_directed_acyclic_graph` and, on a cyclic graph, `find_cycle`:
the plain baseline, which is given the graph and only checks it.  The ratio
compares the checks (NetworkX over Menger); the build, which NetworkX does not
do, is reported beside it.  The two must agree on acyclicity and on the number
of dependencies.

Usage: /usr/bin/python3 bench/deadlock_vs_networkx.py path/to/menger [repeats] [--today]

--today runs the networks of issue 17 instead (dragonfly, HyperX, Slim Fly, fat
trees), each with the routing and VC scheme
the literature gives it; the goal there is a verdict under 5 s.
"""
import os
import sys
import tempfile
import time

import networkx as nx

from bench_env import loadavg, machine, run_menger_json, source_revision

CONFIGS = [
    # (model, routing, extra flags)
    ("torus(8,8,8)", "dor-dateline", []),
    ("torus(8,8,8)", "duato-torus", []),
    ("torus(8,8,8)", "duato-torus", ["--escape", "0,1"]),
    ("torus(8,8,8)", "dor", []),
    ("mesh(32,32)", "west-first", []),
    ("mesh(32,32)", "minimal-adaptive", []),
    ("hypercube(10)", "dor", []),
]

# Issue 17's machines.  Where Menger checks destinations up to translation
# (verify/deadlock/dependency_quotient.h: relative and circulant dragonflies, hypercubes)
# its dependency count is the quotient's, and only acyclicity is compared.
# Rows marked "menger only" have no exported graph: exporting needs the whole
# graph, which for the dragonfly p = h = 8, a = 16 (2,064 routers, 16,512
# terminals) passed 18 GB (bench/RESULTS.md).  Their verdicts come from the
# pass that keeps no configuration: up to translation, or destination by
# destination (the absolute dragonfly, fattree(32): 2^24 ordered pairs or more).
TODAY = [
    ("dragonfly(p=4, a=8, h=4)", "dragonfly-min", []),
    ("dragonfly(p=4, a=8, h=4)", "dragonfly-min(vcs=1)", []),
    ("dragonfly(p=4, a=8, h=4)", "dragonfly-valiant", []),
    ("dragonfly(p=4, a=8, h=4)", "dragonfly-ugal", []),
    ("slimfly(q=13)", "slimfly-min", []),
    ("hyperx(S=[8,8,8], K=1, T=4)", "hyperx-dor", []),
    ("dragonfly(p=4, a=8, h=4, arrangement=relative)", "dragonfly-min", []),
    ("dragonfly(p=8, a=16, h=8, arrangement=relative)", "dragonfly-min", ["menger only"]),
    ("dragonfly(p=8, a=16, h=8, arrangement=circulant)", "dragonfly-min", ["menger only"]),
    ("dragonfly(p=8, a=16, h=8)", "dragonfly-min", ["menger only"]),
    ("fattree(16)", "clos-dmodk", []),
    ("fattree(16)", "clos-ecmp", []),
    ("fattree(32)", "clos-dmodk", ["menger only"]),
    ("fattree(32)", "clos-ecmp", ["menger only"]),
]


def menger_run(menger, model, routing, extra, graph_file):
    flags = [f for f in extra if f != "menger only"]
    export = [] if "menger only" in extra else ["--export-graph", graph_file]
    cmd = [menger, "deadlock", model, "--routing", routing, *flags, "--json", *export]
    return run_menger_json(cmd)


def networkx_check(graph_file):
    start = time.perf_counter()
    g = nx.read_edgelist(graph_file, create_using=nx.DiGraph, nodetype=int, comments="#")
    loaded = time.perf_counter()
    acyclic = nx.is_directed_acyclic_graph(g)
    if not acyclic:
        nx.find_cycle(g)
    checked = time.perf_counter()
    return acyclic, loaded - start, checked - loaded, g.number_of_edges()


def main():
    args = [a for a in sys.argv[1:] if a != "--today"]
    configs = TODAY if "--today" in sys.argv else CONFIGS
    menger = args[0]
    repeats = int(args[1]) if len(args) > 1 else 3
    print(f"Machine: {machine()}; NetworkX {nx.__version__}{source_revision(menger)}; load average {loadavg()}\n")
    print("| model | routing | flags | verdict | dependencies | Menger build+check (s) | Menger check (s) "
          "| Menger verdict (s) | NetworkX load (s) | NetworkX check (s) | check ratio | agree |")
    print("|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory() as tmp:
        graph_file = os.path.join(tmp, "cdg.txt")
        for model, routing, extra in configs:
            runs = [menger_run(menger, model, routing, extra, graph_file) for _ in range(repeats)]
            j = min(runs, key=lambda r: r[0]["graph_seconds"])[0]
            if "menger only" in extra:
                how = "quotient" if j.get("destinations_explored", 0) > 0 else "one by one"
                print(f"| {model} | {routing} | {' '.join(extra)} | {j['verdict']} | {j['dependencies']} ({how}) | "
                      f"{j['graph_seconds']:.3f} | - | {min(r[0]['seconds'] for r in runs):.3f} | - | - | - | - |")
                continue
            checks = [networkx_check(graph_file) for _ in range(repeats)]
            acyclic, load, check, edges = min(checks, key=lambda c: c[2])
            mine = min(r[0]["check_seconds"] for r in runs)
            ratio = check / mine if mine > 0 else float("inf")
            quotient = j.get("destinations_explored", 0) > 0
            same_edges = quotient or edges == j["dependencies"]
            agree = ("yes" if acyclic == j["acyclic"] and same_edges else "NO") + (" (acyclicity; quotient)" if quotient else "")
            print(f"| {model} | {routing} | {' '.join(extra)} | {j['verdict']} | {edges} | "
                  f"{j['graph_seconds']:.3f} | {mine:.4f} | {min(r[0]['seconds'] for r in runs):.3f} | {load:.3f} | "
                  f"{check:.4f} | {ratio:.2f}x | {agree} |")
    print(f"\nLoad average at the end: {loadavg()}")


if __name__ == "__main__":
    main()
