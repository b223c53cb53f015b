#!/usr/bin/python3
"""Menger's credit-loop verdicts on subnets OpenSM routes, against ibdmchk.

Usage: crosscheck.py MENGER WORKDIR [--quick]

--quick runs one row per topology and routing family (QUICK below), for the
sanitizer build: the whole matrix there took 400 of CI's 2,700 seconds, most
of it OpenSM and ibsim, which the plain build's whole matrix already runs.

For each (topology, routing engine) of the matrix below: ibsim simulates the
subnet, OpenSM routes it and dumps its tables (opensm_run.sh), then
  - `menger credit-loops` decides whether the routing has a credit loop, and
  - ibdmchk (Debian ibutils, an independent implementation) decides the same
    from the same dumps, with the same path SLs and SL2VL tables;
the two must agree, and Menger must say the same when it reads the fabric
from ibnetdiscover's output (--fabric) instead of OpenSM's subnet list, and
the forwarding tables from dump_fts's output (--lfts, what infiniband-diags
reads from the switches) instead of OpenSM's dump, and when it reads the
subnet as ibdiagnet's file set (.lst, .fdbs, .sl2vl, .psl: ibdmchk's inputs,
made here from OpenSM's opensm-subnet.lst, opensm.fdbs, opensm-sl2vl.dump
and the SA's path SLs, since ibdiagnet 1.5.7 finds no node under ibsim).  The engines OpenSM's manual (opensm(8), ROUTING)
documents as deadlock-free on a topology must be found free of credit loops:
updn, ftree (fat trees), lash, dfsssp, nue, torus-2QoS (tori), dor (meshes).
One FREE verdict's certificate goes through `menger check-cert`, one loop's
witness through `menger replay`.  Exit status 0 when everything agrees.
"""
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

TOPOLOGIES = {  # name: ib_topology.py arguments
    "fattree-4x2": ["fattree", "4", "2", "2"],
    "torus-4x4": ["torus", "4", "4", "1"],
    "mesh-4x4": ["torus", "4", "4", "1", "--mesh"],
}
# (topology, engine, OpenSM documents it deadlock-free there)
MATRIX = [
    ("fattree-4x2", e, e in ("updn", "ftree", "lash", "dfsssp", "nue"))
    for e in ("minhop", "updn", "dnup", "ftree", "dor", "lash", "dfsssp", "sssp", "nue")
] + [
    ("torus-4x4", e, e in ("updn", "lash", "dfsssp", "nue", "torus-2QoS"))
    for e in ("minhop", "updn", "dnup", "dor", "lash", "dfsssp", "sssp", "nue", "torus-2QoS")
] + [
    ("mesh-4x4", e, True) for e in ("dor", "updn", "lash")
]


# The sanitizer build's rows: a looped and a loop-free subnet of each topology.
QUICK = {("fattree-4x2", "updn"), ("fattree-4x2", "minhop"), ("torus-4x4", "dfsssp"), ("torus-4x4", "minhop"),
         ("mesh-4x4", "dor")}


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def ibdmchk(out):
    """True: credit loop; False: none; raises when ibdmchk gives neither.
    ibdmchk 1.5.7 crashes at exit after printing its report: judge the text."""
    cmd = ["ibdmchk", "-s", "opensm-subnet.lst", "-f", "opensm.fdbs", "-m", "opensm.mcfdbs",
           "-c", "path-sls.ibdmchk", "-d", "opensm-sl2vl.dump"]
    r = run(cmd, cwd=out, timeout=300)
    with open(os.path.join(out, "ibdmchk.txt"), "w") as f:
        f.write(r.stdout + r.stderr)
    if "no credit loops found" in r.stdout:
        return False
    if "credit loops in routing" in r.stdout:
        return True
    raise RuntimeError("ibdmchk gave no verdict, see " + os.path.join(out, "ibdmchk.txt"))


def menger(binary, out, extra=()):
    r = run([binary, "credit-loops", out, "--json", *extra], timeout=600)
    if r.returncode not in (0, 1):
        raise RuntimeError("menger credit-loops %s: exit %d: %s" % (out, r.returncode, r.stderr.strip()))
    return json.loads(r.stdout)


def ibdiagnet_set(binary, out, m, name):
    """The verdict from ibdiagnet's file names and formats must be OpenSM's."""
    diag = os.path.join(out, "ibdiag")
    os.makedirs(diag, exist_ok=True)
    for src, dst in (("opensm-subnet.lst", "ibdiagnet.lst"), ("opensm.fdbs", "ibdiagnet.fdbs"),
                     ("opensm-sl2vl.dump", "ibdiagnet.sl2vl"), ("path-sls.ibdmchk", "ibdiagnet.psl")):
        shutil.copyfile(os.path.join(out, src), os.path.join(diag, dst))
    f = lambda ext: os.path.join(diag, "ibdiagnet." + ext)
    d = menger(binary, diag, ["--fabric", f("lst"), "--lfts", f("fdbs"), "--sl2vl", f("sl2vl"), "--psl", f("psl")])
    if (d["credit_loop"], d["pairs"]) != (m["credit_loop"], m["pairs"]):
        return ["%s: from ibdiagnet's files menger says loop=%s over %d pairs, not loop=%s over %d"
                % (name, d["credit_loop"], d["pairs"], m["credit_loop"], m["pairs"])]
    return []


def evidence_checks(binary, work, free_dir, loop_dir):
    problems = []
    cert, wit = os.path.join(work, "free.cert.json"), os.path.join(work, "loop.witness.json")
    menger(binary, free_dir, ["--certificate", cert])
    menger(binary, loop_dir, ["--witness", wit])
    r = run([binary, "check-cert", cert])
    if r.returncode != 0 or "VALID" not in r.stdout:
        problems.append("check-cert rejected the certificate of %s: %s" % (free_dir, r.stdout + r.stderr))
    r = run([binary, "replay", wit])
    if r.returncode != 0 or "confirmed" not in r.stdout:
        problems.append("replay did not confirm the loop of %s: %s" % (loop_dir, r.stdout + r.stderr))
    return problems


def main(argv):
    if len(argv) not in (3, 4) or (len(argv) == 4 and argv[3] != "--quick"):
        sys.stderr.write(__doc__)
        return 2
    binary, work = os.path.abspath(argv[1]), os.path.abspath(argv[2])
    matrix = [row for row in MATRIX if len(argv) == 3 or row[:2] in QUICK]
    os.makedirs(work, exist_ok=True)
    for name, args in TOPOLOGIES.items():
        run(["/usr/bin/python3", os.path.join(HERE, "ib_topology.py"), *args, os.path.join(work, name)], check=True)
    problems, free_dir, loop_dir = [], None, None
    print("%-12s %-11s %-10s %-7s %-7s %s" % ("topology", "engine", "documented", "menger", "ibdmchk", "pairs, SLs"))
    for topo, engine, documented in matrix:
        out = os.path.join(work, "%s-%s" % (topo, engine))
        r = run([os.path.join(HERE, "opensm_run.sh"), os.path.join(work, topo + ".net"), engine, out], timeout=900)
        if r.returncode != 0:
            problems.append("%s on %s: OpenSM did not route (exit %d): %s" % (engine, topo, r.returncode, r.stderr.strip()))
            continue
        m, i = menger(binary, out), ibdmchk(out)
        sls = sorted({line.split()[2] for line in open(os.path.join(out, "path-sls.txt"))})
        word = lambda loop: "LOOP" if loop else "free"
        print("%-12s %-11s %-10s %-7s %-7s %d, {%s}" % (topo, engine, "free" if documented else "-",
              word(m["credit_loop"]), word(i), m["pairs"], ",".join(sls)))
        fabric = os.path.join(out, "ibnetdiscover.txt")
        if not os.path.exists(fabric):
            problems.append("%s on %s: no ibnetdiscover output (%s)" % (engine, topo, out))
        else:  # the same subnet read from ibnetdiscover's view of the fabric
            d = menger(binary, out, ["--fabric", fabric])
            if (d["credit_loop"], d["pairs"]) != (m["credit_loop"], m["pairs"]):
                problems.append("%s on %s: with --fabric ibnetdiscover.txt menger says %s over %d pairs, not %s over %d"
                                % (engine, topo, word(d["credit_loop"]), d["pairs"], word(m["credit_loop"]), m["pairs"]))
        fts = os.path.join(out, "dump_fts.txt")
        if not os.path.exists(fts):
            problems.append("%s on %s: no dump_fts output (%s)" % (engine, topo, out))
        elif os.path.exists(fabric):  # the site's own files: ibnetdiscover and dump_fts, no OpenSM dump
            d = menger(binary, out, ["--fabric", fabric, "--lfts", fts])
            if (d["credit_loop"], d["pairs"]) != (m["credit_loop"], m["pairs"]):
                problems.append("%s on %s: with --fabric ibnetdiscover.txt --lfts dump_fts.txt menger says %s over %d "
                                "pairs, not %s over %d" % (engine, topo, word(d["credit_loop"]), d["pairs"],
                                                           word(m["credit_loop"]), m["pairs"]))
        problems += ibdiagnet_set(binary, out, m, "%s on %s" % (engine, topo))
        if m["credit_loop"] != i:
            problems.append("%s on %s: menger says %s, ibdmchk %s (%s)" % (engine, topo, word(m["credit_loop"]), word(i), out))
        if documented and m["credit_loop"]:
            problems.append("%s on %s: OpenSM documents it deadlock-free, Menger finds a credit loop" % (engine, topo))
        if not m["credit_loop"] and free_dir is None:
            free_dir = out
        if m["credit_loop"] and loop_dir is None:
            loop_dir = out
    if free_dir is None or loop_dir is None:
        problems.append("the matrix gave no loop-free or no looped subnet to check evidence on")
    else:
        problems += evidence_checks(binary, work, free_dir, loop_dir)
    for p in problems:
        print("PROBLEM: " + p)
    print("%d runs, %d problems" % (len(matrix), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
