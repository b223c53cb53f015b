#!/usr/bin/python3
"""`menger --progress auto|bar|log|none` (issue 42: progress everywhere, forced either way).

Usage: cli_progress.py MENGER

Each mode runs the same tolerance question, which its --budget stops after
3 s whatever the machine's speed (the whole question takes minutes), so that
the engine reports merged blocks for longer than the 1 s after which an asked
for log shows its first line.  Nothing here depends on how fast the blocks go:
log must show `progress` lines and no redraws, bar must redraw and write no
log lines, none must write neither; every run must still answer (UNKNOWN, exit
4, the coverage on stdout), and a mode that is not one is refused (exit 2).
"""
import subprocess
import sys

QUESTION = ["tolerance", "hypercube(16)", "--no-symmetry", "--budget", "3"]
REDRAW = "\r\x1b[K"


class Run:
    """stdout and stderr as written: text mode would read the redraw's \\r as a line break."""

    def __init__(self, p):
        self.returncode, self.stdout, self.stderr = p.returncode, p.stdout.decode(), p.stderr.decode()


def run(menger, mode):
    return Run(subprocess.run([menger, "--progress", mode] + QUESTION, capture_output=True, timeout=120))


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def main():
    menger = sys.argv[1]
    for mode in ["log", "bar", "none"]:
        p = run(menger, mode)
        if p.returncode != 4 or "INCOMPLETE" not in p.stdout:
            fail("%s: expected the budget's UNKNOWN (exit 4), got %d:\n%s%s" % (mode, p.returncode, p.stdout, p.stderr))
        lines = [l for l in p.stderr.splitlines() if l.startswith("progress     ")]
        redrawn = REDRAW in p.stderr
        if mode == "log" and (not lines or redrawn):
            fail("log: %d progress lines, redrawn %s:\n%r" % (len(lines), redrawn, p.stderr))
        if mode == "bar" and (lines or not redrawn):
            fail("bar: %d progress lines, redrawn %s:\n%r" % (len(lines), redrawn, p.stderr))
        if mode == "none" and (lines or redrawn):
            fail("none: %d progress lines, redrawn %s:\n%r" % (len(lines), redrawn, p.stderr))
        print("%s: %d log lines, redrawn %s" % (mode, len(lines), redrawn))
    p = subprocess.run([menger, "--progress", "sometimes", "list"], capture_output=True, text=True)
    if p.returncode != 2 or "auto, bar, log or none" not in p.stderr:
        fail("a bad --progress: exit %d, %r" % (p.returncode, p.stderr))
    print("ok")


if __name__ == "__main__":
    main()
