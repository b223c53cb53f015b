#!/usr/bin/env python3
"""The layers of the house, enforced from the #include lines (issue 37).

Usage: layers.py SOURCE_DIR

Three rules, each read from every "..." include of the C++ sources:

1. A folder includes only the folders below it (FOLDERS: core at the bottom;
   the engines in verify/ see core and the questions, never a model family or
   a registry; the front ends on top).
2. Specs become objects in src/setup/ alone: the registries
   (models/registry.h, models/routing_registry.h) are included by models/ and
   src/setup/ only.
3. The independent checkers (verify/check/) include no engine code: a checker
   file includes only other checkers and the shared evidence and interface
   headers (CHECKER_MAY_INCLUDE).
And: no two modules (a .h with its .cpp) include each other.

Where main does not yet keep a rule, the exception is listed in DEBTS with
the reason.  The lists are a ratchet: a new violation fails, and so does a
listed one that no longer exists (remove it from the list), so that the lists
only shrink.
"""

import os
import re
import sys
from collections import defaultdict

# folder -> the folders its files may include (itself always).
FOLDERS = {
    "src/core": [],
    "src/question": ["core"],
    "models": ["core"],
    "verify": ["core", "question"],
    "src/dist": ["core"],
    "src/io": ["core", "models", "verify"],
    # setup answers the subnet-manager loop through io's OpenSM session (io/opensm_session.h).
    "src/setup": ["core", "question", "models", "verify", "io"],
    "src/claims": ["core", "question", "models", "verify", "setup", "io"],
    "src/cli": ["core", "question", "models", "verify", "setup", "io", "claims", "dist", "cli"],
    "python/src": ["core", "question", "models", "verify", "setup", "io", "claims"],
}
# what an include's first folder names, per folder of the tree
INCLUDE_ROOTS = {"core": "src/core", "question": "src/question", "models": "models", "verify": "verify",
                 "setup": "src/setup", "io": "src/io", "claims": "src/claims", "dist": "src/dist", "cli": "src/cli"}

REGISTRIES = {"models/registry.h", "models/routing_registry.h"}
REGISTRY_HOMES = ("models/", "src/setup/")

# The independent checkers are the files of verify/check/.  Besides each
# other, they may read the shared types and interfaces: the evidence they check
# (its format, written by the engines), the fault model and the spec resolver
# they are handed, the CNF they re-read.
CHECKER_HOME = "verify/check/"
CHECKER_MAY_INCLUDE = {
    "verify/sat/cnf.h", "verify/fault_model.h", "verify/spec_resolver.h", "verify/evidence_inputs.h",
    "verify/tolerance/certificate.h", "verify/deadlock/deadlock_evidence.h", "verify/route/route_proof.h",
    "verify/deadlock/deadlock_proof.h", "verify/proof_stream.h"}

DEBTS = {
    "registry": set(),
    "checker": set(),
    "cycle": set(),
    "folder": set(),
}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def sources(root):
    for folder in FOLDERS:
        for dirpath, _, files in os.walk(os.path.join(root, folder)):
            for f in sorted(files):
                if f.endswith((".h", ".cpp")):
                    path = os.path.join(dirpath, f)
                    yield folder, os.path.relpath(path, root)


def includes(root, path):
    with open(os.path.join(root, path), encoding="utf-8") as f:
        return INCLUDE.findall(f.read())


def repo_path(include):
    head = include.split("/", 1)[0]
    return INCLUDE_ROOTS[head] + "/" + include.split("/", 1)[1] if head in INCLUDE_ROOTS and "/" in include else None


def module(path):
    return os.path.splitext(path)[0]


def check(root):
    found = defaultdict(set)
    edges = defaultdict(set)
    for folder, path in sources(root):
        own = folder.split("/")[-1] if folder != "python/src" else None
        for inc in includes(root, path):
            head = inc.split("/", 1)[0] if "/" in inc else None
            if head in INCLUDE_ROOTS and head != own and head not in FOLDERS[folder]:
                found["folder"].add((path, inc))
            if inc in REGISTRIES and not path.startswith(REGISTRY_HOMES):
                found["registry"].add((path, inc))
            if path.startswith(CHECKER_HOME) and inc.startswith("verify/") and not inc.startswith(CHECKER_HOME) \
                    and inc not in CHECKER_MAY_INCLUDE:
                found["checker"].add((path, inc))
            target = repo_path(inc)
            if target and module(target) != module(path):
                edges[module(path)].add(module(target))
    for a in list(edges):
        for b in edges[a]:
            if a < b and a in edges.get(b, ()):
                found["cycle"].add((a, b))
    return found


def main():
    root = sys.argv[1]
    failures = []
    found = check(root)
    for rule, debts in DEBTS.items():
        for v in sorted(found[rule] - debts):
            failures.append("%s rule broken: %s includes %s" % (rule, v[0], v[1]) if rule != "cycle"
                            else "cycle: %s and %s include each other" % v)
        for v in sorted(debts - found[rule]):
            failures.append("%s debt paid: %s / %s no longer there; remove it from DEBTS in tests/layers.py"
                            % (rule, v[0], v[1]))
    for f in failures:
        print("FAIL: " + f)
    if failures:
        return 1
    print("layers hold: %d files; debts left: %s" % (sum(1 for _ in sources(root)),
                                                     ", ".join("%d %s" % (len(d), r) for r, d in DEBTS.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
