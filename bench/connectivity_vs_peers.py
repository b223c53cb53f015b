#!/usr/bin/python3
"""Benchmark: Menger's exact vertex connectivity versus igraph and NetworkX.

Usage:

    /usr/bin/python3 bench/connectivity_vs_peers.py <path-to-menger>
        [--peer-timeout SECONDS] [--repeat N] [--spec SPEC ...]

For each instance the script measures, in the same run, the least number of
node faults that disconnect a required pair (the vertex connectivity kappa),
computed by

* Menger: `menger tolerance SPEC --faults nodes --json` on direct networks
  (every node is a router and may fail; required pairs: all pairs of distinct
  nodes) and `menger tolerance SPEC --faults switches --pairs io --json` on
  multistage networks (directed links; only switches fail and relay; required
  pairs: every ordered pair (s, t) of endpoints, s = t included, meaning an
  endpoint reaching itself through the network).  Menger solves with a
  node-split unit max-flow and a pair plan (Esfahanian-Hakimi pairs, twin
  classes), then re-validates its certificate with an independent checker
  in the same process.
* igraph and NetworkX, on the graph written by
  `menger export SPEC --format json`:
  - direct networks: igraph `Graph.vertex_connectivity()` (checks=True, its
    built-in all-pairs method); igraph on the Esfahanian-Hakimi pair plan
    (the plan NetworkX's node_connectivity uses: a vertex v of least degree
    against every non-neighbour, then every non-adjacent pair of neighbours
    of v), either with igraph's own st vertex connectivity per pair or with
    maxflow_value() on a node-split digraph built once; NetworkX
    `node_connectivity(G)`.
  - multistage networks: every endpoint e is split into a source copy e_src
    (e's out-links) and a sink copy e_dst (e's in-links), so no path relays
    through an endpoint; the answer is the minimum over all ordered endpoint
    pairs (s, t) of the s_src -> t_dst vertex connectivity (all |E|^2 pairs:
    the peers have no pair reduction).  igraph: `vertex_connectivity(source,
    target, checks=False)` per pair, or maxflow_value() on a node-split
    digraph built once; NetworkX: `local_node_connectivity` with one
    auxiliary digraph and one residual network reused for every pair, and
    cutoff = the least value found so far (as node_connectivity does).
  The faster igraph method is the igraph figure; the faster of igraph and
  NetworkX is the reference peer.

What each time covers:

* Menger wall: wall-clock time of the whole `menger tolerance` process
  (building the network from the spec, solving, re-validating the
  certificate with the independent checker, JSON output), minus the best
  wall time of `menger tolerance hypercube(1) --json` (process start).
  Best of max(10, --repeat) runs, default thread count, and also --threads 1.
* Menger solve: the in-process "seconds" that `menger tolerance --json`
  reports (solve_tolerance only: no network construction, no certificate
  check, no output).  Best of the same runs.
* Peers: the computation only, on a graph already in memory; export, JSON
  parsing and graph construction (including the node-split digraph of the
  maxflow variants and NetworkX's graph) are excluded.  Each peer run goes
  in a forked child process; its clock starts after the graph is built, and
  the child is killed after --peer-timeout seconds (reported "> cap"; a ratio
  against it is then a lower bound, ">= x").  Best of --repeat runs (default
  3), one run when a run takes more than 10 s.

Menger is also run once with --certificate FILE: the certificate size is
reported and `menger check-cert FILE` must exit 0 and print VALID.  The
breaking set and separated pair that Menger reports are re-checked here in
plain Python (the set has kappa members and removing it disconnects the
pair).  Every peer value must equal Menger's kappa; a disagreement, an invalid
certificate or a witness that does not separate makes the script exit 1.

Only the standard library, networkx and igraph: run it with Debian's
/usr/bin/python3.
"""

import argparse
import datetime
import json
import multiprocessing
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections import deque

import networkx as nx

from bench_env import loadavg, machine, source_revision
from networkx.algorithms.connectivity import (build_auxiliary_node_connectivity,
                                              local_node_connectivity)
from networkx.algorithms.flow import build_residual_network

try:
    import igraph as ig
except ImportError:
    ig = None

DEFAULT_SPECS = [
    "hypercube(10)",
    "torus(8,8,8)",
    "hdn(base=torus(3,2,5), k=2, s=[15,5])",
    "min(stages=4, radix=4, wiring=deterministic)",
    "min(stages=4, radix=4, wiring=random)",
    "min(stages=4, radix=4, wiring=replicated)",
    "min(stages=4, radix=4, wiring=non_interwired)",
]

STARTUP_SPEC = "hypercube(1)"
SLOW_RUN_SECONDS = 10.0
# Below this Menger time a ratio is within process-start and scheduler noise.
NOISE_SECONDS = 0.002
TARGET_RATIO = 10.0


# --------------------------------------------------------------------------- menger

def run(cmd, check=True):
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - t0
    if check and proc.returncode != 0:
        sys.exit("command failed (exit %d): %s\n%s%s" % (proc.returncode, " ".join(cmd),
                                                        proc.stdout, proc.stderr))
    return wall, proc


def tolerance_cmd(menger, spec, mode, threads=None, certificate=None, extra=()):
    cmd = [menger]
    if threads:
        cmd += ["--threads", str(threads)]
    cmd += ["tolerance", spec]
    if mode == "direct":
        cmd += ["--faults", "nodes"]
    elif mode == "io":
        cmd += ["--faults", "switches", "--pairs", "io"]
    cmd.append("--json")
    cmd += list(extra)
    if certificate:
        cmd += ["--certificate", certificate]
    return cmd


def menger_runs(menger, spec, mode, threads, repeat, problems, extra=()):
    """Best wall time, best in-process solve time and the (identical) JSON answers."""
    walls, solves, answer = [], [], None
    for _ in range(repeat):
        wall, proc = run(tolerance_cmd(menger, spec, mode, threads, extra=extra))
        out = json.loads(proc.stdout)
        walls.append(wall)
        solves.append(float(out["seconds"]))
        if not out.get("complete"):
            problems.append("%s: menger tolerance reported an incomplete search" % spec)
        if not out.get("certificate", {}).get("valid"):
            problems.append("%s: menger's in-run certificate check failed: %s"
                            % (spec, out.get("certificate")))
        if answer is None:
            answer = out
        elif out["min_breaking_weight"] != answer["min_breaking_weight"]:
            problems.append("%s: menger runs disagree: %s vs %s"
                            % (spec, out["min_breaking_weight"], answer["min_breaking_weight"]))
    return min(walls), min(solves), answer


# --------------------------------------------------------------------------- instances

class Instance:
    """The exported network, prepared for the peers (none of this is timed)."""

    def __init__(self, path):
        with open(path) as f:
            data = json.load(f)
        nodes, links = data["nodes"], data["links"]
        self.spec = data["spec"]
        self.n = len(nodes)
        self.nlinks = len(links)
        self.kind = [nd["kind"] for nd in nodes]
        self.label = [nd["label"] for nd in nodes]
        if [nd["id"] for nd in nodes] != list(range(self.n)):
            sys.exit("%s: node ids are not 0..n-1 in order" % path)
        directed = [l["directed"] for l in links]
        if all(k == "router" for k in self.kind) and not any(directed):
            self.mode = "direct"
        elif all(directed) and set(self.kind) <= {"endpoint", "switch"} and "endpoint" in self.kind:
            self.mode = "io"
        else:
            sys.exit("%s: only direct networks (routers, undirected links) and multistage networks "
                     "(endpoints and switches, directed links) are supported" % self.spec)
        # Original arcs (both directions for undirected links), for witness checks.
        self.succ = [set() for _ in range(self.n)]
        for l in links:
            a, b = l["a"], l["b"]
            if a == b:
                continue
            self.succ[a].add(b)
            if not l["directed"]:
                self.succ[b].add(a)
        if self.mode == "direct":
            self.vertices = self.n
            self.edges = sorted({(min(a, b), max(a, b)) for a in range(self.n) for b in self.succ[a]})
            self.endpoints = []
        else:
            # Endpoint e -> source copy e_src (its out-arcs) and sink copy e_dst
            # (its in-arcs); switches keep one vertex.
            ids = {}
            for v in range(self.n):
                if self.kind[v] == "endpoint":
                    ids[("src", v)] = len(ids)
                    ids[("dst", v)] = len(ids)
                else:
                    ids[v] = len(ids)
            self.vertices = len(ids)
            tail = [ids[("src", v)] if self.kind[v] == "endpoint" else ids[v] for v in range(self.n)]
            head = [ids[("dst", v)] if self.kind[v] == "endpoint" else ids[v] for v in range(self.n)]
            self.edges = sorted({(tail[a], head[b]) for a in range(self.n) for b in self.succ[a]})
            self.endpoints = [v for v in range(self.n) if self.kind[v] == "endpoint"]
            self.src = [tail[v] for v in self.endpoints]
            self.dst = [head[v] for v in self.endpoints]

    def peer_methods(self):
        """(name, short description) of every peer method for this instance."""
        if self.mode == "direct":
            m = []
            if ig is not None:
                m += [("igraph vertex_connectivity()", "built-in, checks=True"),
                      ("igraph EH pairs, st", "vertex_connectivity(source, target) per pair"),
                      ("igraph EH pairs, maxflow", "maxflow_value() on a split digraph built once")]
            m += [("networkx node_connectivity()", "built-in (EH pairs, aux + residual reused, cutoff)")]
            return m
        m = []
        if ig is not None:
            m += [("igraph all pairs, st", "vertex_connectivity(source, target, checks=False) per pair"),
                  ("igraph all pairs, maxflow", "maxflow_value() on a split digraph built once")]
        m += [("networkx all pairs", "local_node_connectivity, aux + residual reused, cutoff")]
        return m


# --------------------------------------------------------------------------- peers
# Every method returns (kappa or None when no required pair can be separated,
# number of max-flow / st-connectivity computations).

def eh_pairs(n, adj):
    """Esfahanian-Hakimi pair plan (as in networkx.node_connectivity)."""
    v = min(range(n), key=lambda x: len(adj[x]))
    pairs = [(v, w) for w in range(n) if w != v and w not in adj[v]]
    nb = sorted(adj[v])
    for i, x in enumerate(nb):
        for y in nb[i + 1:]:
            if y not in adj[x]:
                pairs.append((x, y))
    return pairs


def split_digraph(vertices, arcs):
    """Node-split digraph for unit vertex capacities: v -> (2v in, 2v+1 out)."""
    edges = [(2 * v, 2 * v + 1) for v in range(vertices)]
    cap = [1] * vertices
    for a, b in arcs:
        edges.append((2 * a + 1, 2 * b))
        cap.append(vertices)
    return ig.Graph(n=2 * vertices, edges=edges, directed=True), cap


def prepare(inst, method):
    """Build the in-memory graph for a method; returns the timed computation."""
    if inst.mode == "direct":
        n, edges = inst.vertices, inst.edges
        adj = [set() for _ in range(n)]
        for a, b in edges:
            adj[a].add(b)
            adj[b].add(a)
        if method == "igraph vertex_connectivity()":
            g = ig.Graph(n=n, edges=edges)
            return lambda: (g.vertex_connectivity(), None)
        if method == "igraph EH pairs, st":
            g = ig.Graph(n=n, edges=edges)

            def compute():
                pairs = eh_pairs(n, adj)
                k = None
                for x, y in pairs:
                    c = g.vertex_connectivity(source=x, target=y, checks=False, neighbors="error")
                    k = c if k is None else min(k, c)
                    if k == 0:
                        break
                return k, len(pairs)
            return compute
        if method == "igraph EH pairs, maxflow":
            g, cap = split_digraph(n, edges + [(b, a) for a, b in edges])

            def compute():
                pairs = eh_pairs(n, adj)
                k = None
                for x, y in pairs:
                    c = int(g.maxflow_value(2 * x + 1, 2 * y, capacity=cap))
                    k = c if k is None else min(k, c)
                    if k == 0:
                        break
                return k, len(pairs)
            return compute
        if method == "networkx node_connectivity()":
            G = nx.Graph()
            G.add_nodes_from(range(n))
            G.add_edges_from(edges)
            return lambda: (nx.node_connectivity(G), None)
        raise ValueError(method)

    n, edges, src, dst = inst.vertices, inst.edges, inst.src, inst.dst
    succ = [set() for _ in range(n)]
    for a, b in edges:
        succ[a].add(b)
    if method == "igraph all pairs, st":
        g = ig.Graph(n=n, edges=edges, directed=True)

        def compute():
            k, calls = None, 0
            for s in src:
                for t in dst:
                    if t in succ[s]:
                        continue  # adjacent: no vertex cut separates them
                    c = g.vertex_connectivity(source=s, target=t, checks=False, neighbors="error")
                    calls += 1
                    k = c if k is None else min(k, c)
                    if k == 0:
                        return k, calls
            return k, calls
        return compute
    if method == "igraph all pairs, maxflow":
        g, cap = split_digraph(n, edges)

        def compute():
            k, calls = None, 0
            for s in src:
                for t in dst:
                    if t in succ[s]:
                        continue
                    c = int(g.maxflow_value(2 * s + 1, 2 * t, capacity=cap))
                    calls += 1
                    k = c if k is None else min(k, c)
                    if k == 0:
                        return k, calls
            return k, calls
        return compute
    if method == "networkx all pairs":
        G = nx.DiGraph()
        G.add_nodes_from(range(n))
        G.add_edges_from(edges)

        def compute():
            H = build_auxiliary_node_connectivity(G)
            R = build_residual_network(H, "capacity")
            k, calls = None, 0
            for s in src:
                for t in dst:
                    if t in succ[s]:
                        continue
                    c = local_node_connectivity(G, s, t, auxiliary=H, residual=R, cutoff=k)
                    calls += 1
                    k = c if k is None else min(k, c)
                    if k == 0:
                        return k, calls
            return k, calls
        return compute
    raise ValueError(method)


def peer_child(inst, method, conn):
    compute = prepare(inst, method)
    conn.send("ready")
    t0 = time.perf_counter()
    value, calls = compute()
    secs = time.perf_counter() - t0
    conn.send((value, calls, secs))
    conn.close()


def peer_run(inst, method, cap):
    """One run in a forked child: (value, calls, seconds) or None when capped."""
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=peer_child, args=(inst, method, child), daemon=True)
    proc.start()
    child.close()
    try:
        if not parent.poll(max(600.0, cap)) or parent.recv() != "ready":
            raise RuntimeError("%s: %s did not build its graph" % (inst.spec, method))
        if parent.poll(cap):
            return parent.recv()
        proc.kill()
        return None
    except EOFError:
        raise RuntimeError("%s: %s child died (exit code %s)" % (inst.spec, method, proc.exitcode))
    finally:
        proc.join()
        parent.close()


def peer_best(inst, method, cap, repeat):
    """(best seconds or None if capped, value, calls, runs)."""
    best = None
    for runs in range(1, repeat + 1):
        r = peer_run(inst, method, cap)
        if r is None:
            return None, None, None, runs
        value, calls, secs = r
        if best is None or secs < best[0]:
            best = (secs, value, calls)
        elif value != best[1]:
            raise RuntimeError("%s: %s gave %s then %s" % (inst.spec, method, best[1], value))
        if secs > SLOW_RUN_SECONDS:
            break
    return best[0], best[1], best[2], runs


# --------------------------------------------------------------------------- witness

def check_witness(inst, answer):
    """Re-check Menger's breaking set and separated pair on the exported graph."""
    k = answer.get("min_breaking_weight")
    if k is None:
        return "no witness (no separable pair)"
    index = {lab: v for v, lab in enumerate(inst.label)}
    try:
        failed = {index[lab] for lab in answer["breaking_set"]}
        s, t = (index[lab] for lab in answer["separates"])
    except KeyError as e:
        return "unknown label %s" % e
    if len(failed) != k or len(answer["breaking_set"]) != k:
        return "breaking set has %d members, kappa %d" % (len(answer["breaking_set"]), k)
    if inst.mode == "direct":
        if s == t or s in failed or t in failed:
            return "separated pair %s is not a pair of distinct healthy nodes" % answer["separates"]
        relays = lambda v: True
    else:
        if inst.kind[s] != "endpoint" or inst.kind[t] != "endpoint":
            return "separated pair %s is not a pair of endpoints" % answer["separates"]
        if any(inst.kind[v] != "switch" for v in failed):
            return "breaking set contains a non-switch"
        relays = lambda v: inst.kind[v] == "switch"
    seen = set()
    queue = deque([s])
    while queue:
        u = queue.popleft()
        for w in inst.succ[u]:
            if w in failed or w in seen:
                continue
            if w == t:
                return "the pair %s -> %s is still connected" % tuple(answer["separates"])
            seen.add(w)
            if relays(w):
                queue.append(w)
    return "ok"


# --------------------------------------------------------------------------- report

def fmt_s(x):
    if x is None:
        return "-"
    return "%.4f" % x if x < 10 else "%.1f" % x


def fmt_peer(p, cap):
    return "> %.0f" % cap if p is None else fmt_s(p)


def fmt_ratio(peer, capped, mine):
    r = peer / mine
    txt = ("%.0f" % r) if r >= 100 else ("%.1f" % r)
    return (">= " if capped else "") + txt + ("*" if mine < NOISE_SECONDS else "")


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("menger", help="path to the menger executable")
    ap.add_argument("--peer-timeout", type=float, default=600.0,
                    help="seconds allowed per peer run (default 600)")
    ap.add_argument("--repeat", type=int, default=3,
                    help="peer runs per measurement, best of (default 3; Menger: max(10, N))")
    ap.add_argument("--spec", action="append", help="instance (repeatable); default: the built-in list")
    args = ap.parse_args(argv[1:])
    specs = args.spec or DEFAULT_SPECS
    menger, cap = args.menger, args.peer_timeout
    mrep = max(10, args.repeat)

    _, proc = run(tolerance_cmd(menger, STARTUP_SPEC, None))
    mv = json.loads(proc.stdout).get("menger", {})
    print("# Menger vertex connectivity vs igraph and NetworkX")
    print()
    print("- date: %s" % datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"))
    print("- machine: %s" % machine())
    print("- menger %s (%s)%s; networkx %s; igraph %s; python %s"
          % (mv.get("version"), mv.get("build"), source_revision(menger), nx.__version__,
             ig.__version__ if ig else "not available", platform.python_version()))
    print("- timing: Menger best of %d runs; peers best of %d runs (1 run when a run exceeds %.0f s), "
          "each peer run capped at %.0f s" % (mrep, args.repeat, SLOW_RUN_SECONDS, cap))
    print("- load average at start: %s" % loadavg())
    sys.stdout.flush()

    startup = {}
    for threads in (None, 1):
        startup[threads] = min(run(tolerance_cmd(menger, STARTUP_SPEC, None, threads))[0]
                               for _ in range(21))
    print("- menger process start (best wall of `menger tolerance %s --json`, 21 runs): "
          "%.4f s default threads, %.4f s --threads 1; subtracted from Menger wall times"
          % (STARTUP_SPEC, startup[None], startup[1]))
    print()
    sys.stdout.flush()

    rows, problems = [], []
    with tempfile.TemporaryDirectory(prefix="menger-conn-bench-") as tmp:
        for i, spec in enumerate(specs):
            load_before = loadavg().split()[0]
            path = os.path.join(tmp, "%02d.json" % i)
            run([menger, "export", spec, "--format", "json", "-o", path])
            inst = Instance(path)
            sys.stderr.write("%s (%s, %d nodes, %d links), load %s\n"
                             % (spec, inst.mode, inst.n, inst.nlinks, load_before))

            # Menger: timed runs, then one run that writes the certificate.
            wall, solve, answer = menger_runs(menger, spec, inst.mode, None, mrep, problems)
            wall1, solve1, answer1 = menger_runs(menger, spec, inst.mode, 1, mrep, problems)
            kappa = answer["min_breaking_weight"]
            # The same solve without the automorphism group (issue 20), in the same run.
            _, solve_nosym, answer_nosym = menger_runs(menger, spec, inst.mode, None, mrep, problems,
                                                       extra=("--no-symmetry",))
            if answer_nosym["min_breaking_weight"] != kappa:
                problems.append("%s: menger --no-symmetry gives %s, with symmetry %s"
                                % (spec, answer_nosym["min_breaking_weight"], kappa))
            if answer1["min_breaking_weight"] != kappa:
                problems.append("%s: menger --threads 1 gives %s, default %s"
                                % (spec, answer1["min_breaking_weight"], kappa))
            cert = os.path.join(tmp, "%02d.cert.json" % i)
            cert_wall, proc = run(tolerance_cmd(menger, spec, inst.mode, None, cert))
            if json.loads(proc.stdout)["min_breaking_weight"] != kappa:
                problems.append("%s: menger --certificate run gives a different kappa" % spec)
            cert_bytes = os.path.getsize(cert)
            _, chk = run([menger, "check-cert", cert], check=False)
            cert_ok = chk.returncode == 0 and chk.stdout.startswith("VALID")
            if not cert_ok:
                problems.append("%s: menger check-cert exit %d: %s%s"
                                % (spec, chk.returncode, chk.stdout, chk.stderr))
            witness = check_witness(inst, answer)
            if witness not in ("ok", "no witness (no separable pair)"):
                problems.append("%s: menger's witness does not check: %s" % (spec, witness))
            m_wall = max(wall - startup[None], 1e-6)
            m_wall1 = max(wall1 - startup[1], 1e-6)
            sys.stderr.write("  menger kappa %s, wall %.4f s (1 thread %.4f s), solve %.4f s, "
                             "certificate %d bytes, check-cert %s, witness %s\n"
                             % (kappa, m_wall, m_wall1, solve, cert_bytes,
                                "VALID" if cert_ok else "FAILED", witness))

            # Peers.
            peers = []
            for method, how in inst.peer_methods():
                secs, value, calls, runs = peer_best(inst, method, cap, args.repeat)
                agree = None if secs is None else (value == kappa)
                if agree is False:
                    problems.append("%s: %s gives %s, menger %s" % (spec, method, value, kappa))
                peers.append({"method": method, "how": how, "secs": secs, "value": value,
                              "calls": calls, "runs": runs, "agree": agree})
                sys.stderr.write("  %-30s %s  value %s  (%d run%s)\n"
                                 % (method, "> %.0f s (capped)" % cap if secs is None
                                    else "%.4f s" % secs, value, runs, "" if runs == 1 else "s"))

            def best_of(prefix):
                group = [p for p in peers if p["method"].startswith(prefix)]
                done = [p for p in group if p["secs"] is not None]
                return min(done, key=lambda p: p["secs"]) if done else (group[0] if group else None)

            ig_best, nx_best = best_of("igraph"), best_of("networkx")
            finished = [p for p in (ig_best, nx_best) if p and p["secs"] is not None]
            if finished:
                ref = min(finished, key=lambda p: p["secs"])
                ref_secs, ref_capped = ref["secs"], False
            else:
                ref, ref_secs, ref_capped = None, cap, True
            values_ok = all(p["agree"] is not False for p in peers)
            checked = any(p["agree"] for p in peers)
            rows.append({
                "spec": spec, "mode": inst.mode, "nodes": inst.n, "links": inst.nlinks,
                "kappa": kappa, "wall": m_wall, "wall1": m_wall1, "solve": solve, "solve1": solve1,
                "solve_nosym": solve_nosym, "work_nosym": answer_nosym.get("work"),
                "cert_wall": max(cert_wall - startup[None], 1e-6), "cert_bytes": cert_bytes,
                "cert_ok": cert_ok, "witness": witness, "method": answer.get("method"),
                "work": answer.get("work"), "peers": peers, "ig": ig_best, "nx": nx_best,
                "ref": ref, "ref_secs": ref_secs, "ref_capped": ref_capped,
                "agree": values_ok and cert_ok and witness.startswith(("ok", "no witness")),
                "checked": checked, "load": load_before,
            })
            sys.stdout.flush()

    print("- load average at end: %s" % loadavg())
    print()
    print("| instance | nodes | links | faults; pairs | kappa (menger) | igraph | networkx "
          "| menger wall (s) | menger wall, 1 thread (s) | menger solve (s) | igraph (s) | networkx (s) "
          "| faster peer | faster peer / menger wall | faster peer / menger solve "
          "| certificate (bytes) | agree |")
    print("|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---|")
    for r in rows:
        ig_p, nx_p = r["ig"], r["nx"]

        def val(p):
            if p is None:
                return "-"
            return "-" if p["secs"] is None else str(p["value"])

        agree = "NO" if not r["agree"] else ("yes" if r["checked"] else "unchecked (all peers capped)")
        print("| `%s` | %d | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %d | %s |"
              % (r["spec"], r["nodes"], r["links"],
                 "nodes; all" if r["mode"] == "direct" else "switches; io",
                 r["kappa"], val(ig_p), val(nx_p),
                 fmt_s(r["wall"]), fmt_s(r["wall1"]), fmt_s(r["solve"]),
                 fmt_peer(ig_p["secs"], cap) if ig_p else "-",
                 fmt_peer(nx_p["secs"], cap) if nx_p else "-",
                 ("igraph" if r["ref"] is ig_p else "networkx") if r["ref"] else "none finished",
                 fmt_ratio(r["ref_secs"], r["ref_capped"], r["wall"]),
                 fmt_ratio(r["ref_secs"], r["ref_capped"], r["solve"]),
                 r["cert_bytes"], agree))
    print()
    print("`*`: the Menger time is under %.0f ms, within process-start and scheduler noise; "
          "that ratio means little. `> %.0f`: the peer was stopped at the cap; a ratio against it "
          "is a lower bound (`>=`)." % (NOISE_SECONDS * 1000, cap))
    print()
    print("Every peer method (the igraph column above is the fastest igraph method):")
    print()
    print("| instance | method | what | value | seconds | runs | flow computations |")
    print("|---|---|---|---:|---:|---:|---:|")
    for r in rows:
        for p in r["peers"]:
            print("| `%s` | %s | %s | %s | %s | %d | %s |"
                  % (r["spec"], p["method"], p["how"], "-" if p["secs"] is None else p["value"],
                     fmt_peer(p["secs"], cap), p["runs"],
                     "-" if p["calls"] is None else p["calls"]))
    print()
    print("Menger details:")
    print()
    print("| instance | method | work | solve, 1 thread (s) | wall with --certificate (s) "
          "| check-cert | witness re-checked | load avg (1 min) before "
          "| solve --no-symmetry (s) | work --no-symmetry | no-symmetry / symmetry solve |")
    print("|---|---|---|---:|---:|---|---|---:|---:|---|---:|")
    for r in rows:
        print("| `%s` | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |"
              % (r["spec"], r["method"], r["work"], fmt_s(r["solve1"]), fmt_s(r["cert_wall"]),
                 "VALID" if r["cert_ok"] else "FAILED", r["witness"], r["load"],
                 fmt_s(r["solve_nosym"]), r["work_nosym"],
                 "%.1f" % (r["solve_nosym"] / max(r["solve"], 1e-6))))
    print()
    below = [r["spec"] for r in rows if r["ref_secs"] / r["wall"] < TARGET_RATIO]
    print("Target (Menger wall at least %.0fx faster than the faster peer): %s."
          % (TARGET_RATIO, "met on every instance" if not below
             else "NOT met on " + ", ".join("`%s`" % s for s in below)))
    print()
    print("Times: Menger wall = whole `menger tolerance` process (network construction, solve, "
          "in-run certificate re-validation, output) minus the process-start baseline; Menger solve "
          "= the \"seconds\" it reports (solve only). Peers = the computation on a graph already in "
          "memory (JSON parsing, graph construction and the split digraph of the maxflow variants "
          "excluded), single-threaded, in a forked child. Ratio > 1 means Menger is faster.")
    if problems:
        print()
        print("PROBLEMS:")
        for p in problems:
            print("- " + p)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
