#!/usr/bin/python3
"""The README's quickstart runs (issue 42): every `menger ...` line of the block after the
`<!-- quickstart` marker is run with the built binary, exits 0 or 1 (a verdict, not an
error), and prints each `#  ...` line written under it (the part before two spaces and a
`#` comment, if any, compared verbatim, as a line of the output's start).  The section
stays a quickstart: at most 25 lines from its heading to the next, blank lines, the
heading and the marker not counted (the issue's "25-line quickstart").

Usage: /usr/bin/python3 tests/readme_quickstart.py MENGER README SOURCE_DIR
"""
import re
import shlex
import subprocess
import sys


def quickstart_block(text):
    """The body of the ```sh block after the `<!-- quickstart` marker."""
    start = text.index("<!-- quickstart")
    return re.search(r"```sh\n(.*?)```", text[start:], re.S).group(1)


def commands(readme):
    block = quickstart_block(open(readme, encoding="utf-8").read())
    out = []
    for line in block.splitlines():
        if line.startswith("menger "):
            out.append((line.split("  #")[0].strip(), []))
        elif line.startswith("#  ") and out:
            out[-1][1].append(line[3:].rstrip())
    return out


QUICKSTART_LINES = 25


def section_lines(readme):
    text = open(readme, encoding="utf-8").read()
    section = text[text.index("## Quickstart\n") + len("## Quickstart\n"):]
    section = section[:section.index("\n## ")]
    return [line for line in section.splitlines()
            if line.strip() and not line.startswith("<!-- quickstart")]


def main(menger, readme, source):
    problems = 0
    counted = len(section_lines(readme))
    if counted > QUICKSTART_LINES:
        print("FAIL the quickstart section has %d lines; at most %d" % (counted, QUICKSTART_LINES))
        problems += 1
    runs = commands(readme)
    if len(runs) < 5:
        sys.exit("the quickstart has %d menger commands; expected at least 5" % len(runs))
    for command, expected in runs:
        args = shlex.split(command)[1:]
        result = subprocess.run([menger, *args], capture_output=True, text=True, cwd=source)
        lines = result.stdout.splitlines()
        if result.returncode not in (0, 1):
            print("FAIL %s: exit %d\n%s" % (command, result.returncode, result.stderr))
            problems += 1
            continue
        for want in expected:
            if not any(line.startswith(want) for line in lines):
                print("FAIL %s: no line starts with %r; it printed:\n%s" % (command, want, result.stdout))
                problems += 1
        print("%s %s" % ("ok  " if not problems else "    ", command))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
