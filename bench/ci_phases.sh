#!/usr/bin/env bash
# Times each phase of CI (.ci/run) on a clean clone of HEAD, cold: no ccache,
# fresh build folders, as on a new machine once the packages are installed.
# Prints a markdown table for bench/RESULTS.md ("Build and CI times").
# Usage: bench/ci_phases.sh   (from the project root; takes 15-25 minutes on 2 cores)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q "$root" "$work/main"
ln -s "$(cd "$root/.." && pwd)/shared" "$work/shared"
cd "$work/main"
export CCACHE_DISABLE=1 CI=true
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
rows=()
phase() {  # phase NAME COMMAND...: runs it, records its wall time
  local name=$1 start
  shift
  start=$(date +%s)
  "$@" > "$work/$name.log" 2>&1 || { echo "ci_phases: $name failed; see its log:" >&2; tail -n 30 "$work/$name.log" >&2; exit 1; }
  rows+=("| $name | $(( $(date +%s) - start )) |")
}
phase "install-deps (packages present)" scripts/install-deps.sh
phase "plain build: menger (the main job's build)" scripts/build.sh --main-job
phase "plain build: the rest (tests)" scripts/build.sh
phase "plain tests (ctest -LE long)" ctest --test-dir build -LE long -j 2
phase "sanitizer build" scripts/build.sh --sanitize
phase "sanitizer tests (ctest -LE 'long|catalog')" ctest --test-dir build-asan -LE 'long|catalog' -j 2
echo "Commit $(git rev-parse --short HEAD), $(date -u '+%Y-%m-%d %H:%M UTC'), load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| phase | seconds |"
echo "|---|---:|"
printf '%s\n' "${rows[@]}"
