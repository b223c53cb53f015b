#!/usr/bin/python3
"""--dot / --svg on route-check, deadlock and tolerance (issue 42): one witness
drawn without a claim file.

Usage: cli_witness_drawing.py MENGER SCRATCH

Each verb writes its evidence (--witness / --certificate) beside the picture;
the picture must mark exactly what the evidence names: the fault set's nodes
as faulty, the pair's ends as ends.  Nothing here says which set or pair a
verb finds: they are read from the evidence file.  A FREE answer has nothing
to draw and says so, writing no file.
"""
import json
import os
import re
import subprocess
import sys


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def run(menger, args, expect):
    p = subprocess.run([menger] + args, capture_output=True, text=True, timeout=300)
    if p.returncode != expect:
        fail("%s: exit %d, expected %d:\n%s%s" % (" ".join(args), p.returncode, expect, p.stdout, p.stderr))
    return p.stdout


def marked(dot_file, mark):
    """The labels of the nodes the picture gives class `mark`."""
    text = open(dot_file).read()
    return {m.group(1) for m in re.finditer(r'label="((?:[^"\\]|\\.)*)"[^\]]*class=' + mark + r'\b', text)}


def expect_marks(dot_file, faulty, ends, what):
    got_faulty, got_ends = marked(dot_file, "faulty"), marked(dot_file, "end")
    if got_faulty != set(faulty) or got_ends != set(ends):
        fail("%s: faulty %s ends %s, the evidence names %s and %s" % (what, sorted(got_faulty), sorted(got_ends),
                                                                         sorted(faulty), sorted(ends)))
    print("%s: %d faulty, %d ends, as the evidence says" % (what, len(got_faulty), len(got_ends)))


def main():
    menger, scratch = sys.argv[1], sys.argv[2]
    os.makedirs(scratch, exist_ok=True)
    at = lambda name: os.path.join(scratch, name)

    run(menger, ["route-check", "torus(4,4)", "--routing", "dor", "--k", "1", "--witness", at("w.json"),
                 "--dot", at("w.dot")], 1)
    w = json.load(open(at("w.json")))
    expect_marks(at("w.dot"), w["fault_set"], [w["source"], w["destination"]], "route-check")

    run(menger, ["tolerance", "hypercube(3)", "--json", "--dot", at("t.dot")], 0)
    t = json.loads(run(menger, ["tolerance", "hypercube(3)", "--json"], 0))
    expect_marks(at("t.dot"), t["breaking_set"], t["separates"], "tolerance")

    run(menger, ["deadlock", "torus(4,4)", "--routing", "dor", "--witness", at("d.json"), "--dot", at("d.dot")], 1)
    d = json.load(open(at("d.json")))
    text = open(at("d.dot")).read()
    label = {m.group(1): m.group(2) for m in re.finditer(r'^  (n\d+) \[label="((?:[^"\\]|\\.)*)"', text, re.M)}
    held = sorted(label[m.group(1)] for m in re.finditer(r'^  (n\d+) -> n\d+ \[[^\]]*class=held', text, re.M))
    holders = sorted(p["channel"][0] for p in d["packets"])
    if not holders or held != holders:
        fail("deadlock: held channels drawn from %s, the witness's packets hold channels of %s" % (held, holders))
    print("deadlock: %d held channels, as the witness says" % len(held))

    out = run(menger, ["deadlock", "torus(4,4)", "--routing", "duato-torus", "--dot", at("free.dot")], 0)
    if "nothing to draw" not in out or os.path.exists(at("free.dot")):
        fail("a FREE answer drew something:\n" + out)
    print("ok")


if __name__ == "__main__":
    main()
