#!/usr/bin/python3
"""Cross-check Menger's dragonfly against a construction written here.

Usage (ctest runs it this way, label "peer"):

    /usr/bin/python3 tests/dragonfly_construction.py <path-to-menger> <scratch-dir>

The dragonfly of Kim, Dally, Scott and Abts (ISCA 2008, section 3) is built
here in NetworkX straight from its definition, with the global link
arrangements named by Hastings et al. (IEEE Cluster 2015), written as
group-to-group rules rather than as Menger's slot arithmetic:

  absolute   group i's global links go to the other groups in increasing order,
             j-th global link of router r being the (r*h + j)-th;
  relative   the (r*h + j)-th global link of group i goes to group
             i + (r*h + j) + 1 (mod g);
  circulant  the (r*h + j)-th global link of group i goes to group i + d or
             i - d (mod g), d = (r*h + j) div 2 + 1, + for even positions;

and, with fewer than a*h + 1 groups, the positions wrap round every g - 1 and
a link is made only when both ends have the position.  The far end of a link
is the global link of the target group that leads back in the same round.
Each instance is exported with `menger export SPEC --format json`; the two
labelled multigraphs (labels G<i>.R<r>, G<i>.R<r>.T<t>) must be equal edge
for edge, and NetworkX must agree on the router diameter (3 when
g = a*h + 1 and a >= 2).

Exit status: 0 when everything agrees, 1 on a disagreement, 2 when Menger
could not be run.  Run it with Debian's /usr/bin/python3 (python3-networkx).
"""

import json
import os
import subprocess
import sys
from collections import Counter

try:
    import networkx as nx
except ImportError:  # pragma: no cover - environment problem
    sys.stderr.write("dragonfly_construction: run it with Debian's /usr/bin/python3 (python3-networkx)\n")
    sys.exit(2)

INSTANCES = [
    (1, 2, 1, None, "absolute"),
    (2, 4, 2, None, "absolute"),
    (2, 4, 2, None, "relative"),
    (2, 4, 2, None, "circulant"),
    (1, 3, 3, None, "circulant"),   # a*h = 9 odd: g = 10 even, offset 5 is its own inverse
    (1, 4, 2, 5, "absolute"),       # two full rounds of 4 positions
    (1, 4, 2, 6, "relative"),       # 8 positions, rounds of 5: the second is partial
    (2, 3, 2, 4, "circulant"),
    (1, 5, 3, 7, "absolute"),
    (1, 2, 3, 1, "absolute"),       # one group: no global links
    (1, 4, 2, None, "palmtree"),
    (1, 4, 2, 6, "palmtree"),       # a partial second round
    (0, 4, 2, None, "palmtree"),    # p = 0: the router graph alone
    (0, 3, 2, 5, "absolute"),
]


def target(arr, g, i, pos):
    """Group reached by position pos (0 <= pos < g - 1) of group i."""
    if arr == "absolute":
        others = [x for x in range(g) if x != i]
        return others[pos]
    if arr == "relative":
        return (i + pos + 1) % g
    if arr == "palmtree":  # Camarero, Vallejo and Beivide: the offset counted backwards
        return (i - pos - 1) % g
    d = pos // 2 + 1
    return (i + d) % g if pos % 2 == 0 else (i - d) % g


def build(p, a, h, g, arr):
    G = nx.MultiGraph()
    for i in range(g):
        for r in range(a):
            G.add_node("G%d.R%d" % (i, r))
            for t in range(p):
                G.add_edge("G%d.R%d" % (i, r), "G%d.R%d.T%d" % (i, r, t))
            for q in range(r + 1, a):
                G.add_edge("G%d.R%d" % (i, r), "G%d.R%d" % (i, q))
    m = g - 1
    for i in range(g):
        for k in range(a * h if m else 0):
            rnd, pos = divmod(k, m)
            j = target(arr, g, i, pos)
            back = [x for x in range(m) if target(arr, g, j, x) == i]
            if not back:
                raise AssertionError("no position of G%d leads back to G%d" % (j, i))
            # With two positions back (circulant, offset g/2) the link uses the
            # same position at both ends.
            kb = rnd * m + (pos if pos in back else back[0])
            if kb >= a * h or (j, kb) < (i, k):
                continue  # missing far end, or made from the other end
            G.add_edge("G%d.R%d" % (i, k // h), "G%d.R%d" % (j, kb // h))
    return G


def exported(menger, spec, path):
    subprocess.run([menger, "export", spec, "--format", "json", "-o", path], check=True,
                   capture_output=True, text=True)
    with open(path) as f:
        data = json.load(f)
    label = {n["id"]: n["label"] for n in data["nodes"]}
    return Counter(tuple(sorted((label[l["a"]], label[l["b"]]))) for l in data["links"]), len(label)


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: %s <path-to-menger> <scratch-dir>\n" % argv[0])
        return 2
    menger, scratch = argv[1], argv[2]
    os.makedirs(scratch, exist_ok=True)
    failures = 0
    for index, (p, a, h, g, arr) in enumerate(INSTANCES):
        groups = a * h + 1 if g is None else g
        spec = "dragonfly(p=%d, a=%d, h=%d, g=%d, arrangement=%s)" % (p, a, h, groups, arr)
        try:
            theirs, nodes = exported(menger, spec, os.path.join(scratch, "df%d.json" % index))
        except (subprocess.CalledProcessError, OSError, ValueError) as e:
            print("ERROR %s: %s" % (spec, e))
            return 2
        G = build(p, a, h, groups, arr)
        ours = Counter(tuple(sorted(e)) for e in G.edges())
        problems = []
        if nodes != G.number_of_nodes():
            problems.append("%d nodes, the construction has %d" % (nodes, G.number_of_nodes()))
        if ours != theirs:
            problems.append("links differ: only in Menger %s; only here %s"
                            % (sorted((theirs - ours).elements())[:4], sorted((ours - theirs).elements())[:4]))
        routers = nx.Graph(G.subgraph([v for v in G if v.count(".") == 1]))
        if groups == a * h + 1 and a >= 2 and nx.diameter(routers) != 3:
            problems.append("router diameter %d, not 3" % nx.diameter(routers))
        print("%s %s: %d links" % ("ok  " if not problems else "FAIL", spec, sum(theirs.values())))
        for pr in problems:
            print("       MISMATCH " + pr)
        failures += bool(problems)
    print("summary: %d of %d dragonflies equal to the construction" % (len(INSTANCES) - failures, len(INSTANCES)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
