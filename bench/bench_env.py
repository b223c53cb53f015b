"""What the bench scripts share: where a report ran (machine, source revision,
load) and how a verdict command of menger is run and timed.
"""
import json
import os
import platform
import subprocess
import sys
import time


def run_menger_json(cmd):
    """Runs a menger verdict command with --json in cmd; returns (parsed output, wall seconds).
    Exits on anything but a verdict (0 holds/free, 1 fails, 4 unknown)."""
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if out.returncode not in (0, 1, 4):
        sys.exit(f"{' '.join(cmd)} failed ({out.returncode}): {out.stderr}")
    return json.loads(out.stdout), wall


def route_check_json(menger, args, budget=None):
    """`menger route-check ARGS --json [--budget B]`: (parsed output, wall seconds)."""
    cmd = [menger, "route-check", *args, "--json"]
    if budget:
        cmd += ["--budget", str(budget)]
    return run_menger_json(cmd)


def least_failing_size(result):
    """Size of a route-check result's witness fault set, None when it holds."""
    w = result["witness"]
    return len(w["fault_set"]) if w else None


def machine():
    model = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem = ""
    try:
        with open("/proc/meminfo") as f:
            kb = int(f.readline().split()[1])
            mem = ", %.0f GB RAM" % (kb / 2**20)
    except (OSError, ValueError, IndexError):
        pass
    return "%s, %d cores (os.cpu_count)%s, %s %s" % (model, os.cpu_count() or 0, mem,
                                                     platform.system(), platform.release())


def source_revision(menger):
    where = os.path.dirname(os.path.abspath(menger))
    try:
        rev = subprocess.run(["git", "-C", where, "rev-parse", "--short", "HEAD"],
                             capture_output=True, text=True, timeout=10)
        if rev.returncode != 0:
            return ""
        dirty = subprocess.run(["git", "-C", where, "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, timeout=10)
        return ", source %s%s" % (rev.stdout.strip(),
                                  " + uncommitted changes" if dirty.stdout.strip() else "")
    except (OSError, subprocess.SubprocessError):
        return ""


def loadavg():
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "unknown"
