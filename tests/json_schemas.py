#!/usr/bin/python3
"""Every JSON output of Menger validates against its schema in schemas/.

Usage: json_schemas.py MENGER SCHEMA_DIR PROOFS_DIR SLICE_FILE SCRATCH_DIR

Runs each verb with --json on several small models (a HOLDS or FREE case, a
FAILS or DEADLOCK case with its witness, an UNKNOWN case cut short by
--budget, and one whose budget runs out before the engine starts) and `menger prove --json` on the catalog slice (every claim kind),
and validates each document against its schema (schemas/*.schema.json, draft
2020-12, python3-jsonschema from Debian).  Nothing here states what a verdict
should be: the cases only have to cover, between them, the verdict kinds whose
fields differ (a witness, a budget cut), and that is checked.

The test can fail the other way too: every document is also mutated, one field
renamed at a time at keys spread over the whole document, and each mutated
copy must be refused (a schema that lets a renamed field through documents
nothing).  Keys inside objects the schemas leave open on purpose (evidence
files with readers of their own, a verdict's certificate or witness in the
prove report) are not renamed.
"""
import gzip
import json
import os
import subprocess
import sys
import warnings

import jsonschema

SCHEMAS = ["common", "structure", "tolerance", "tolerance-question", "route-check", "route-check-question", "deadlock", "deadlock-question", "credit-loops", "montecarlo", "montecarlo-question", "credit-loops-question", "info-question", "opensm-faults", "opensm-faults-question", "prove", "route-proof-header", "deadlock-proof-header"]
KINDS = ["structure", "tolerance", "route-tolerance", "deadlock-free", "estimate", "same-routing", "opensm-faults"]

# (schema, arguments after `menger`); --json is added.
CASES = [
    ("structure", ["info", "hypercube(3)"]),
    ("structure", ["info", "mikant(3,3)"]),
    ("structure", ["info", "hypercube(10)"]),
    ("structure", ["info", "min(stages=3, radix=4, wiring=deterministic)"]),
    ("structure", ["info", "torus(300,300)", "--no-symmetry", "--per-source", "--budget", "1"]),
    ("tolerance", ["tolerance", "hypercube(3)"]),
    ("tolerance", ["tolerance", "mikant(3,3)", "--faults", "links", "--no-certificate"]),
    ("tolerance", ["tolerance", "min(stages=3, radix=4, wiring=random)", "--faults", "components"]),
    ("tolerance", ["tolerance", "hypercube(15)", "--no-symmetry", "--budget", "1"]),
    ("tolerance", ["tolerance", "hypercube(20)", "--budget", "1"]),  # cut short while building the network
    ("route-check", ["route-check", "mikant(3,3)", "--routing", "mikant-x-turns", "--faults", "switch-links", "--k", "2"]),
    ("route-check", ["route-check", "torus(4,4)", "--routing", "shortest", "--k", "1", "--path-bound", "distance + 2"]),
    ("route-check", ["route-check", "torus(4,4)", "--routing", "dor", "--k", "1", "--symbolic"]),
    ("route-check", ["route-check", "torus(4,4)", "--routing", "dor", "--k", "2", "--settle-all", "--excuse-disconnected"]),
    ("route-check", ["route-check", "mesh(3,3)", "--routing", "shortest", "--k", "2", "--failures", "3"]),
    ("route-check", ["route-check", "torus(8,8)", "--routing", "shortest", "--k", "3", "--no-symmetry", "--budget", "1"]),
    ("deadlock", ["deadlock", "torus(4,4)", "--routing", "duato-torus"]),
    ("deadlock", ["deadlock", "mikant(3,3)", "--routing", "mikant-x-turns", "--faults", "switch-links", "--k", "2"]),
    ("deadlock", ["deadlock", "mesh(3,3)", "--routing", "north-last-split", "--switching", "wormhole"]),
    ("deadlock", ["deadlock", "torus(4,4)", "--routing", "dor(flow=bubble)", "--faults", "links", "--k", "1"]),
    ("deadlock", ["deadlock", "torus(6,6)", "--routing", "duato-torus", "--faults", "links", "--k", "4",
                  "--no-symmetry", "--budget", "1"]),
    # UNKNOWN by a named bound of the exact check, whatever the machine's speed:
    # SAT's deadlocked configurations are not brought in (bench/RESULTS.md).
    ("deadlock", ["deadlock", "torus(6,6)", "--routing", "duato-bubble", "--faults", "nodes", "--k", "2"]),
    ("montecarlo", ["montecarlo", "mikant(3,3)", "--experiment", "routing", "--faults", "links", "--routing",
                    "mikant-shortest", "--routing", "mikant-x-turns", "--counts", "0..2", "--trials", "300"]),
    ("montecarlo", ["montecarlo", "min(stages=3, radix=4, wiring=random)", "--experiment", "completeness",
                    "--best-of", "2", "--trials", "200"]),
    ("montecarlo", ["montecarlo", "torus(4,4)", "--experiment", "combinations", "--faults", "links", "--routing",
                    "dor", "--counts", "1..2", "--trials", "50"]),
    ("montecarlo", ["montecarlo", "torus(16,16)", "--experiment", "routing", "--faults", "nodes", "--routing",
                    "shortest", "--rates", "0.01,0.02", "--trials", "100000000", "--exact-limit", "0", "--budget", "1"]),
]
# credit-loops on the catalog's OpenSM dumps (directories under proofs/known/infiniband).
INFINIBAND = ["torus-4x4-dor", "torus-4x4-dfsssp", "fattree-4x2-updn"]

# Where a schema leaves an object open on purpose: keys below these paths are not renamed
# ("*" matches any key or index).
OPEN = {
    "deadlock": [("evidence",)],
    "prove": [("claims", "*", "instances", "*", "certificate"), ("claims", "*", "instances", "*", "witness")],
}
MUTATIONS_PER_DOCUMENT = 40


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def load_schemas(schema_dir):
    store, schemas = {}, {}
    for name in SCHEMAS:
        with open(os.path.join(schema_dir, name + ".schema.json")) as f:
            schema = json.load(f)
        jsonschema.Draft202012Validator.check_schema(schema)
        for field in ("$id", "version", "title", "description"):
            if field not in schema:
                fail("%s.schema.json has no %s" % (name, field))
        store[schema["$id"]] = schema
        schemas[name] = schema
    try:  # jsonschema >= 4.18 resolves references through `referencing`; Debian 12's 4.10 has RefResolver
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT202012
        registry = Registry().with_resources(
            (uri, Resource.from_contents(schema, default_specification=DRAFT202012)) for uri, schema in store.items())
        return {name: jsonschema.Draft202012Validator(schema, registry=registry) for name, schema in schemas.items()}
    except ImportError:
        validators = {}
        for name, schema in schemas.items():
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                resolver = jsonschema.RefResolver.from_schema(schema, store=store)
            validators[name] = jsonschema.Draft202012Validator(schema, resolver=resolver)
        return validators


def problems(validator, document):
    return sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))


def below_open(path, open_paths):
    for prefix in open_paths:
        if len(path) >= len(prefix) and all(p == "*" or p == q for p, q in zip(prefix, path)):
            return True
    return False


def key_paths(document, open_paths, path=()):
    """Every (path of an object, key in it), depth first, skipping open subtrees."""
    if isinstance(document, dict):
        if not below_open(path, open_paths):
            for key in document:
                yield path, key
        for key, value in document.items():
            yield from key_paths(value, open_paths, path + (key,))
    elif isinstance(document, list):
        for i, value in enumerate(document):
            yield from key_paths(value, open_paths, path + (i,))


def renamed(document, path, key):
    copy = json.loads(json.dumps(document))
    node = copy
    for p in path:
        node = node[p]
    node[key + "_renamed"] = node.pop(key)
    return copy


def check_document(validators, schema, document, label):
    errors = problems(validators[schema], document)
    if errors:
        for e in errors[:5]:
            print("  at /%s: %s" % ("/".join(str(p) for p in e.absolute_path), e.message[:300]))
        fail("%s does not validate against %s.schema.json" % (label, schema))
    keys = list(key_paths(document, OPEN.get(schema, [])))
    step = max(1, len(keys) // MUTATIONS_PER_DOCUMENT)
    for path, key in keys[::step]:
        if not problems(validators[schema], renamed(document, path, key)):
            fail("%s with /%s renamed to %s_renamed still validates against %s.schema.json"
                 % (label, "/".join(str(p) for p in path + (key,)), key, schema))
    return len(keys[::step])


def run_json(menger, args, label):
    proc = subprocess.run([menger] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if proc.returncode not in (0, 1, 4):
        fail("%s exited %d: %s" % (label, proc.returncode, proc.stderr.strip()))
    try:
        return json.loads(proc.stdout)
    except json.JSONDecodeError as e:
        fail("%s printed no JSON (%s): %s" % (label, e, proc.stdout[:200]))


def verdict_of(schema, document):
    if "phase" in document:
        return "CUT SHORT"
    if schema == "structure":
        return "UNKNOWN" if document["distances"]["sources_done"] < document["distances"]["sources_total"] else "EXACT"
    if schema == "tolerance":
        return "EXACT" if document["complete"] else "UNKNOWN"
    if schema == "montecarlo":
        return "ESTIMATE" if document["complete"] else "UNKNOWN"
    if schema == "credit-loops":
        return "LOOP" if document["credit_loop"] else "NO LOOP"
    return document["verdict"]


def main():
    if len(sys.argv) != 6:
        fail(__doc__.strip().splitlines()[2])
    menger, schema_dir, proofs, slice_file, scratch = sys.argv[1:]
    os.makedirs(scratch, exist_ok=True)
    validators = load_schemas(schema_dir)

    # The negative case named in the issue, on a document written here: a renamed field is refused.
    seen = {}
    mutations = 0
    for schema, args in CASES:
        label = "menger " + " ".join(args) + " --json"
        document = run_json(menger, args + ["--json"], label)
        mutations += check_document(validators, schema, document, label)
        seen.setdefault(schema, set()).add(verdict_of(schema, document))
        if schema == "route-check" and document["verdict"] == "FAILS":
            bad = renamed(document, ("search",), "pairs_settled")
            if not problems(validators[schema], bad):
                fail("route-check with search/pairs_settled renamed still validates")
        print("ok   %-12s %-9s %s" % (schema, verdict_of(schema, document), label))
    # A HOLDS with its proof: the view's "proof" and the proof file's header line.
    proof = os.path.join(scratch, "proof.gz")
    args = ["route-check", "torus(4,4)", "--routing", "ft-torus", "--k", "2", "--excuse-disconnected", "--proof", proof]
    document = run_json(menger, args + ["--json"], "menger route-check --proof")
    mutations += check_document(validators, "route-check", document, "menger route-check --proof --json")
    if "proof" not in document:
        fail("route-check --proof --json has no proof")
    with gzip.open(proof, "rt") as f:
        header = json.loads(f.readline())
    mutations += check_document(validators, "route-proof-header", header, "the proof's header")
    print("ok   %-12s %-9s %s" % ("route-proof", "HOLDS", "the proof's header line"))
    # A FREE under faults with its proof: the same for the deadlock proof.
    proof = os.path.join(scratch, "deadlock-proof.gz")
    args = ["deadlock", "torus(4,4)", "--routing", "ft-torus(flow=bubble)", "--escape", "1,2", "--k", "2", "--proof", proof]
    document = run_json(menger, args + ["--json"], "menger deadlock --proof")
    mutations += check_document(validators, "deadlock", document, "menger deadlock --proof --json")
    if "proof" not in document:
        fail("deadlock --proof --json has no proof")
    with gzip.open(proof, "rt") as f:
        header = json.loads(f.readline())
    mutations += check_document(validators, "deadlock-proof-header", header, "the deadlock proof's header")
    print("ok   %-12s %-9s %s" % ("deadlock-proof", "FREE", "the proof's header line"))
    for dump in INFINIBAND:
        args = ["credit-loops", os.path.join(proofs, "known", "infiniband", dump), "--json"]
        document = run_json(menger, args, "menger credit-loops " + dump)
        mutations += check_document(validators, "credit-loops", document, "credit-loops " + dump)
        seen.setdefault("credit-loops", set()).add(verdict_of("credit-loops", document))
        print("ok   %-12s %-9s menger credit-loops %s --json" % ("credit-loops", verdict_of("credit-loops", document), dump))
    # opensm-faults: a HOLDS, a FAILS with its loop, an UNKNOWN cut short (OpenSM under ibsim).
    fabrics = os.path.join(proofs, "known", "infiniband")
    for args in (["fattree-4x2.net", "--engine", "ftree", "--roots", "fattree-4x2.roots"],
                 ["mesh-4x4.net", "--engine", "dor"],
                 ["torus-4x4.net", "--engine", "updn", "--roots", "torus-4x4.roots", "--k", "2", "--budget", "2"]):
        full = ["opensm-faults", os.path.join(fabrics, args[0])] + [
            os.path.join(fabrics, a) if a.endswith(".roots") else a for a in args[1:]] + ["--sls", "zero", "--json"]
        document = run_json(menger, full, "menger opensm-faults " + " ".join(args))
        mutations += check_document(validators, "opensm-faults", document, "opensm-faults " + args[0])
        seen.setdefault("opensm-faults", set()).add(document["verdict"])
        print("ok   %-12s %-9s menger opensm-faults %s --json" % ("opensm-faults", document["verdict"], args[0]))

    # The cases must between them show every verdict whose fields differ.
    wanted = {"route-check": {"HOLDS", "FAILS", "UNKNOWN"}, "deadlock": {"FREE", "DEADLOCK", "UNKNOWN"},
              "tolerance": {"EXACT", "UNKNOWN", "CUT SHORT"}, "structure": {"EXACT", "UNKNOWN"},
              "montecarlo": {"ESTIMATE", "UNKNOWN"}, "credit-loops": {"LOOP", "NO LOOP"},
              "opensm-faults": {"HOLDS", "FAILS", "UNKNOWN"}}
    for schema, verdicts in wanted.items():
        if not verdicts <= seen.get(schema, set()):
            fail("the %s cases showed %s, not every one of %s" % (schema, sorted(seen.get(schema, set())), sorted(verdicts)))

    with open(slice_file) as f:
        files = [os.path.join(proofs, line.strip()) for line in f if line.strip() and not line.startswith("#")]
    # With timings on two cheap files (the seconds fields), the whole slice without.
    for timing, claims in (([], files[:1]), (["--no-timing"], files)):
        report = os.path.join(scratch, "prove%s.json" % ("-untimed" if timing else ""))
        args = ["prove"] + claims + timing + ["--json", report, "--artifacts", os.path.join(scratch, "artifacts")]
        proc = subprocess.run([menger] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if proc.returncode not in (0, 1):
            fail("menger prove on the slice exited %d: %s" % (proc.returncode, proc.stderr.strip()))
        with open(report) as f:
            document = json.load(f)
        label = "menger prove (slice%s) --json" % (", --no-timing" if timing else "")
        mutations += check_document(validators, "prove", document, label)
        kinds = {c.get("kind") for c in document["claims"]}
        if timing and not set(KINDS) <= kinds:
            fail("the slice's report has no claim of kind %s" % sorted(set(KINDS) - kinds))
        print("ok   %-12s %-9s %s: %d claims, %d instances" % ("prove", "", label, len(document["claims"]),
                                                             document["summary"]["instances"]))
    print("every document validates; %d renamed-field copies were all refused" % mutations)


if __name__ == "__main__":
    main()
