#!/usr/bin/python3
"""Benchmark: Menger's exact all-pairs distances versus NetworkX and igraph.

Usage:

    /usr/bin/python3 bench/distances_vs_networkx.py <path-to-menger> [--repeat N]
        [--networkx-max-nodes N] [--spec SPEC ...]

For each instance the script measures, in the same run,

* Menger: `menger info SPEC --json --no-symmetry` (exact diameter and average
  distance over all ordered terminal pairs, TBB-parallel), with the default
  thread count and with `--threads 1`, and, when the build has it, with
  `--per-source` (one BFS per source instead of the default bit-parallel
  method, 64 sources per sweep);
* NetworkX: one BFS per terminal (nx.single_source_shortest_path_length) with
  the same relay semantics, plus the reduction to distance sum and maximum;
* igraph (if importable): the same quantities with igraph's C BFS, either via
  g.distances() in blocks of sources reduced in Python, or (direct networks
  only) via the built-ins g.diameter() + g.average_path_length(); the faster
  igraph method is reported.

The faster of NetworkX and igraph is the reference peer; the ratio is
peer seconds / Menger seconds (> 1 means Menger is faster).

What each time includes:

* Menger wall: wall-clock time of the whole `menger info` process (network
  built from the spec, all counts and degrees, the all-pairs BFS, JSON output)
  minus the median wall time of the same command on the trivial network
  hypercube(1), which stands for process start (exec, dynamic loading, TBB
  start-up).  Network construction is *included* for Menger.
* Menger in-process: the time `menger info` itself reports in text mode
  (from before the network is built to after all facts are computed; no process
  start, no output).
* Peers: the distance computation only, on a graph already in memory; the
  export, JSON parsing and graph construction are *excluded*.

Times are the best (minimum) of several runs, the usual estimator for a
quantity that noise can only increase: Menger max(10, --repeat) runs per
measurement (and 21 for the process-start baseline), peers --repeat runs
(default 5; a peer whose run exceeds 10 s is run only once).  The load average
is printed before and after: on a busy machine the numbers mean little.  Every peer result (diameter, distance sum, number of
ordered pairs) is checked against Menger's exact answer; a disagreement makes
the script exit with status 1.

Only the standard library, networkx and (optionally) igraph are used: run it
with Debian's /usr/bin/python3.
"""

import argparse
import datetime
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
import time

import networkx as nx

from bench_env import loadavg, machine, source_revision

try:
    import igraph as ig
except ImportError:
    ig = None

DEFAULT_SPECS = [
    "hypercube(10)",
    "torus(8,8,8)",
    "mikant(4,4)",
    "hdn(base=hypercube(3), k=2, s=[4,2])",
    "hdn(base=torus(3,2,5), k=2, s=[15,5])",
    "min(stages=4, radix=4, wiring=deterministic)",
    "torus(16,16,16)",
]

# Below this Menger time a ratio is within process-start and scheduler noise.
NOISE_SECONDS = 0.002

STARTUP_SPEC = "hypercube(1)"
SLOW_RUN_SECONDS = 10.0
FORWARDS = {"switch": True, "router": True, "endpoint": False}
TERMINAL = {"switch": False, "router": True, "endpoint": True}


# --------------------------------------------------------------------------- menger

def run(cmd):
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        sys.exit("command failed (exit %d): %s\n%s%s" % (proc.returncode, " ".join(cmd),
                                                        proc.stdout, proc.stderr))
    return wall, proc.stdout


def menger_cmd(menger, spec, threads, json_out=True, extra=()):
    cmd = [menger]
    if threads:
        cmd += ["--threads", str(threads)]
    cmd += ["info", spec, "--no-symmetry"] + list(extra)
    if json_out:
        cmd.append("--json")
    return cmd


def menger_wall(menger, spec, threads, repeat, extra=()):
    walls = []
    out = None
    for _ in range(repeat):
        wall, out = run(menger_cmd(menger, spec, threads, extra=extra))
        walls.append(wall)
    return min(walls), json.loads(out)


def menger_in_process(menger, spec, threads, repeat):
    secs = []
    for _ in range(repeat):
        _, out = run(menger_cmd(menger, spec, threads, json_out=False))
        m = re.search(r"exact: .*?, (\d+) threads, ([0-9.eE+-]+) s", out)
        if not m:
            sys.exit("cannot read the timing line of `menger info` text output:\n" + out)
        secs.append(float(m.group(2)))
    return min(secs), int(m.group(1))


# --------------------------------------------------------------------------- peers

class Instance:
    """The exported network, prepared for the peers (construction is not timed)."""

    def __init__(self, path):
        with open(path) as f:
            data = json.load(f)
        self.spec = data["spec"]
        nodes, links = data["nodes"], data["links"]
        self.n = len(nodes)
        self.nlinks = len(links)
        kind = [nd["kind"] for nd in nodes]
        directed = any(l["directed"] for l in links)
        if directed and not all(l["directed"] for l in links):
            sys.exit("%s: mixed directed/undirected links are not supported" % path)
        self.terminals = [v for v in range(self.n) if TERMINAL[kind[v]]]
        # Direct network: every node is a terminal that relays, so the plain
        # graph already has Menger's semantics.
        self.direct = not directed and all(kind[v] == "router" for v in range(self.n))
        arcs = [(l["a"], l["b"]) for l in links]
        if self.direct:
            self.vertices = self.n
            self.edges = [(a, b) for a, b in arcs if a != b]
            self.src = self.dst = list(range(self.n))
            self.directed = False
        else:
            # Split every endpoint into a source copy (out-arcs) and a sink copy
            # (in-arcs) so that no path relays through it.
            ids = {}
            for v in range(self.n):
                if kind[v] == "endpoint":
                    ids[("out", v)] = len(ids)
                    ids[("in", v)] = len(ids)
                else:
                    ids[v] = len(ids)

            def s(v):
                return ids[("out", v)] if kind[v] == "endpoint" else ids[v]

            def t(v):
                return ids[("in", v)] if kind[v] == "endpoint" else ids[v]

            if not directed:
                arcs = arcs + [(b, a) for a, b in arcs]
            self.vertices = len(ids)
            self.edges = sorted({(s(a), t(b)) for a, b in arcs if a != b})
            self.src = [s(v) for v in self.terminals]
            self.dst = [t(v) for v in self.terminals]
            self.directed = True

    def networkx_graph(self):
        G = nx.DiGraph() if self.directed else nx.Graph()
        G.add_nodes_from(range(self.vertices))
        G.add_edges_from(self.edges)
        return G

    def igraph_graph(self):
        return ig.Graph(n=self.vertices, edges=self.edges, directed=self.directed)


def networkx_distances(inst, G):
    """(diameter or None, distance sum, ordered pairs, unreachable pairs)."""
    total = diameter = pairs = unreachable = 0
    nterm = len(inst.terminals)
    if inst.direct:
        for s in inst.src:
            r = nx.single_source_shortest_path_length(G, s)
            total += sum(r.values())
            diameter = max(diameter, max(r.values()))
            unreachable += nterm - len(r)
            pairs += nterm - 1
    else:
        for i, s in enumerate(inst.src):
            r = nx.single_source_shortest_path_length(G, s)
            for j, t in enumerate(inst.dst):
                if i == j:
                    continue
                pairs += 1
                d = r.get(t)
                if d is None:
                    unreachable += 1
                else:
                    total += d
                    if d > diameter:
                        diameter = d
    return (None if unreachable else diameter), total, pairs, unreachable


def igraph_matrix(inst, g, block=256):
    total = diameter = pairs = unreachable = 0
    inf = float("inf")
    mode = "out" if inst.directed else "all"
    for lo in range(0, len(inst.src), block):
        rows = g.distances(source=inst.src[lo:lo + block], target=inst.dst, mode=mode)
        for k, row in enumerate(rows):
            row[lo + k] = 0  # the (t, t) pair is not an ordered pair of distinct terminals
        pairs += len(rows) * (len(inst.dst) - 1)
        m = max(map(max, rows))
        if m == inf:
            for row in rows:
                unreachable += sum(1 for d in row if d == inf)
                total += sum(d for d in row if d != inf)
                diameter = max([diameter] + [d for d in row if d != inf])
        else:
            total += sum(map(sum, rows))
            diameter = max(diameter, m)
    return (None if unreachable else int(diameter)), int(total), pairs, unreachable


def igraph_builtins(inst, g):
    """Direct, connected networks only: igraph's own diameter and average path length."""
    n = inst.n
    diameter = g.diameter(directed=False, unconn=False)
    apl = g.average_path_length(directed=False, unconn=False)
    pairs = n * (n - 1)
    return int(diameter), int(round(apl * pairs)), pairs, 0


def timed(fn, repeat):
    times = []
    result = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
        if times[-1] > SLOW_RUN_SECONDS:
            break
    return min(times), result, len(times)


# --------------------------------------------------------------------------- main

def ratio(peer, mine):
    return "%.1f%s" % (peer / mine, "*" if mine < NOISE_SECONDS else "")


def fmt_s(x):
    if x is None:
        return "-"
    return "%.4f" % x if x < 10 else "%.2f" % x


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("menger", help="path to the menger executable")
    ap.add_argument("--repeat", type=int, default=5, help="runs per measurement (best of)")
    ap.add_argument("--networkx-max-nodes", type=int, default=0,
                    help="skip NetworkX above this many nodes (0: never skip)")
    ap.add_argument("--spec", action="append", help="instance (repeatable); default: the built-in list")
    args = ap.parse_args(argv[1:])
    specs = args.spec or DEFAULT_SPECS
    menger = args.menger

    _, version = run([menger, "info", STARTUP_SPEC, "--json"])
    mv = json.loads(version).get("menger", {})
    per_source = "--per-source" in run([menger, "info", "--help"])[1]
    print("# Menger distances vs peers")
    print()
    print("- date: %s" % datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"))
    print("- machine: %s" % machine())
    print("- menger %s (%s)%s; networkx %s; igraph %s; python %s"
          % (mv.get("version"), mv.get("build"), source_revision(menger), nx.__version__,
             ig.__version__ if ig else "not available", platform.python_version()))
    print("- timing: best of %d runs per Menger measurement, best of %d runs per peer (1 run when "
          "a run exceeds %.0f s)" % (max(10, args.repeat), args.repeat, SLOW_RUN_SECONDS))
    print("- load average at start: %s" % loadavg())

    startup = {}
    for threads in (None, 1):
        walls = [run(menger_cmd(menger, STARTUP_SPEC, threads))[0] for _ in range(21)]
        startup[threads] = min(walls)
    print("- menger process start (best wall of `menger info %s --json --no-symmetry`): "
          "%.4f s default threads, %.4f s --threads 1; subtracted from Menger wall times"
          % (STARTUP_SPEC, startup[None], startup[1]))
    print()
    sys.stdout.flush()

    rows = []
    disagreements = []
    with tempfile.TemporaryDirectory(prefix="menger-bench-") as tmp:
        for i, spec in enumerate(specs):
            path = os.path.join(tmp, "%02d.json" % i)
            run([menger, "export", spec, "--format", "json", "-o", path])
            inst = Instance(path)

            mrep = max(10, args.repeat)
            wall2, info = menger_wall(menger, spec, None, mrep)
            wall1, _ = menger_wall(menger, spec, 1, mrep)
            inproc, nthreads = menger_in_process(menger, spec, None, mrep)
            mps = None
            if per_source:
                wallps, info_ps = menger_wall(menger, spec, None, mrep, extra=["--per-source"])
                mps = max(wallps - startup[None], 1e-6)
                if info_ps["distances"] != info["distances"]:
                    disagreements.append("%s: menger --per-source distances %s, default %s"
                                         % (spec, info_ps["distances"], info["distances"]))
            m2 = max(wall2 - startup[None], 1e-6)
            m1 = max(wall1 - startup[1], 1e-6)
            dist = info["distances"]
            dia = info["diameter"].get("exact")
            menger_result = (int(dia) if dia is not None else None, dist["distance_sum"],
                             dist["ordered_pairs"], dist["unreachable_pairs"])

            peers = {}
            if not args.networkx_max_nodes or inst.n <= args.networkx_max_nodes:
                G = inst.networkx_graph()
                t, res, runs = timed(lambda: networkx_distances(inst, G), args.repeat)
                peers["networkx"] = (t, res, "BFS per terminal")
                del G
            if ig is not None:
                g = inst.igraph_graph()
                t, res, runs = timed(lambda: igraph_matrix(inst, g), args.repeat)
                peers["igraph"] = (t, res, "distances() blocks")
                if inst.direct and g.is_connected():
                    tb, resb, runs = timed(lambda: igraph_builtins(inst, g), args.repeat)
                    if resb != res:
                        disagreements.append("%s: igraph built-ins %s vs igraph distances() %s"
                                             % (spec, resb, res))
                    if tb < t:
                        peers["igraph"] = (tb, resb, "diameter()+average_path_length()")
            for name, (t, res, how) in peers.items():
                if res != menger_result:
                    disagreements.append("%s: %s (diameter, distance_sum, pairs, unreachable) = %s, "
                                         "menger %s" % (spec, name, res, menger_result))
            ref = min(peers, key=lambda k: peers[k][0])
            rows.append({
                "spec": spec, "nodes": inst.n, "terminals": len(inst.terminals), "links": inst.nlinks,
                "m2": m2, "m1": m1, "mps": mps, "inproc": inproc, "threads": nthreads,
                "nx": peers.get("networkx", (None,))[0], "ig": peers.get("igraph", (None,))[0],
                "ig_how": peers.get("igraph", (None, None, ""))[2],
                "ref": ref, "peer": peers[ref][0],
                "agree": all(peers[k][1] == menger_result for k in peers),
                "diameter": menger_result[0], "avg": info["avg_distance"].get("exact"),
            })
            r = rows[-1]
            sys.stderr.write("%-48s menger %.4f s (1 thread %.4f s)  %s %.4f s  ratio %.1f\n"
                             % (spec, m2, m1, ref, r["peer"], r["peer"] / m2))

    print("- load average at end: %s" % loadavg())
    print()
    ps_head = "| menger wall, --per-source (s) " if per_source else ""
    print("| instance | nodes | terminals | links | diameter | avg distance "
          "| menger wall, %d threads (s) | menger wall, 1 thread (s) %s| menger in-process, %d threads (s) "
          "| networkx (s) | igraph (s) | peer | peer / menger wall | peer / menger wall 1 thread "
          "| peer / menger in-process | results agree |"
          % (rows[0]["threads"], ps_head, rows[0]["threads"]))
    print("|---|---:|---:|---:|---:|---:|---:|---:|%s---:|---:|---:|---|---:|---:|---:|---|"
          % ("---:|" if per_source else ""))
    for r in rows:
        ps_cell = "%s | " % fmt_s(r["mps"]) if per_source else ""
        print("| `%s` | %d | %d | %d | %s | %s | %s | %s | %s%s | %s | %s | %s | %s | %s | %s | %s |"
              % (r["spec"], r["nodes"], r["terminals"], r["links"], r["diameter"], r["avg"],
                 fmt_s(r["m2"]), fmt_s(r["m1"]), ps_cell, fmt_s(r["inproc"]), fmt_s(r["nx"]),
                 fmt_s(r["ig"]), r["ref"], ratio(r["peer"], r["m2"]), ratio(r["peer"], r["m1"]),
                 ratio(r["peer"], r["inproc"]), "yes" if r["agree"] else "NO"))
    print()
    print("`*`: the Menger time is under %.0f ms, within process-start and scheduler noise; "
          "that ratio is not meaningful." % (NOISE_SECONDS * 1000))
    print()
    print("igraph method used per instance: " + "; ".join(
        "`%s`: %s" % (r["spec"], r["ig_how"]) for r in rows if r["ig_how"]))
    print()
    print("Times: Menger wall = whole `menger info SPEC --json --no-symmetry` process minus the "
          "process-start baseline (includes building the network from the spec, all counts and "
          "the output); Menger in-process = the time `menger info` reports itself (network "
          "construction + all facts, no process start or output). Peers = distance computation "
          "and its reduction to diameter and distance sum on a graph already in memory "
          "(export, JSON parsing and graph construction excluded). Peers are single-threaded. "
          "peer = the faster of networkx and igraph; ratio > 1 means Menger is faster.")
    if disagreements:
        print()
        print("DISAGREEMENTS:")
        for d in disagreements:
            print("- " + d)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
