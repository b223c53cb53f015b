"""Results that read well (issue 42): print(result) gives the lines a person
reads first, a notebook shows them, to_dict() is the one JSON view as Python
values, and whole numbers come back as ints.  Each line is checked against
the attributes it is made from, and the JSON view against the CLI's when the
binary is built (the Answer's one view, src/setup/answer.h)."""

import json
import os

import menger
from test_verbs import cli as cli_json  # the menger binary's --json, skipped when it is not built


def without_seconds(j):
    if isinstance(j, dict):
        return {k: without_seconds(v) for k, v in j.items() if "seconds" not in k}
    if isinstance(j, list):
        return [without_seconds(v) for v in j]
    return j


def test_a_failure_prints_its_set_pair_and_outcome():
    r = menger.route_check("torus(4,4)", "dor", k=1)
    text = str(r)
    first = text.splitlines()[0]
    assert r.verdict in first and r.routing in first and r.model in first
    assert "{%s}" % ", ".join(r.fault_set) in text
    assert "%s -> %s" % (r.source, r.destination) in text and r.outcome in text
    assert len(text.splitlines()) >= 3 and all(line.startswith("  ") for line in text.splitlines()[1:])


def test_to_dict_is_the_json_view_with_its_question():
    r = menger.route_check("torus(4,4)", "dor", k=1)
    d = r.to_dict()
    assert d == json.loads(r.to_json())
    assert d["question"]["k"] == 1 and d["verdict"] == r.verdict
    assert d["witness"]["fault_set"] == list(r.fault_set)
    assert without_seconds(d) == without_seconds(cli_json("route-check", "torus(4,4)", "--routing", "dor",
                                                           "--k", "1"))


def test_deadlock_tolerance_study_and_credit_loops_read_well():
    d = menger.deadlock("torus(4,4)", "duato-torus")
    assert str(d).splitlines()[0].endswith(": " + d.verdict) and d.method in str(d)
    t = menger.tolerance("hypercube(3)")
    assert "%d can break it" % t.min_breaking_weight in str(t)
    assert "separates %s -> %s" % (t.source, t.target) in str(t)
    s = menger.montecarlo("torus(4,4)", "routing", ["dor"], counts=[0, 2], trials=100)
    assert len(str(s).splitlines()) == 1 + len(s.points)
    assert s.to_dict()["question"]["trials"] == 100
    here = os.path.dirname(__file__)
    c = menger.credit_loops(os.path.join(here, "..", "..", "proofs", "known", "infiniband", "torus-4x4-minhop"))
    assert ("CREDIT LOOP" in str(c)) == c.credit_loop


def test_notebooks_show_the_same_lines_escaped():
    r = menger.route_check("torus(4,4)", "dor", k=1)
    page = r._repr_html_()
    assert page.startswith("<div") and "<b>" in page
    assert "-&gt;" in page and "->" not in page  # the pair's arrow, escaped


def test_whole_numbers_are_ints():
    i = menger.info("hypercube(3)")
    assert isinstance(i.diameter, int) and i.diameter == int(i.facts["diameter"]["exact"])
    assert isinstance(i.nodes, int)
    assert isinstance(i.avg_distance, float)  # 12/7: not a whole number
    assert "diameter %s" % i.facts["diameter"]["exact"] in str(i)


def test_the_readme_shows_what_print_prints():
    readme = os.environ.get("MENGER_README") or os.path.join(os.path.dirname(__file__), "..", "..", "README.md")
    text = open(readme, encoding="utf-8").read()
    start = text.index("`print(result)` shows")
    block = text[text.index("```\n", start) + 4:]
    block = block[:block.index("```")]
    assert str(menger.route_check("torus(4,4)", "dor", k=1)) + "\n" == block


def test_failures_lists_the_blast_radius_as_the_cli_does():
    r = menger.route_check("mesh(3,3)", "shortest", k=2, failures=2)
    f = r.failing_sets
    assert f["size"] == len(r.fault_set) and len(f["sets"]) == min(2, f["found"])
    assert list(r.fault_set) in [s["fault_set"] for s in f["sets"]] or f["found"] > 2
    assert menger.route_check("mesh(3,3)", "shortest", k=2).failing_sets is None
    cli = cli_json("route-check", "mesh(3,3)", "--routing", "shortest", "--k", "2", "--failures", "2")
    assert cli["failing_sets"] == f
