#!/usr/bin/python3
"""Ctrl-C stops a verb cleanly (issue 37: the cancellation token SIGINT sets).

Usage: cli_interrupt.py MENGER PROOFS_DIR SCRATCH_DIR

A route-check with a checkpoint is started and sent SIGINT once it has
settled some chunks.  It must end by itself with exit 4 (UNKNOWN), say that
the run was interrupted and how much it covered, and leave a checkpoint that
the same command resumes from (its output then names the chunks it took);
the text output says what the checkpoint keeps.  Then `prove --checkpoint`
is interrupted once it has settled a claim file: it must end with exit 4 and
leave no instance the interruption cut short in the checkpoint (a resumed run
would take it for that claim's verdict).
"""
import json
import os
import signal
import subprocess
import sys
import time

ARGS = ["route-check", "torus(4,4,4)", "--routing", "ft-torus(combine=yes)", "--k", "7", "--no-symmetry",
        "--excuse-disconnected", "--chunk-pairs", "4",
        "--json"]


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def lines(path):
    try:
        with open(path) as f:
            return sum(1 for _ in f)
    except FileNotFoundError:
        return 0


def interrupted_run(menger, checkpoint, chunks, text=False, args=None):
    """Starts the command, sends SIGINT once the checkpoint holds `chunks` records; its status and stdout."""
    args = args or [a for a in ARGS if not (text and a == "--json")]
    proc = subprocess.Popen([menger] + args + ["--checkpoint", checkpoint], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    until = time.monotonic() + 300
    while lines(checkpoint) < 1 + chunks and proc.poll() is None and time.monotonic() < until:
        time.sleep(0.05)
    if proc.poll() is not None:
        fail("the command ended before it was interrupted: exit %d, %s" % (proc.returncode, proc.stderr.read()))
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        proc.kill()
        fail("the command did not stop within 120 s of SIGINT")
    return proc.returncode, out, err


def interrupted_prove(menger, proofs, scratch):
    checkpoint = os.path.join(scratch, "prove.jsonl")
    if os.path.exists(checkpoint):
        os.remove(checkpoint)
    status, out, err = interrupted_run(menger, checkpoint, 1, args=["prove", os.path.join(proofs, "003"),
                                                                    "--no-timing", "--json", ""])
    if status != 4 or "the run was interrupted" not in out:
        fail("prove: exit %d after SIGINT:\n%s%s" % (status, out, err))
    if "checkpoint   %s keeps the work settled so far" % checkpoint not in out:
        fail("prove: the output does not say what the checkpoint keeps:\n%s" % out)
    with open(checkpoint) as f:
        records = f.read()
    if "interrupted" in records:
        fail("prove: the checkpoint records an instance the interruption cut short")


def main():
    menger, proofs, scratch = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(scratch, exist_ok=True)
    checkpoint = os.path.join(scratch, "interrupted.jsonl")
    if os.path.exists(checkpoint):
        os.remove(checkpoint)
    status, out, err = interrupted_run(menger, checkpoint, 2)
    if status != 4:
        fail("exit %d after SIGINT (expected 4, UNKNOWN); stderr: %s" % (status, err))
    result = json.loads(out)
    if result.get("verdict") != "UNKNOWN":
        fail("verdict %r after SIGINT" % result.get("verdict"))
    coverage = result["coverage"]
    if "the run was interrupted" not in json.dumps(coverage):
        fail("the coverage does not say the run was interrupted: %s" % json.dumps(coverage))
    if not 0 < coverage["settled"] < coverage["total"]:
        fail("coverage %d of %d after SIGINT mid-run" % (coverage["settled"], coverage["total"]))
    kept = lines(checkpoint)
    if kept < 3:
        fail("the checkpoint holds %d lines after the interruption" % kept)
    status, out, err = interrupted_run(menger, checkpoint, kept)
    if status != 4:
        fail("exit %d after the resumed run's SIGINT; stderr: %s" % (status, err))
    resumed = json.loads(out)["coverage"].get("resumed")
    if not resumed or resumed.get("taken", 0) < kept - 1:
        fail("the resumed run did not take the %d chunks the checkpoint held: %r" % (kept - 1, resumed))
    kept = lines(checkpoint)
    status, out, err = interrupted_run(menger, checkpoint, kept, text=True)
    if status != 4 or "(the run was interrupted)" not in out:
        fail("exit %d, text output after SIGINT:\n%s" % (status, out))
    if "checkpoint   %s keeps the work settled so far" % checkpoint not in out:
        fail("the text output does not say what the checkpoint keeps:\n%s" % out)
    interrupted_prove(menger, proofs, scratch)
    print("ok: interrupted at %d of %d pairs, resumed from %d chunks" %
          (coverage["settled"], coverage["total"], resumed["taken"]))


main()
