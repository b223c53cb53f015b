#!/usr/bin/env python3
"""The examples of docs/formats.md, read by menger: the page cannot drift from the readers.

Usage: doc_formats.py MENGER DOC WORK_DIR

Every block that follows a marker line
    <!-- example NAME: nodes 4, links 4, endpoints 0 -->
is written to WORK_DIR/NAME and read with `menger info "file(NAME)" --json`;
each count the marker states must be the one menger reports, and the read
must succeed.  A page without examples fails too (the markers were lost).
"""

import json
import os
import re
import subprocess
import sys

MARKER = re.compile(r"^<!-- example (\S+): (.*) -->$")
COUNT = re.compile(r"^(\w+) (\d+)$")


def examples(text):
    """(name, {count: value}, body) for every marked block, in page order."""
    lines = text.split("\n")
    found = []
    for i, line in enumerate(lines):
        m = MARKER.match(line.strip())
        if not m:
            continue
        counts = {}
        for part in m.group(2).split(","):
            c = COUNT.match(part.strip())
            if not c:
                raise SystemExit("marker on line %d: '%s' is not 'name number'" % (i + 1, part.strip()))
            counts[c.group(1)] = int(c.group(2))
        if i + 1 >= len(lines) or not lines[i + 1].startswith("```"):
            raise SystemExit("marker on line %d is not followed by a ``` block" % (i + 1))
        end = lines.index("```", i + 2)
        found.append((m.group(1), counts, "\n".join(lines[i + 2:end]) + "\n"))
    return found


def main():
    menger, doc, work = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    os.makedirs(work, exist_ok=True)
    with open(doc, encoding="utf-8") as f:
        cases = examples(f.read())
    if not cases:
        raise SystemExit("%s has no marked examples" % doc)
    failed = 0
    for name, counts, body in cases:
        with open(os.path.join(work, name), "w", encoding="utf-8") as f:
            f.write(body)
        run = subprocess.run([menger, "info", "file(%s)" % name, "--json"], cwd=work, capture_output=True, text=True)
        if run.returncode != 0:
            print("%s: menger info exited %d: %s" % (name, run.returncode, run.stderr.strip()))
            failed += 1
            continue
        info = json.loads(run.stdout)
        wrong = [key for key, want in counts.items() if key not in info or info[key]["exact"] != str(want)]
        for key in wrong:
            got = info[key]["exact"] if key in info else "not reported"
            print("%s: %s is %s, the page says %d" % (name, key, got, counts[key]))
        failed += len(wrong)
        if not wrong:
            print("%s: read, %s as the page says" % (name, ", ".join("%s %d" % kv for kv in counts.items())))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
