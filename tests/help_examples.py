#!/usr/bin/python3
"""Every example a verb's --help shows runs and ends with an answer (issue 42).

Usage: help_examples.py MENGER PROOFS_DIR SCRATCH_DIR

Each verb's --help ends with examples and what its exit status means.  Here
every example runs, in the order the verbs list them (a later example may
read what an earlier one wrote: `replay w.json` after `route-check --witness
w.json`), in a scratch folder where `proofs` is the project's claim folder.
An example must end with one of the statuses its verb documents for an answer
(0, 1 or 4), never 2 (bad input) or 3: an example that no longer parses is a
lie in the help.  `menger prove proofs/` is the whole catalog, which the
prove_catalog test runs; it is checked to be there and not run again.
"""
import os
import re
import shlex
import subprocess
import sys

VERBS = ["route-check", "replay", "deadlock", "tolerance", "montecarlo", "info", "prove", "check-cert",
         "credit-loops", "opensm-faults"]
CATALOG = "menger prove proofs/"


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def examples(menger, verb):
    text = subprocess.run([menger, verb, "--help"], capture_output=True, text=True, check=True).stdout
    if "Examples:" not in text or "Exit status:" not in text:
        fail("%s --help has no examples or no exit status" % verb)
    statuses = text[text.index("Exit status:"):]
    if "2 bad input" not in statuses or "3 internal error" not in statuses:
        fail("%s --help does not say what exit 2 and 3 mean" % verb)
    answers = set(int(n) for n in re.findall(r"(?:^|[:,] )(\d) ", statuses.split(";")[0]))
    block = text[text.index("Examples:"):text.index("Exit status:")]
    return [line.strip() for line in block.splitlines() if line.strip().startswith("menger ")], answers


def main():
    menger, proofs, scratch = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    os.makedirs(scratch, exist_ok=True)
    link = os.path.join(scratch, "proofs")
    if not os.path.islink(link):
        os.symlink(os.path.abspath(proofs), link)
    ran = 0
    for verb in VERBS:
        lines, answers = examples(menger, verb)
        if not lines or not answers or not answers <= {0, 1, 4}:
            fail("%s: examples %r, answer statuses %r" % (verb, lines, answers))
        for line in lines:
            if line == CATALOG:
                continue
            args = shlex.split(line)[1:]
            proc = subprocess.run([menger] + args, cwd=scratch, capture_output=True, text=True, timeout=300)
            if proc.returncode not in answers:
                fail("`%s` exited %d (documented: %s): %s" % (line, proc.returncode, sorted(answers),
                                                               proc.stderr.strip()))
            ran += 1
    print("ok: %d examples ran" % ran)


main()
