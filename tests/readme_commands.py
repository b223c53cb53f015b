#!/usr/bin/python3
"""Every command the README shows runs (issue 42: "every command in the README run by a
test").  The quickstart has its own test (readme_quickstart.py), which also checks what
each command prints; this one runs the rest: each `menger ...` or `mpirun ... menger ...`
line (a line ending in a backslash goes on) and each `PYTHONPATH=... /usr/bin/python3 ...`
line of the README's ```sh blocks, in order, in one scratch folder, so that a command may
read what an earlier one wrote (c.json, w.json, p.gz ...).  Each must exit 0 or 1 (a
verdict: HOLDS / FREE or FAILS / DEADLOCK), never 2 (bad input), 3 (evidence that did not
re-check) or 4 (budget), and finish in its time limit.

The scripts/ lines (install, build, test) are not run here: CI runs them.  The README's
placeholders for a site's own files are the catalog's fabrics: DUMPDIR is an OpenSM dump
folder, fabric.net and roots.txt an ibsim fabric and its root switches.

Usage: /usr/bin/python3 tests/readme_commands.py MENGER README SOURCE_DIR PYTHONPATH
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

from readme_quickstart import quickstart_block  # this script's folder is on sys.path

PLACEHOLDERS = {
    "DUMPDIR": "proofs/known/infiniband/torus-4x4-dor",
    "fabric.net": "proofs/known/infiniband/fattree-4x2.net",
    "roots.txt": "proofs/known/infiniband/fattree-4x2.roots",
}
LIMIT_SECONDS = 300


def sh_blocks(text):
    return re.findall(r"```sh\n(.*?)```", text, re.S)


def logical_lines(block):
    out, pending = [], ""
    for line in block.splitlines():
        line = pending + line.strip() if pending else line.rstrip()
        if line.endswith("\\"):
            pending = line[:-1].rstrip() + " "
            continue
        pending = ""
        out.append(line)
    return out


def strip_comment(line):
    """The command without its trailing `# ...` (shlex keeps quoted #s)."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=False)
    lexer.whitespace_split = True
    lexer.commenters = "#"
    return list(lexer)


def commands(readme):
    text = open(readme, encoding="utf-8").read()
    quick_block = quickstart_block(text)
    out = []
    for block in sh_blocks(text):
        if block == quick_block:
            continue  # readme_quickstart.py runs it and checks its output
        for line in logical_lines(block):
            if re.match(r"(menger |mpirun .*\bmenger |PYTHONPATH=)", line):
                out.append((line, strip_comment(line)))
    return out


def prepared(args, menger, source, pythonpath):
    env = dict(os.environ)
    argv = []
    for a in args:
        if "=" in a and not argv and a.startswith("PYTHONPATH="):
            env["PYTHONPATH"] = pythonpath  # the README's build/python, wherever the build is
            continue
        argv.append(a)
    argv = [menger if a == "menger" else os.path.join(source, PLACEHOLDERS[a]) if a in PLACEHOLDERS else a
            for a in argv]
    if argv[0] == "mpirun":
        # The README's command as printed; what this machine needs besides (root, 2 cores)
        # goes into the environment, not the command.
        env.update(OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
                   OMPI_MCA_rmaps_base_oversubscribe="1")
    return argv, env


def main(menger, readme, source, pythonpath):
    menger, source, pythonpath = (os.path.abspath(p) for p in (menger, source, pythonpath))
    runs = commands(readme)
    if len(runs) < 20:
        sys.exit("found %d README commands to run; expected at least 20" % len(runs))
    problems = 0
    work = tempfile.mkdtemp(prefix="menger-readme-")
    try:
        for name in ("proofs", "docs"):
            os.symlink(os.path.join(source, name), os.path.join(work, name))
        for line, args in runs:
            argv, env = prepared(args, menger, source, pythonpath)
            start = time.monotonic()
            try:
                r = subprocess.run(argv, cwd=work, env=env, capture_output=True, text=True,
                                   timeout=LIMIT_SECONDS)
                rc, err = r.returncode, r.stderr
            except subprocess.TimeoutExpired:
                rc, err = "timeout", "no end in %d s" % LIMIT_SECONDS
            took = time.monotonic() - start
            ok = rc in (0, 1)
            print("%s %6.1f s  %s" % ("ok  " if ok else "FAIL", took, line))
            if not ok:
                print("     exit %s: %s" % (rc, err.strip()[-2000:]))
                problems += 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:5]))
