#!/usr/bin/python3
"""`menger opensm-faults` against the same loop done another way.

Usage: sm_loop_crosscheck.py MENGER WORKDIR [--quick]

--quick (the sanitizer build) runs the first case only.

For each case below, Menger re-routes a fabric with OpenSM after every set
of <= k failed links or switches and reports each set's outcome.  This script
then does the whole loop again without Menger's driver:
  - its own reading of the net file lists the units (links between switches in
    the order the file first lists them, then switches in file order) and the
    fault sets (by size, then lexicographic), and must name the same sets in
    the same order;
  - its own rewrite of the net file (the failed links' port lines, and every
    port line of a failed switch, removed) must be byte for byte the
    fabric.net Menger gave ibsim for the set;
  - opensm_run.sh (the shell driver the fixtures are built with) routes the
    rewritten fabric, started with its own fault-free run's LIDs (GUID2LID)
    on the node the documented rule picks (SIM_HOST), and ibdmchk (Debian
    ibutils, an independent credit-loop checker) judges its dumps;
  - Menger's outcome must agree: not-routed exactly where the engine could
    not route, unrouted exactly where ibdmchk finds missing paths,
    credit-loop exactly where it finds a loop.
Path SLs are 0 in both (the engines below set none).  Exit 0 when all agree.
"""
import itertools
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from crosscheck import TOPOLOGIES  # noqa: E402  (the fabrics, as ib_topology.py arguments: one list for both checks)
# (topology, engine, faults, k): a loop-free engine, one that loops after a
# failure, switch failures (the subnet manager's own switch among them), and k = 2.
CASES = [("mesh-4x4", "dor", "links", 1), ("torus-4x4", "updn", "switches", 1), ("fattree-4x2", "ftree", "links", 2)]
ROOTED = ("updn", "dnup", "ftree")


def parse_net(path):
    """Nodes [(name, is_switch)] in file order; links [(a, pa, b, pb)] each once;
    per link the line numbers listing it; the lines."""
    lines = open(path).read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    nodes, index, links, where, current = [], {}, [], {}, None
    for i, raw in enumerate(lines):
        s = raw.strip()
        m = re.match(r'(Switch|Ca|Hca)\s+\d+\s+"([^"]+)"', s)
        if m:
            current = m.group(2)
            index[current] = len(nodes)
            nodes.append((current, m.group(1) == "Switch"))
            continue
        m = re.match(r'\[(\d+)\](?:\([0-9a-fA-F]+\))?\s*"([^"]+)"\[(\d+)\]', s)
        if m:
            a, pa, b, pb = current, int(m.group(1)), m.group(2), int(m.group(3))
            key = frozenset([(a, pa), (b, pb)])
            if key not in where:
                where[key] = []
                links.append((a, pa, b, pb, key))
            where[key].append(i)
    return nodes, index, links, where, lines


def units_of(nodes, index, links, faults):
    units = []
    if faults != "switches":
        for a, pa, b, pb, key in links:
            if nodes[index[a]][1] and nodes[index[b]][1]:
                units.append(("link %s[%d] - %s[%d]" % (a, pa, b, pb), key, None))
    if faults != "links":
        units += [("switch " + n, None, n) for n, sw in nodes if sw]
    return units


def rewrite(lines, links, where, failed):
    keys = {u[1] for u in failed if u[1]}
    dead = {u[2] for u in failed if u[2]}
    drop = set()
    for a, pa, b, pb, key in links:
        if key in keys or a in dead or b in dead:
            drop.update(where[key])
    return "".join(l + "\n" for i, l in enumerate(lines) if i not in drop)


def sm_host(nodes, links, failed, preferred):
    """The preferred node unless failed or left without a link; then the first switch with one."""
    keys = {u[1] for u in failed if u[1]}
    dead = {u[2] for u in failed if u[2]}
    def live(n):
        return n not in dead and any((a == n or b == n) and key not in keys and a not in dead and b not in dead
                                     for a, pa, b, pb, key in links)
    if live(preferred):
        return preferred
    return next((n for n, sw in nodes if sw and live(n)), preferred)


def ibdmchk_outcome(out):
    """credit-loop, clean, or unrouted (ibdmchk finds missing paths and then judges no loops)."""
    r = subprocess.run(["ibdmchk", "-s", "opensm-subnet.lst", "-f", "opensm.fdbs", "-m", "opensm.mcfdbs",
                        "-d", "opensm-sl2vl.dump"], cwd=out, capture_output=True, text=True, timeout=300)
    if re.search(r"Found \d+ missing paths", r.stdout):
        return "unrouted"
    if "no credit loops found" in r.stdout:
        return "clean"
    if "credit loops in routing" in r.stdout:
        return "credit-loop"
    raise RuntimeError("ibdmchk gave no verdict in " + out + ":\n" + r.stdout[-2000:])


def check_case(binary, work, topo, engine, faults, k):
    name = "%s-%s-%s-k%d" % (topo, engine, faults, k)
    net = os.path.join(work, topo + ".net")
    args = [binary, "--progress", "none", "opensm-faults", net, "--engine", engine, "--faults", faults, "--k", str(k),
            "--sls", "zero", "--workdir", os.path.join(work, name, "menger"), "--json"]
    if engine in ROOTED:
        args += ["--roots", os.path.join(work, topo + ".roots")]
    r = subprocess.run(args, capture_output=True, text=True, timeout=1800)
    if r.returncode not in (0, 1):
        return ["%s: menger exit %d: %s" % (name, r.returncode, r.stderr.strip())]
    menger = json.loads(r.stdout)
    nodes, index, links, where, lines = parse_net(net)
    units = units_of(nodes, index, links, faults)
    sets = [c for size in range(k + 1) for c in itertools.combinations(range(len(units)), size)]
    problems = []
    texts = [", ".join(units[u][0] for u in s) or "no failure" for s in sets]
    if [s["failed"] for s in menger["sets"]] != texts:
        return ["%s: menger's fault sets are not the %d sets listed here, in order" % (name, len(sets))]
    env = dict(os.environ, NO_SAQUERY="1")
    for i, s in enumerate(sets):
        failed = [units[u] for u in s]
        text = rewrite(lines, links, where, failed)
        mine = os.path.join(work, name, "set-%d" % i)
        os.makedirs(mine, exist_ok=True)
        with open(os.path.join(mine, "fabric.net"), "w") as f:
            f.write(text)
        given = open(os.path.join(work, name, "menger", "set-%d" % i, "fabric.net")).read()
        if given != text:
            problems.append("%s: set %s: menger's fabric.net is not this rewrite" % (name, texts[i]))
        env["SIM_HOST"] = sm_host(nodes, links, failed, nodes[0][0])
        if i:
            env["GUID2LID"] = os.path.join(work, name, "set-0", "out", "cache", "guid2lid")
        cmd = [os.path.join(HERE, "opensm_run.sh"), os.path.join(mine, "fabric.net"), engine, os.path.join(mine, "out")]
        if engine in ROOTED:  # opensm_run.sh finds the roots beside the net file
            os.symlink(os.path.join(work, topo + ".roots"), os.path.join(mine, "fabric.roots"))
        run = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
        outcome = menger["sets"][i]["outcome"]
        if run.returncode == 1:
            if outcome != "not-routed":
                problems.append("%s: set %s: the engine did not route it, menger says %s" % (name, texts[i], outcome))
            continue
        if run.returncode != 0:
            raise RuntimeError("opensm_run.sh exit %d: %s" % (run.returncode, run.stderr))
        theirs = ibdmchk_outcome(os.path.join(mine, "out"))
        if theirs != outcome:
            problems.append("%s: set %s: ibdmchk says %s, menger says %s" % (name, texts[i], theirs, outcome))
    counts = {}
    for s in menger["sets"]:
        counts[s["outcome"]] = counts.get(s["outcome"], 0) + 1
    print("%s: %d sets, %s" % (name, len(sets), counts))
    return problems


def main(argv):
    if len(argv) not in (3, 4) or (len(argv) == 4 and argv[3] != "--quick"):
        sys.stderr.write(__doc__)
        return 2
    binary, work = os.path.abspath(argv[1]), os.path.abspath(argv[2])
    if os.path.exists(work):
        subprocess.run(["rm", "-rf", work], check=True)
    os.makedirs(work)
    for name, args in TOPOLOGIES.items():
        subprocess.run(["/usr/bin/python3", os.path.join(HERE, "ib_topology.py"), *args, os.path.join(work, name)],
                       check=True, capture_output=True)
    problems = []
    for case in CASES[:1] if len(argv) == 4 else CASES:
        problems += check_case(binary, work, *case)
    for p in problems:
        print("PROBLEM", p)
    print("%d problems" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
