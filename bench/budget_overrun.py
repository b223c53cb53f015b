"""How far past its --budget each verb runs (issue 36, "Budgets that hold").

Runs a matrix verb x input size x budget with the menger binary given as the
first argument, measures each command's wall time, exit status and peak
resident memory (os.wait4's rusage of the child, nauty's child process
included), and writes a Markdown table to stdout: the overrun (wall - budget)
and whether it is within the bound max(1 s, 10% of the budget).  The rows
with --memory-limit also check the peak resident memory against the limit
(bound: 10% over it, plus 64 MiB for the process itself and the last
check interval).

Every input is heavy enough to run far past its budget (the point is to show
that it stops): long paths and large tori for `info`, the four cases of the
issue (info on a 200,000-node path, route-check and deadlock on torus(300,300),
deadlock --k 1 on torus(64,64)), a claim file of one heavy instance for
`prove`, and a witness and certificates naming a network of 8,388,608 nodes
(or whose re-check walks millions of packets) for `replay` and `check-cert`.
They are written to a scratch directory made by this script.

    /usr/bin/python3 bench/budget_overrun.py build/src/cli/menger > overrun.md
    # options: --budgets 1,2,5  --repeat 2  --only TEXT (rows whose verb or input
    # contains TEXT)  --memory-limit GIB (the memory rows' limit, default 0.25)

Exit status 1 when some row is outside its bound.  The machine's load is
printed with the table: on a loaded machine, measure each row at least twice
(--repeat, default 2; the table shows every run and judges the worst).
"""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_env import loadavg, machine, source_revision  # noqa: E402

HUGE = "rdn(base=hypercube(5), k=2)"  # 8,388,608 nodes: building it alone takes about 20 s

# (verb, size, arguments after the verb, budget given with --budget or None).
# A row with budget None runs under every budget of --budgets.
CASES = [
    ("info", "small", ["info", "mesh(50000)"]),
    ("info", "medium", ["info", "mesh(200000)"]),  # finding 1: 30x past a 2 s budget
    ("info", "large", ["info", "mesh(1000,1000)", "--no-symmetry"]),
    ("tolerance", "small", ["tolerance", "hypercube(14)", "--no-symmetry"]),
    ("tolerance", "medium", ["tolerance", "mesh(300,300)", "--no-symmetry"]),
    ("tolerance", "large", ["tolerance", HUGE]),
    ("route-check", "small", ["route-check", "torus(16,16)", "--routing", "shortest", "--k", "4"]),
    ("route-check", "medium", ["route-check", "torus(64,64)", "--routing", "shortest", "--k", "3", "--no-symmetry"]),
    ("route-check", "large", ["route-check", "torus(300,300)", "--routing", "shortest", "--k", "3"]),  # finding 2
    ("deadlock", "small", ["deadlock", "torus(32,32)", "--routing", "duato-torus"]),
    ("deadlock", "medium", ["deadlock", "torus(100,100)", "--routing", "dor"]),
    ("deadlock", "large", ["deadlock", "torus(300,300)", "--routing", "dor"]),  # finding 2
    ("deadlock --k", "small", ["deadlock", "torus(8,8)", "--routing", "dor-dateline", "--k", "3"]),
    ("deadlock --k", "medium", ["deadlock", "torus(64,64)", "--routing", "duato-torus", "--k", "1"]),  # finding 2
    ("deadlock --k", "large", ["deadlock", "torus(128,128)", "--routing", "duato-torus", "--k", "1"]),
    ("montecarlo", "small", ["montecarlo", "torus(16,16)", "--experiment", "completeness", "--trials", "100000000"]),
    ("montecarlo", "medium", ["montecarlo", "torus(100,100)", "--experiment", "completeness", "--trials", "10000000"]),
    ("montecarlo", "large", ["montecarlo", HUGE, "--experiment", "completeness", "--trials", "10"]),
    ("prove", "small", ["prove", "{claim_small}", "--no-timing", "--json", "", "--artifacts", ""]),
    ("prove", "medium", ["prove", "{claim_medium}", "--no-timing", "--json", "", "--artifacts", ""]),
    ("prove", "large", ["prove", "{claim_large}", "--no-timing", "--json", "", "--artifacts", ""]),
    ("replay", "large", ["replay", "{witness_huge}"]),
    ("check-cert", "small", ["check-cert", "{cert_deadlock_medium}"]),
    ("check-cert", "medium", ["check-cert", "{cert_deadlock_large}"]),
    ("check-cert", "large", ["check-cert", "{cert_huge}"]),
]

# The memory limit rows: a small --memory-limit on large models, under an ample budget.
MEMORY_CASES = [
    ("info", "large", ["info", HUGE]),
    ("tolerance", "large", ["tolerance", HUGE]),
    ("route-check", "large", ["route-check", "torus(300,300)", "--routing", "shortest", "--k", "3"]),
    ("deadlock", "large", ["deadlock", "torus(300,300)", "--routing", "dor"]),
    ("deadlock --k", "medium", ["deadlock", "torus(64,64)", "--routing", "duato-torus", "--k", "1"]),
    ("montecarlo", "large", ["montecarlo", HUGE, "--experiment", "completeness", "--trials", "10"]),
]
MEMORY_BUDGET = 60  # seconds: the memory limit, not the clock, must stop these

CLAIM = """title = "budget_overrun.py: one heavy instance"
statement = "A claim whose one instance runs far past the budget (bench/budget_overrun.py)."

[source]
paper = "003"
where = "none: a benchmark input"
quote = "none"

[property]
kind = "{kind}"
{extra}

[[instance]]
model = "{model}"
expect = "holds"
"""

CLAIMS = {
    "claim_small": ("deadlock-free", 'routing = "duato-torus"', "torus(32,32)"),
    "claim_medium": ("deadlock-free", 'routing = "dor"', "torus(300,300)"),
    "claim_large": ("tolerance", 'faults = "nodes"\nmin_breaking_weight = 1', HUGE),
}


def write_inputs(menger, work):
    """The claim files, witness and certificates the rows name, in `work`."""
    files = {}
    for name, (kind, extra, model) in CLAIMS.items():
        path = os.path.join(work, name + ".toml")
        with open(path, "w") as f:
            f.write(CLAIM.format(kind=kind, extra=extra, model=model))
        files[name] = path
    # A real witness, renamed onto the 8,388,608-node model: replay rebuilds the model first.
    small = os.path.join(work, "witness_small.json")
    subprocess.run([menger, "route-check", "mikant(3,3)", "--routing", "mikant-x-turns", "--faults", "switch-links",
                    "--k", "2", "--witness", small], capture_output=True, check=False)
    files["witness_huge"] = retarget(small, os.path.join(work, "witness_huge.json"), "mikant(3,3)", HUGE)
    small = os.path.join(work, "cert_small.json")
    subprocess.run([menger, "tolerance", "hypercube(3)", "--certificate", small], capture_output=True, check=True)
    files["cert_huge"] = retarget(small, os.path.join(work, "cert_huge.json"), "hypercube(3)", HUGE)
    # Deadlock-freedom certificates whose re-check follows every packet: 1,047,552 packets
    # of torus(32,32) (about 7 s), 16,773,120 of torus(64,64) (about 6 minutes).
    for name, n in (("cert_deadlock_medium", 32), ("cert_deadlock_large", 64)):
        path = os.path.join(work, name + ".json")
        subprocess.run([menger, "deadlock", f"torus({n},{n})", "--routing", "dor-dateline", "--certificate", path],
                       capture_output=True, check=False)
        files[name] = path
    for name, path in files.items():
        if not os.path.exists(path):
            sys.exit(f"budget_overrun.py: could not make the input {name} ({path})")
    return files


def retarget(src, dst, old, new):
    with open(src) as f:
        text = f.read()
    if old not in text:
        sys.exit(f"budget_overrun.py: {src} does not name {old}")
    with open(dst, "w") as f:
        f.write(text.replace('"' + old + '"', '"' + new + '"'))
    return dst


def run_once(cmd, timeout):
    """(wall seconds, exit status or 'killed', peak RSS in MiB, stdout)."""
    start = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                         start_new_session=True)
    out_chunks = []
    killed = False
    # Read without blocking the wait: a thread-free loop over the pipe.
    os.set_blocking(p.stdout.fileno(), False)
    while True:
        try:
            chunk = p.stdout.read()
        except (BlockingIOError, TypeError):
            chunk = None
        if chunk:
            out_chunks.append(chunk)
        pid, status, usage = os.wait4(p.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() - start > timeout and not killed:
            os.killpg(p.pid, signal.SIGKILL)
            killed = True
        time.sleep(0.01)
    wall = time.perf_counter() - start
    rest = p.stdout.read()
    if rest:
        out_chunks.append(rest)
    p.stdout.close()
    p.returncode = os.waitstatus_to_exitcode(status)
    code = "killed" if killed else p.returncode
    return wall, code, usage.ru_maxrss / 1024.0, "".join(out_chunks)


def stopped_while(out):
    """Why and where the command stopped, from its UNKNOWN (or INCOMPLETE) line:
    "time: <phase>", "memory: <phase>", or the verdict line when it finished."""
    lines = [l.strip() for l in out.splitlines() if l.strip()]
    for line in lines:
        if "UNKNOWN" not in line and not line.startswith("INCOMPLETE"):
            continue
        cause = "memory" if "memory limit" in line else "interrupted" if "interrupted" in line else "time"
        m = re.search(r" while (.*?)(?: \(\d+(?:\.\d+)?% of it done\)|;|$)", line)
        if m:
            return f"{cause}: {m.group(1)}"
        m = re.search(r"(?:UNKNOWN|INCOMPLETE)\S*\s+(?:the budget ran out|the memory limit \(.*?\) was reached)?"
                      r"[;,]?\s*(.*)", line)
        return f"{cause}: {m.group(1)[:60]}" if m and m.group(1) else cause
    for line in lines:
        if line.startswith(("verdict", "VALID", "INVALID", "replay")):
            return "finished: " + line[:60]
    return "finished: " + lines[-1][:60] if lines else ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("menger")
    ap.add_argument("--budgets", default="1,2,5")
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--only", default="")
    ap.add_argument("--memory-limit", type=float, default=0.25)
    ap.add_argument("--no-memory-rows", action="store_true")
    args = ap.parse_args()
    menger = os.path.abspath(args.menger)
    budgets = [int(b) for b in args.budgets.split(",")]
    work = tempfile.mkdtemp(prefix="menger_overrun_")
    try:
        files = write_inputs(menger, work)
        rows, bad = [], 0
        plan = [(v, s, a, b, None) for v, s, a in CASES for b in budgets]
        if not args.no_memory_rows:
            plan += [(v, s, a, MEMORY_BUDGET, args.memory_limit) for v, s, a in MEMORY_CASES]
        for verb, size, argv, budget, limit in plan:
            argv = [a.format(**files) for a in argv]
            label = " ".join(argv[1:])
            if args.only and args.only not in verb and args.only not in label:
                continue
            cmd = [menger] + (["--memory-limit", str(limit)] if limit else []) + argv + ["--budget", str(budget)]
            runs = []
            for _ in range(args.repeat):
                runs.append(run_once(cmd, timeout=budget * 3 + 60))
                print(f"{verb} {label} --budget {budget}{' --memory-limit %g' % limit if limit else ''}: "
                      f"{runs[-1][0]:.2f} s, exit {runs[-1][1]}, {runs[-1][2]:.0f} MiB", file=sys.stderr)
            worst = max(runs, key=lambda r: r[0])
            bound = max(1.0, 0.1 * budget)
            overrun = worst[0] - budget
            # A memory row must stop for memory well before its ample budget.
            ok = all(r[1] != "killed" for r in runs) and overrun <= bound
            if limit:
                rss_bound = limit * 1024 * 1.1 + 64
                ok = ok and all(r[2] <= rss_bound for r in runs)
            bad += not ok
            rows.append((verb, size, label + (f" (--memory-limit {limit:g})" if limit else ""), budget,
                         " / ".join(f"{r[0]:.2f}" for r in runs), overrun, bound, ok,
                         " / ".join(str(r[1]) for r in runs), max(r[2] for r in runs), stopped_while(worst[3])))
        print(f"Machine: {machine()}{source_revision(menger)}; load average {loadavg()} at the end.\n")
        print("| verb | size | input | budget (s) | wall (s), each run | overrun (s), worst | bound (s) | within "
              "| exit | peak RSS (MiB) | stopped while |")
        print("|---|---|---|---:|---:|---:|---:|---|---|---:|---|")
        for verb, size, label, budget, walls, overrun, bound, ok, codes, rss, where in rows:
            print(f"| {verb} | {size} | `{label}` | {budget} | {walls} | {overrun:+.2f} | {bound:.1f} | "
                  f"{'yes' if ok else '**no**'} | {codes} | {rss:.0f} | {where} |")
        return 1 if bad else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
