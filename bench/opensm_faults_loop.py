#!/usr/bin/python3
"""The subnet manager in the loop: fault sets per minute (issue 41).

For each case (fabric, OpenSM engine, what fails, k), in the same run:
  - Menger: `menger opensm-faults NET --engine E --faults F --k K --json`
    (ibsim + OpenSM per fault set, LIDs kept from the fault-free run, each
    set's tables checked for credit loops and unrouted pairs), with its
    default jobs (one simulated subnet per core) and with --jobs 1;
  - the plain way, as an operator would script it with the project's own
    tools: per fault set, rewrite the net file (tests/infiniband/
    sm_loop_crosscheck.py's reading), route it with tests/infiniband/
    opensm_run.sh (GUID2LID from its own fault-free run, SIM_HOST by the same
    rule), then `menger credit-loops DIR`, one set after another.
Both must give every set the same outcome (clean / credit-loop / unrouted /
not-routed).  Fault sets per minute = sets / wall minutes; ratios are
Menger / plain (above 1: Menger is faster).

Path SLs: --sls zero for the engines that set none (SL 0 is what the SA
answers for them, tests/test_opensm_faults.cpp), and one case with the SA
asked for every pair (--sls file; the plain way then runs saquery too).

Usage: /usr/bin/python3 bench/opensm_faults_loop.py path/to/menger [--work DIR]
Exit status 1 if any outcome differs.
"""
import argparse
import itertools
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
IB = os.path.join(HERE, "..", "tests", "infiniband")
sys.path.insert(0, IB)
sys.path.insert(0, HERE)
import sm_loop_crosscheck as loop  # noqa: E402
from bench_env import machine, source_revision, loadavg  # noqa: E402

from crosscheck import TOPOLOGIES as TESTED  # noqa: E402  (tests/infiniband's fabrics)
TOPOLOGIES = dict(TESTED, **{"torus-8x8": ["torus", "8", "8", "1"], "fattree-16x8": ["fattree", "16", "8", "4"]})
# (topology, engine, faults, k, sls)
CASES = [("mesh-4x4", "dor", "links", 1, "zero"), ("torus-4x4", "updn", "links+switches", 1, "zero"),
         ("fattree-4x2", "ftree", "links", 2, "zero"), ("torus-8x8", "updn", "links", 1, "zero"),
         ("fattree-16x8", "ftree", "links", 1, "zero"), ("fattree-4x2", "minhop", "links", 1, "file")]


def menger_run(menger, work, topo, engine, faults, k, sls, jobs):
    net = os.path.join(work, topo + ".net")
    cmd = [menger, "--progress", "none", "opensm-faults", net, "--engine", engine, "--faults", faults, "--k", str(k),
           "--sls", sls, "--json"]
    if engine in loop.ROOTED:
        cmd += ["--roots", os.path.join(work, topo + ".roots")]
    if jobs:
        cmd += ["--jobs", str(jobs)]
    start = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if r.returncode not in (0, 1):
        sys.exit("menger exit %d: %s" % (r.returncode, r.stderr))
    return [s["outcome"] for s in json.loads(r.stdout)["sets"]], wall


def plain_run(menger, work, topo, engine, faults, k, sls):
    net = os.path.join(work, topo + ".net")
    nodes, index, links, where, lines = loop.parse_net(net)
    units = loop.units_of(nodes, index, links, faults)
    sets = [c for size in range(k + 1) for c in itertools.combinations(range(len(units)), size)]
    base = os.path.join(work, "plain-%s-%s" % (topo, engine))
    os.makedirs(base, exist_ok=True)
    outcomes = []
    start = time.perf_counter()
    for i, s in enumerate(sets):
        failed = [units[u] for u in s]
        d = os.path.join(base, "set-%d" % i)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "fabric.net"), "w") as f:
            f.write(loop.rewrite(lines, links, where, failed))
        if engine in loop.ROOTED and not os.path.exists(os.path.join(d, "fabric.roots")):
            os.symlink(os.path.join(work, topo + ".roots"), os.path.join(d, "fabric.roots"))
        env = dict(os.environ, SIM_HOST=loop.sm_host(nodes, links, failed, nodes[0][0]))
        if sls == "zero":
            env["NO_SAQUERY"] = "1"
        if i:
            env["GUID2LID"] = os.path.join(base, "set-0", "out", "cache", "guid2lid")
        r = subprocess.run([os.path.join(IB, "opensm_run.sh"), os.path.join(d, "fabric.net"), engine,
                            os.path.join(d, "out")], env=env, capture_output=True, text=True)
        if r.returncode == 1:
            outcomes.append("not-routed")
            continue
        if r.returncode != 0:
            sys.exit("opensm_run.sh exit %d: %s" % (r.returncode, r.stderr))
        c = subprocess.run([menger, "credit-loops", os.path.join(d, "out"), "--sls", sls, "--json"],
                           capture_output=True, text=True)
        j = json.loads(c.stdout)
        outcomes.append("credit-loop" if j["credit_loop"] else "unrouted" if "unrouted" in j else "clean")
    return outcomes, time.perf_counter() - start


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("menger")
    ap.add_argument("--work", default=os.path.join(HERE, "..", "build", "sm-loop-bench"))
    args = ap.parse_args()
    menger, work = os.path.abspath(args.menger), os.path.abspath(args.work)
    subprocess.run(["rm", "-rf", work], check=True)
    os.makedirs(work)
    for name, a in TOPOLOGIES.items():
        subprocess.run(["/usr/bin/python3", os.path.join(IB, "ib_topology.py"), *a, os.path.join(work, name)],
                       check=True, capture_output=True)
    print("# opensm-faults: fault sets per minute\n")
    print("- Machine: %s%s; load %s at start" % (machine(), source_revision(menger), loadavg()))
    print("- OpenSM and ibsim from Debian; path SLs as in each row\n")
    print("| fabric | engine | fails | k | sls | sets | outcomes | menger wall (s) | sets/min | menger --jobs 1 (s) "
          "| sets/min | plain (s) | sets/min | ratio | ratio, 1 job |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    bad = 0
    for topo, engine, faults, k, sls in CASES:
        m, mw = menger_run(menger, work, topo, engine, faults, k, sls, 0)
        m1, mw1 = menger_run(menger, work, topo, engine, faults, k, sls, 1)
        p, pw = plain_run(menger, work, topo, engine, faults, k, sls)
        agree = m == p == m1
        bad += not agree
        counts = ", ".join("%d %s" % (m.count(o), o) for o in sorted(set(m)))
        per = lambda w: 60 * len(m) / w
        print("| %s | %s | %s | %d | %s | %d | %s%s | %.1f | %.0f | %.1f | %.0f | %.1f | %.0f | %.2f | %.2f |"
              % (topo, engine, faults, k, sls, len(m), counts, "" if agree else " **DIFFER**", mw, per(mw), mw1,
                 per(mw1), pw, per(pw), pw / mw, pw / mw1), flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
