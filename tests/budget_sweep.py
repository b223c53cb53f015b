#!/usr/bin/python3
"""A budget that runs out anywhere gives UNKNOWN or the full answer, never a crash.

Usage: budget_sweep.py MENGER PROOFS_DIR SCRATCH_DIR [GROWTH]

Each command below runs once with no budget (its natural exit status and
verdicts), then again and again with MENGER_TEST_BUDGET_CHECKS=n
(core/budget.h: the n-th budget check finds the budget run out), n
growing from 0 until the command finishes before its n-th check.  So the
budget runs out in every phase the checks reach: building the network, its
automorphisms, the flow networks, the engines' loops, a SAT solver loading or
solving, an escape-channel search, a fault set half analysed.  A clock-based
--budget reaches only the moments a machine's speed happens to give; one such
moment, in CI, was a heap corruption (SIGSEGV) inside a deadlock search.

Every run must exit with the natural status or 4 (UNKNOWN), or for `prove`
with 1 when some instance is UNKNOWN; never a signal, never 3 (internal
error).  Its --json must parse, and `prove`'s instances must each keep the
natural verdict or be UNKNOWN: a budget may cost an answer, never change it.
"""
import json
import os
import random
import subprocess
import sys

# Arguments after `menger`; small instances, one per engine and phase family.
COMMANDS = [
    ["info", "hypercube(4)", "--json"],
    ["info", "torus(5,5)", "--per-source", "--json"],
    ["tolerance", "hypercube(4)", "--json"],
    ["tolerance", "mikant(3,3)", "--faults", "links", "--json"],
    ["route-check", "torus(4,4)", "--routing", "shortest", "--k", "1", "--json"],
    ["route-check", "mikant(3,3)", "--routing", "mikant-x-turns", "--faults", "switch-links", "--k", "2", "--json"],
    ["route-check", "torus(4,4)", "--routing", "dor", "--k", "1", "--symbolic", "--json"],
    ["deadlock", "torus(4,4)", "--routing", "dor(flow=bubble)", "--faults", "links", "--k", "1", "--json"],
    ["deadlock", "mesh(3,3)", "--routing", "north-last-split", "--switching", "wormhole", "--json"],
    # The CI crash: the exact check's SAT solver stopped with its proof file open.
    ["deadlock", "torus(6,6)", "--routing", "duato-torus", "--faults", "links", "--k", "2", "--no-symmetry", "--json"],
    ["montecarlo", "torus(4,4)", "--experiment", "combinations", "--faults", "links", "--routing", "dor",
     "--counts", "1..2", "--trials", "50", "--json"],
]
PROVE = ["known/torus.toml", "002/counts.toml"]
GROWTH = 1.45  # the next n: about this many times the last, jittered (argument 4 overrides)
MAX_RUNS = 60


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def run(menger, args, checks, cwd):
    env = dict(os.environ)
    env.pop("MENGER_TEST_BUDGET_CHECKS", None)
    if checks is not None:
        env["MENGER_TEST_BUDGET_CHECKS"] = str(checks)
    proc = subprocess.run([menger] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                          cwd=cwd, timeout=600)
    return proc


def instance_verdicts(report_path):
    with open(report_path) as f:
        document = json.load(f)
    return [(c.get("file", ""), c.get("id", ""), i.get("model", j), i["verdict"])
            for c in document["claims"] for j, i in enumerate(c.get("instances", []))]


def label(args, checks):
    return "MENGER_TEST_BUDGET_CHECKS=%s menger %s" % (checks, " ".join(args))


def check_run(menger, args, checks, natural, cwd, report):
    proc = run(menger, args, checks, cwd)
    rc = proc.returncode
    what = label(args, checks)
    if rc < 0:
        fail("%s was killed by signal %d: %s" % (what, -rc, proc.stderr.strip()[-400:]))
    is_prove = args[0] == "prove"
    allowed = {natural, 4} | ({1} if is_prove else set())
    if rc not in allowed:
        fail("%s exited %d (natural %d): %s" % (what, rc, natural, proc.stderr.strip()[-400:]))
    if "internal error" in proc.stderr:
        fail("%s: %s" % (what, proc.stderr.strip()[-400:]))
    if is_prove:
        return rc, instance_verdicts(report) if os.path.exists(report) else None
    if "--json" in args:
        try:
            json.loads(proc.stdout)
        except ValueError as e:
            fail("%s printed no JSON document (%s): %s" % (what, e, proc.stdout[:300]))
    return rc, None


def sweep(menger, args, cwd, rng, report=None):
    if report and os.path.exists(report):
        os.remove(report)
    first = run(menger, args, None, cwd)
    natural = first.returncode
    if natural < 0 or natural in (2, 3):
        fail("%s (no budget) exited %d: %s" % (label(args, None), natural, first.stderr.strip()[-400:]))
    verdicts = instance_verdicts(report) if report else None
    n, runs, unknown = 0, 0, 0
    while runs < MAX_RUNS:
        if report and os.path.exists(report):
            os.remove(report)
        rc, got = check_run(menger, args, n, natural, cwd, report)
        runs += 1
        if verdicts is not None and got is not None:
            if len(got) != len(verdicts):
                fail("%s reported %d instances, not %d" % (label(args, n), len(got), len(verdicts)))
            for (key, want), (_, _, _, have) in zip(((v[:3], v[3]) for v in verdicts), got):
                if have not in (want, "UNKNOWN"):
                    fail("%s: instance %s is %s, %s without a budget" % (label(args, n), key, have, want))
        if rc == natural and (verdicts is None or got == verdicts):
            break  # finished before its n-th check: later n change nothing
        unknown += 1
        n = max(n + 1, int(n * GROWTH * rng.uniform(0.85, 1.15)))
    else:
        fail("%s: still stopped after %d runs (n = %d)" % (label(args, n), runs, n))
    print("ok   exit %d, %2d stopped runs, finished from n = %-7d menger %s" % (natural, unknown, n, " ".join(args)))


def main():
    global GROWTH
    menger, proofs, scratch = (os.path.abspath(a) for a in sys.argv[1:4])
    if len(sys.argv) > 4:
        GROWTH = float(sys.argv[4])
    os.makedirs(scratch, exist_ok=True)
    rng = random.Random(36)
    for bad in ("12x", "-1", "", "0x10"):  # a misspelt hook is one error, never a run left unstopped
        proc = run(menger, ["info", "hypercube(3)"], bad, scratch)
        if proc.returncode != 2 or "MENGER_TEST_BUDGET_CHECKS" not in proc.stderr:
            fail("MENGER_TEST_BUDGET_CHECKS=%r: exit %d, %s" % (bad, proc.returncode, proc.stderr.strip()))
    for args in COMMANDS:
        sweep(menger, args, scratch, rng)
    report = os.path.join(scratch, "prove.json")
    for claim in PROVE:
        sweep(menger, ["prove", os.path.join(proofs, claim), "--json", report], scratch, rng, report)


if __name__ == "__main__":
    main()
