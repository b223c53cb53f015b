#!/usr/bin/python3
"""Cross-check `menger info` against NetworkX on every network family.

Usage (ctest runs it this way, label "peer"):

    /usr/bin/python3 tests/networkx_crosscheck.py <path-to-menger> <scratch-dir>

For each instance below the network is exported with
`menger export SPEC --format json -o FILE`, rebuilt as a NetworkX multigraph
(MultiDiGraph when the links are directed, MultiGraph otherwise) and NetworkX
computes the quantities `menger info SPEC --json` reports: counts of nodes,
links, endpoints, switches, routers, terminals and components, the degrees
(connected ports; parallel links count separately), the diameter and the
average distance.  Every comparison is exact: distance sums are turned into
fractions.Fraction and compared with Menger's "exact" strings.

Distance semantics (Menger's, see `menger list`): distances run between
*terminals* (kind "endpoint" or "router"; switches are not terminals), over
ordered pairs of distinct terminals, and a path may relay only through nodes
that forward (kind "switch" or "router"); an endpoint never relays.  NetworkX
evaluates this in two independent ways that must agree with each other before
they are compared with Menger:

  (a) split graph: every endpoint e becomes a source copy (e's out-arcs) and a
      sink copy (e's in-arcs), so no path can pass through it; plain BFS
      (nx.single_source_shortest_path_length) from every terminal;
  (b) filtered view: for each source s, BFS in nx.subgraph_view of the
      directed graph that drops the out-arcs of every non-forwarding node
      other than s.  When every node forwards (direct networks) the view is
      the graph itself and (b) is nx.all_pairs_shortest_path_length, and for
      connected undirected direct networks nx.diameter is checked as well.

Besides the published families, four networks are written by this script and
read back through the `file` family: two small hand-made ones and two seeded
random ones (undirected and directed, 100 endpoints with links straight to
other endpoints, parallel links).  On them the relay rule changes the answer,
which it never does on the families above, and one of them has unreachable
pairs (diameter and averages must then be null).  Some instances are also run
with --no-symmetry, --threads 1 and, when the build has it, --per-source.
The diameter witness Menger prints is checked to be a pair at that distance.

Exit status: 0 when everything agrees, 1 on any disagreement, 2 when Menger
could not be run or its output could not be read.  Only the standard library
and networkx are used; run it with Debian's /usr/bin/python3.
"""

import json
import os
import random
import re
import subprocess
import sys
import time
from collections import Counter
from fractions import Fraction

try:
    import networkx as nx
except ImportError:  # pragma: no cover - environment problem, not a test failure of Menger
    sys.stderr.write(
        "networkx_crosscheck: cannot import networkx with %s; run it with Debian's "
        "/usr/bin/python3 (python3-networkx)\n" % sys.executable)
    sys.exit(2)

# Every family of `menger list` (except `file`, which reads what `export` wrote).
INSTANCES = [
    "hypercube(4)",
    "torus(4,4)",
    "torus(3,2,5)",
    "torus(5,3)",
    "mesh(4,3)",
    "mesh(2,2,3)",
    "kary_ntree(3,3)",
    "kary_ntree(2,4)",
    "mikant(2,3)",
    "mikant(3,3)",
    "mikant(4,2)",
    "min(stages=3, radix=4, wiring=deterministic)",
    "min(stages=3, radix=4, wiring=random, seed=7)",
    "min(stages=3, radix=4, wiring=replicated)",
    "min(stages=3, radix=4, wiring=non_interwired)",
    "min(stages=4, radix=2, wiring=deterministic)",
    "rdn(base=hypercube(2), k=1)",
    "hdn(base=hypercube(3), k=1, s=[4])",
    "hdn(base=torus(3,2,5), k=1, s=[15])",
    "hdn(base=hypercube(3), k=2, s=[4,2])",  # 1024 nodes
    # More than 64 terminals, not a multiple of 64 (distances are computed 64
    # sources at a time), other parameters of the families.
    "torus(2,2,2,2)",
    "torus(10,10)",
    "mesh(9,11)",
    "kary_ntree(5,3)",
    "mikant(5,3)",
    "min(stages=3, radix=2, dilation=3, wiring=random, seed=3, packaging=shifted)",
    "min(stages=3, radix=2, dilation=4, wiring=deterministic, last_dilation=2)",
    "min(stages=2, radix=3, dilation=3, wiring=replicated)",
    "dragonfly(p=2, a=4, h=2)",
    "dragonfly(p=2, a=4, h=2, arrangement=relative)",
    "dragonfly(p=1, a=4, h=2, g=6, arrangement=circulant)",
    "dragonfly(p=1, a=4, h=2, arrangement=palmtree)",
    "dragonfly(p=0, a=4, h=2, g=7)",
    # HyperX (terminals; parallel links with K > 1; the switch graph alone with T = 0)
    # and Slim Fly (the paper's default endpoints; a power of 2; routers alone).
    "hyperx(S=[3,3], K=1, T=1)",
    "hyperx(S=[2,3,4], K=2, T=2)",
    "hyperx(S=[4,3], K=1, T=0)",
    "slimfly(q=5, p=1)",
    "slimfly(q=4, p=2)",
    "slimfly(q=5)",
    "slimfly(q=7, p=0)",
    # Data-centre families (issue 17): fat tree, leaf-spine, Jellyfish (random
    # regular switch graphs; see JELLYFISH_REGULARITY below).
    "fattree(4)",
    "fattree(6)",
    "fattree(6, hosts=0)",
    "kary_ntree(3,3, hosts=0)",
    "mikant(2,3, nodes=0)",
    "leafspine(4,2,3)",
    "leafspine(3,2,5,uplinks=2)",
    "leafspine(4,3,0,uplinks=2)",
    "jellyfish(20,4,1,seed=7)",
    "jellyfish(30,5,0,seed=3)",
]

# Jellyfish instances whose switch graph NetworkX checks to be a simple
# r-regular graph (no self-loops, no parallel links, every switch with r switch
# neighbours), as (spec, switches, r).  nx.random_regular_graph would draw a
# different graph from the same distribution, so properties are compared, not edges.
JELLYFISH_REGULARITY = [
    ("jellyfish(20,4,1,seed=7)", 20, 4),
    ("jellyfish(30,5,0,seed=3)", 30, 5),
]

def random_network(seed, directed):
    """A deterministic random network where the relay rule matters: 100 endpoints
    with two or three links each (some straight to another endpoint), 40
    switches on a ring with chords, 10 routers.  More than 64 terminals."""
    rng = random.Random(seed)
    E = ["E%d" % i for i in range(100)]
    S = ["S%d" % i for i in range(40)]
    R = ["R%d" % i for i in range(10)]
    names = [(e, "endpoint") for e in E] + [(x, "switch") for x in S] + [(r, "router") for r in R]
    edges = [(S[i], S[(i + 1) % len(S)]) for i in range(len(S))]
    edges += [(rng.choice(S), rng.choice(S)) for _ in range(10)]
    edges = [(a, b) for a, b in edges if a != b]
    for r in R:
        edges += [(r, rng.choice(S)), (rng.choice(S), r)]
    for e in E:
        edges += [(e, rng.choice(S)), (rng.choice(S), e)]
        if rng.random() < 0.3:
            other = rng.choice(E)
            if other != e:
                edges.append((e, other))
    if directed:
        edges += [(S[(i + 1) % len(S)], S[i]) for i in range(0, len(S), 3)]
    return names, edges, directed


# Hand-made networks (family `file`) where the relay rule matters: on the
# families above an endpoint could never shorten a path anyway.  Names are
# (label, kind); links are undirected (a, b) pairs, ports numbered in order.
HANDMADE = {
    # E0 -> E2 is 4 hops through E1 (forbidden: endpoints do not relay) and 5
    # hops through S3..S6; E1 reaches R only through S3, S4.
    "relay": ([("E0", "endpoint"), ("E1", "endpoint"), ("E2", "endpoint"), ("S1", "switch"),
               ("S2", "switch"), ("S3", "switch"), ("S4", "switch"), ("S5", "switch"),
               ("S6", "switch"), ("R", "router")],
              [("E0", "S1"), ("S1", "E1"), ("E1", "S2"), ("S2", "E2"), ("E0", "S3"),
               ("S3", "S4"), ("S4", "S5"), ("S5", "S6"), ("S6", "E2"), ("R", "S4"),
               ("E1", "S3")]),
    # E0 and E2 are connected only through the endpoint E1: unreachable pairs,
    # so diameter and averages are undefined (null) and must be reported so.
    "unreachable": ([("E0", "endpoint"), ("E1", "endpoint"), ("E2", "endpoint"),
                     ("S1", "switch"), ("S2", "switch")],
                    [("E0", "S1"), ("S1", "E1"), ("E1", "S2"), ("S2", "E2")]),
    "random": random_network(11, directed=False),
    "random_directed": random_network(12, directed=True),
}


def write_handmade(name, scratch):
    entry = HANDMADE[name]
    names, edges, directed = entry if len(entry) == 3 else entry + (False,)
    index = {label: i for i, (label, _) in enumerate(names)}
    used = Counter()
    links = []
    for i, (a, b) in enumerate(edges):
        links.append({"id": i, "a": index[a], "pa": used[a], "b": index[b], "pb": used[b],
                      "directed": directed, "label": "%s - %s" % (a, b)})
        used[a] += 1
        used[b] += 1
    nodes = [{"id": i, "label": label, "kind": kind, "ports": used[label]}
             for i, (label, kind) in enumerate(names)]
    path = os.path.abspath(os.path.join(scratch, "handmade_%s.json" % name))
    with open(path, "w") as f:
        json.dump({"spec": name, "nodes": nodes, "links": links}, f, indent=1)
    return "file(path=%s)" % path


# Extra runs of `menger info` with other options, as (global options, info
# options); their answers must equal NetworkX's exactly like the default run.  --no-symmetry makes Menger search
# from every source instead of one source per orbit (tori are vertex-transitive,
# so the default run takes the symmetry shortcut there); --threads 1 must not
# change anything either.
VARIANTS = {
    "torus(3,2,5)": [([], ["--no-symmetry"])],
    "torus(5,3)": [([], ["--no-symmetry"])],
    "torus(10,10)": [([], ["--no-symmetry"])],
    "hypercube(4)": [([], ["--no-symmetry"]), (["--threads", "1"], ["--no-symmetry"])],
    "hdn(base=hypercube(3), k=2, s=[4,2])": [(["--threads", "1"], [])],
}

# Options that only newer builds of `menger info` have: when `info --help`
# lists one, every instance is also checked with it.  --per-source selects the
# reference method (one BFS per source) instead of the bit-parallel default.
OPTIONAL_VARIANTS = [([], ["--per-source"])]

# Above this many nodes the second NetworkX evaluation (b) with a filtered view
# is skipped for indirect networks (it is slow); (a) is always computed.
VIEW_CHECK_MAX_NODES = 2000

FORWARDS = {"switch": True, "router": True, "endpoint": False}
TERMINAL = {"switch": False, "router": True, "endpoint": True}

COUNT_FIELDS = ["nodes", "links", "endpoints", "switches", "routers", "terminals", "components"]
DEGREE_FIELDS = ["degree", "degree_min", "degree_max", "switch_degree"]
DISTANCE_FIELDS = ["diameter", "avg_distance", "avg_distance_incl_self",
                   "distance_sum", "ordered_pairs", "unreachable_pairs"]


class ToolError(Exception):
    pass


def run(cmd):
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        raise ToolError("command failed (exit %d): %s\n%s%s" % (
            proc.returncode, " ".join(repr(c) for c in cmd), proc.stdout, proc.stderr))
    return proc.stdout


def fmt(x):
    if x is None:
        return "null"
    if isinstance(x, Fraction):
        return str(x.numerator) if x.denominator == 1 else "%d/%d" % (x.numerator, x.denominator)
    return str(x)


# --------------------------------------------------------------------------- graph

def load_graph(path):
    with open(path) as f:
        data = json.load(f)
    nodes = data["nodes"]
    links = data["links"]
    for i, n in enumerate(nodes):
        if n["id"] != i:
            raise ToolError("%s: node ids are not 0..N-1 in order (node %d has id %r)" % (path, i, n["id"]))
        if n["kind"] not in FORWARDS:
            raise ToolError("%s: node %d has unknown kind %r" % (path, i, n["kind"]))
    kinds = Counter(l["directed"] for l in links)
    if len(kinds) > 1:
        raise ToolError("%s: mixes directed and undirected links; this script handles one kind" % path)
    directed = bool(links) and links[0]["directed"]
    G = nx.MultiDiGraph() if directed else nx.MultiGraph()
    for n in nodes:
        G.add_node(n["id"], label=n["label"], kind=n["kind"], ports=n["ports"],
                   package=n.get("package"))
    for l in links:
        G.add_edge(l["a"], l["b"], key=l["id"], pa=l["pa"], pb=l["pb"])
    return data, G


def port_problems(data):
    """Structural sanity of the export: each (node, port) used once, port < ports."""
    problems = []
    seen = Counter()
    nports = [n["ports"] for n in data["nodes"]]
    for l in data["links"]:
        for node, port in ((l["a"], l["pa"]), (l["b"], l["pb"])):
            seen[(node, port)] += 1
            if not 0 <= port < nports[node]:
                problems.append("link %d uses port %d of node %d, which has %d ports"
                                % (l["id"], port, node, nports[node]))
    problems += ["port %d of node %d carries %d links" % (p, n, c)
                 for (n, p), c in seen.items() if c > 1]
    return problems


def structure(G):
    kind = nx.get_node_attributes(G, "kind")
    counts = Counter(kind.values())
    out = {
        "nodes": G.number_of_nodes(),
        "links": G.number_of_edges(),
        "endpoints": counts["endpoint"],
        "switches": counts["switch"],
        "routers": counts["router"],
        "terminals": counts["endpoint"] + counts["router"],
    }
    # Components (001): each package once, plus every unpackaged switch or router.
    packages = set()
    loose = 0
    for v, d in G.nodes(data=True):
        if d["package"] is not None:
            packages.add(d["package"])
        elif FORWARDS[d["kind"]]:
            loose += 1
    out["components"] = len(packages) + loose
    # Degrees: G.degree counts every parallel link (and both directions of a
    # MultiDiGraph: in + out), i.e. the number of connected ports.
    deg = dict(G.degree())
    values = set(deg.values())
    out["degree_min"] = min(values) if values else None
    out["degree_max"] = max(values) if values else None
    out["degree"] = values.pop() if len(values) == 1 else None
    sw = {deg[v] for v in G if kind[v] == "switch"}
    out["switch_degree"] = sw.pop() if len(sw) == 1 else None
    return out


def split_graph(G):
    """(a): directed graph in which endpoints are split into source/sink copies."""
    kind = nx.get_node_attributes(G, "kind")

    def src(v):
        return ("out", v) if kind[v] == "endpoint" else v

    def dst(v):
        return ("in", v) if kind[v] == "endpoint" else v

    H = nx.DiGraph()
    for v in G:
        if kind[v] == "endpoint":
            H.add_node(("out", v))
            H.add_node(("in", v))
        else:
            H.add_node(v)
    arcs = G.edges() if G.is_directed() else \
        [a for u, v in G.edges() for a in ((u, v), (v, u))]
    for u, v in arcs:
        if u != v:
            H.add_edge(src(u), dst(v))
    terminals = [v for v in G if TERMINAL[kind[v]]]
    return H, [(t, src(t), dst(t)) for t in terminals]


def distance_summary(dist_rows, terminals):
    """dist_rows(t) -> {terminal: distance} for reachable terminals (t excluded or 0)."""
    total = 0
    pairs = 0
    unreachable = 0
    diameter = None
    witness = None
    for s in terminals:
        row = dist_rows(s)
        for t in terminals:
            if t == s:
                continue
            pairs += 1
            d = row.get(t)
            if d is None:
                unreachable += 1
                continue
            total += d
            if diameter is None or d > diameter:
                diameter, witness = d, (s, t)
    return {"distance_sum": total, "ordered_pairs": pairs, "unreachable_pairs": unreachable,
            "diameter": diameter, "witness": witness}


def distances_split(G):
    H, terms = split_graph(G)
    sink_of = {sink: t for t, _, sink in terms}
    source_of = {t: source for t, source, _ in terms}
    terminals = [t for t, _, _ in terms]

    def rows(s):
        lengths = nx.single_source_shortest_path_length(H, source_of[s])
        return {sink_of[x]: d for x, d in lengths.items() if x in sink_of}

    return distance_summary(rows, terminals)


def distances_view(G):
    kind = nx.get_node_attributes(G, "kind")
    terminals = [v for v in G if TERMINAL[kind[v]]]
    tset = set(terminals)
    D = G if G.is_directed() else G.to_directed()
    if all(FORWARDS[k] for k in kind.values()):
        table = dict(nx.all_pairs_shortest_path_length(D))
        return distance_summary(lambda s: {t: d for t, d in table[s].items() if t in tset},
                                terminals)

    def rows(s):
        def keep(u, v, k=None):
            return u == s or FORWARDS[kind[u]]
        view = nx.subgraph_view(D, filter_edge=keep)
        lengths = nx.single_source_shortest_path_length(view, s)
        return {t: d for t, d in lengths.items() if t in tset}

    return distance_summary(rows, terminals)


def distance_values(summary, nterminals):
    out = {k: summary[k] for k in ("distance_sum", "ordered_pairs", "unreachable_pairs")}
    # Menger's convention: with any unreachable ordered pair the diameter and
    # the averages are undefined (null, with the reason "disconnected").
    out["diameter"] = None if summary["unreachable_pairs"] else summary["diameter"]
    if summary["ordered_pairs"] and not summary["unreachable_pairs"]:
        out["avg_distance"] = Fraction(summary["distance_sum"], summary["ordered_pairs"])
        out["avg_distance_incl_self"] = Fraction(summary["distance_sum"], nterminals * nterminals)
    else:
        out["avg_distance"] = None
        out["avg_distance_incl_self"] = None
    return out


# --------------------------------------------------------------------------- menger side

def menger_value(info, key):
    """Menger's exact value of `key` as int/Fraction, or None when it reports null."""
    if key in ("distance_sum", "ordered_pairs", "unreachable_pairs"):
        return info["distances"][key]
    entry = info.get(key)
    if entry is None:
        raise ToolError("menger info --json has no field %r" % key)
    if entry.get("value") is None and "exact" not in entry:
        return None
    exact = Fraction(entry["exact"])
    if entry.get("value") is not None and abs(float(exact) - entry["value"]) > 1e-9 * max(1.0, abs(entry["value"])):
        raise ToolError("menger field %r: exact %s and value %r disagree" % (key, entry["exact"], entry["value"]))
    return exact


def witness_labels(info):
    text = info.get("diameter", {}).get("witness", "")
    m = re.fullmatch(r"between (.+) and (.+)", text or "")
    return (m.group(1), m.group(2)) if m else None


def definition_problems(spec, G):
    """Checks against a construction or theorem independent of Menger's code:
    a HyperX switch graph (T = 0, K = 1) is the Cartesian product of complete
    graphs K_{S_1} x ... x K_{S_L}; a Slim Fly router graph (p = 0) is regular of
    degree (3q - delta)/2 with diameter 2 (McKay, Miller and Siran)."""
    m = re.fullmatch(r"hyperx\(S=\[([0-9,]+)\], K=1, T=0\)", spec)
    if m:
        H = None
        for size in (int(x) for x in m.group(1).split(",")):
            K = nx.complete_graph(size)
            H = K if H is None else nx.cartesian_product(H, K)
        if not nx.is_isomorphic(nx.Graph(G), H):
            return ["not isomorphic to the product of complete graphs %s" % m.group(1)]
    m = re.fullmatch(r"slimfly\(q=([0-9]+), p=0\)", spec)
    if m:
        q = int(m.group(1))
        delta = {0: 0, 1: 1, 3: -1}[q % 4]
        U = nx.Graph(G)
        degrees = {d for _, d in U.degree()}
        if degrees != {(3 * q - delta) // 2} or nx.diameter(U) != 2 or U.number_of_nodes() != 2 * q * q:
            return ["slimfly router graph: degrees %s, diameter %s, %d nodes"
                    % (sorted(degrees), nx.diameter(U), U.number_of_nodes())]
    return []


# --------------------------------------------------------------------------- main

def check_instance(menger, spec, path, index, extra_variants):
    json_path = os.path.join(path, "%02d.json" % index)
    run([menger, "export", spec, "--format", "json", "-o", json_path])
    data, G = load_graph(json_path)
    problems = ["export: " + p for p in port_problems(data)]
    problems += ["definition: " + p for p in definition_problems(data.get("spec", spec), G)]
    for jspec, switches, r in JELLYFISH_REGULARITY:
        if jspec == spec:
            problems += jellyfish_problems(G, switches, r)

    t0 = time.perf_counter()
    nxv = structure(G)
    split = distances_split(G)
    nxv.update(distance_values(split, nxv["terminals"]))
    if G.number_of_nodes() <= VIEW_CHECK_MAX_NODES or all(
            FORWARDS[d["kind"]] for _, d in G.nodes(data=True)):
        view = distances_view(G)
        for k in ("distance_sum", "ordered_pairs", "unreachable_pairs", "diameter"):
            if view[k] != split[k]:
                problems.append("networkx (a) split graph and (b) filtered view disagree on %s: %s vs %s"
                                % (k, split[k], view[k]))
    if (not G.is_directed() and nxv["endpoints"] == 0 and nxv["switches"] == 0
            and nx.is_connected(G)):
        d = nx.diameter(nx.Graph(G))
        if d != nxv["diameter"]:
            problems.append("nx.diameter %s differs from the BFS diameter %s" % (d, nxv["diameter"]))
    nx_seconds = time.perf_counter() - t0

    label_of = nx.get_node_attributes(G, "label")
    node_of_label = {}
    for v, lab in label_of.items():
        node_of_label.setdefault(lab, []).append(v)

    results = []
    for global_opts, info_opts in [([], [])] + VARIANTS.get(spec, []) + extra_variants:
        options = global_opts + info_opts
        info = json.loads(run([menger] + global_opts + ["info", spec, "--json"] + info_opts))
        mine = problems[:]
        if info.get("model") != data.get("spec"):
            mine.append("info model %r differs from export spec %r" % (info.get("model"), data.get("spec")))
        if "--no-symmetry" in info_opts and info["distances"].get("by_symmetry"):
            mine.append("--no-symmetry run still reports by_symmetry=true")
        mv = {k: menger_value(info, k) for k in COUNT_FIELDS + DEGREE_FIELDS + DISTANCE_FIELDS}
        for k in COUNT_FIELDS + DEGREE_FIELDS + DISTANCE_FIELDS:
            a, b = nxv[k], mv[k]
            if (a is None) != (b is None) or (a is not None and Fraction(a) != b):
                mine.append("%s: networkx %s, menger %s" % (k, fmt(a), fmt(b)))
        # The diameter witness must name two terminals at exactly that distance.
        wl = witness_labels(info)
        if nxv["diameter"] is not None:
            if wl is None:
                mine.append("diameter witness missing or unreadable: %r"
                            % info.get("diameter", {}).get("witness"))
            else:
                ends = [node_of_label.get(l, []) for l in wl]
                if len(ends[0]) != 1 or len(ends[1]) != 1:
                    mine.append("diameter witness labels %r do not name unique nodes" % (wl,))
                else:
                    H, terms = split_graph(G)
                    src = {t: so for t, so, _ in terms}
                    dst = {t: si for t, _, si in terms}
                    s, t = ends[0][0], ends[1][0]
                    if s not in src or t not in dst:
                        mine.append("diameter witness %r is not a pair of terminals" % (wl,))
                    else:
                        try:
                            d = nx.shortest_path_length(H, src[s], dst[t])
                        except nx.NetworkXNoPath:
                            d = None
                        if d != nxv["diameter"]:
                            mine.append("diameter witness %s -> %s is at distance %s, not %s"
                                        % (wl[0], wl[1], d, nxv["diameter"]))
        results.append((options, info, mv, mine))
    return nxv, nx_seconds, results


def jellyfish_problems(G, switches, r):
    """A simple r-regular graph on the switches (ids 0..switches-1)."""
    problems = []
    S = G.subgraph(range(switches))
    simple = nx.Graph(S)
    if nx.number_of_selfloops(S):
        problems.append("jellyfish: %d self-loops" % nx.number_of_selfloops(S))
    if simple.number_of_edges() != S.number_of_edges():
        problems.append("jellyfish: parallel links between switches")
    degrees = set(d for _, d in simple.degree())
    if degrees != {r}:
        problems.append("jellyfish: switch degrees %s, expected all %d" % (sorted(degrees), r))
    if simple.number_of_edges() != switches * r // 2:
        problems.append("jellyfish: %d switch links, expected N r / 2 = %d"
                        % (simple.number_of_edges(), switches * r // 2))
    return problems


def summary_line(v):
    return ("N=%s L=%s E/S/R=%s/%s/%s C=%s deg=%s..%s diam=%s avg=%s"
            % (v["nodes"], v["links"], v["endpoints"], v["switches"], v["routers"],
               v["components"], fmt(v["degree_min"]), fmt(v["degree_max"]),
               fmt(v["diameter"]), fmt(v["avg_distance"])))


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: %s <path-to-menger> <scratch-dir>\n" % argv[0])
        return 2
    menger, scratch = argv[1], argv[2]
    os.makedirs(scratch, exist_ok=True)
    print("networkx %s, python %s (%s)" % (nx.__version__, sys.version.split()[0], sys.executable))
    print("menger: %s" % menger)
    print()

    try:
        info_help = run([menger, "info", "--help"])
    except ToolError as e:
        print("ERROR cannot run menger: %s" % e)
        return 2
    extra_variants = [v for v in OPTIONAL_VARIANTS
                      if all(o in info_help for o in v[1] if o.startswith("--"))]
    print("optional info options checked on every instance: %s"
          % (", ".join(" ".join(g + i) for g, i in extra_variants) or "none (not in this build)"))
    print()

    failures = []
    checks = 0
    tool_errors = 0
    specs = INSTANCES + [write_handmade(name, scratch) for name in HANDMADE]
    for index, spec in enumerate(specs):
        try:
            nxv, secs, results = check_instance(menger, spec, scratch, index, extra_variants)
        except ToolError as e:
            print("ERROR %s\n      %s" % (spec, str(e).replace("\n", "\n      ")))
            failures.append((spec, [], ["tool error: %s" % e]))
            tool_errors += 1
            continue
        for options, info, mv, problems in results:
            checks += 1
            name = spec + ("  [" + " ".join(options) + "]" if options else "")
            status = "ok  " if not problems else "FAIL"
            print("%s %s" % (status, name))
            print("       networkx: %s  (%.2f s)" % (summary_line(nxv), secs))
            print("       menger:   %s  (by_symmetry=%s)" % (summary_line(mv), info["distances"].get("by_symmetry")))
            for p in problems:
                print("       MISMATCH %s" % p)
            if problems:
                failures.append((spec, options, problems))

    print()
    nfail = len(failures)
    print("summary: %d of %d checks agree with networkx (%d instances, %d extra option runs); "
          "%d disagree or failed" % (checks - nfail + tool_errors, checks + tool_errors,
                                     len(specs), checks + tool_errors - len(specs), nfail))
    if failures:
        print("FAILED:")
        for spec, options, problems in failures:
            print("  %s %s" % (spec, " ".join(options)))
            for p in problems:
                print("      %s" % p)
        tool_only = all(p[0].startswith("tool error") for _, _, p in failures)
        return 2 if tool_only else 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
