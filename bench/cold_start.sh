#!/usr/bin/env bash
# The newcomer's cold start (issue 42): a fresh Debian 12 root made by debootstrap, with only
# what a new machine of this kind has (g++, cmake, git, python3, GoogleTest, valgrind), a new
# clone of this checkout's HEAD with ../shared beside it, an empty ccache; then the main job's
# three steps (scripts/prove.sh runs exactly these) timed one by one, and with --with-tests
# the test command (scripts/test.sh) on top.  Prints a Markdown table for bench/RESULTS.md.
#
# Usage (as root, nothing else running): bench/cold_start.sh [--with-tests] [ROOT]
#   ROOT defaults to menger-cold-start under $TMPDIR (or /var/tmp); it is made anew (about 2
#   minutes of downloads).  Inside it the clone is $inner/main with $inner/shared beside it,
#   as CI's checkout has ../shared beside it; the step logs are in $inner.
set -euo pipefail
with_tests=0
if [ "${1:-}" = "--with-tests" ]; then with_tests=1; shift; fi
root=${1:-${TMPDIR:-/var/tmp}/menger-cold-start}
here=$(cd "$(dirname "$0")/.." && pwd)
[ "$(id -u)" -eq 0 ] || { echo "cold_start: needs root (debootstrap, chroot, mount)" >&2; exit 2; }
[ -d "$here/../shared" ] || { echo "cold_start: ../shared is not beside $here" >&2; exit 2; }
command -v debootstrap >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null

mounted=()
cleanup() { for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[$i]}" || true; done; }
trap cleanup EXIT
bind() { mkdir -p "$root$1"; mount --bind "$1" "$root$1"; mounted+=("$root$1"); }

rm -rf "$root"
debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >/dev/null
mount -t proc proc "$root/proc"; mounted+=("$root/proc")
bind /sys; bind /dev; bind /dev/pts; bind /dev/shm
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp /etc/hosts "$root/etc/hosts"  # a real machine has one: without it Open MPI and chromedriver wait on name lookups
in_root() { chroot "$root" env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  LANG=C.UTF-8 bash -c "$1"; }
in_root 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  g++ cmake git python3 ca-certificates libgtest-dev libgmock-dev valgrind >/dev/null'
inner=/menger  # the root's own layout, not this machine's
mkdir -p "$root$inner"
git clone -q "$here" "$root$inner/main"
cp -r "$here/../shared" "$root$inner/shared"
commit=$(git -C "$here" rev-parse --short HEAD)

rows=()
total=0
n=0
step() {  # step NAME COMMAND: runs COMMAND in the clone, adds its seconds to the table
  local start end
  n=$((n + 1))
  start=$(date +%s.%N)
  in_root "cd $inner/main && $2" > "$root$inner/step$n.log" 2>&1 ||
    { echo "cold_start: '$1' failed; see $root$inner/step$n.log" >&2; exit 1; }
  end=$(date +%s.%N)
  local s; s=$(printf '%.0f' "$(echo "$end - $start" | bc)")
  total=$((total + s))
  rows+=("| $1 | $s |")
}
command -v bc >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bc >/dev/null
step "scripts/install-deps.sh --main (apt update, download, install)" "scripts/install-deps.sh --main"
step "scripts/build.sh --main-job (menger, cold)" "scripts/build.sh --main-job"
step "menger prove proofs/ (the verdict table)" "build/src/cli/menger prove proofs/"
main_total=$total
rows+=("| **scripts/prove.sh in all: the first verdict table printed** | **$main_total** |")
if [ $with_tests -eq 1 ]; then
  total=0
  step "then scripts/install-deps.sh (the test tools, Chromium)" "scripts/install-deps.sh"
  step "then scripts/build.sh (the tests and the Python package on top)" "scripts/build.sh"
  step "then ctest -LE long -j 2" "ctest --test-dir build -LE long -j 2"
  rows+=("| **scripts/test.sh on top of it** | **$total** |")
fi
echo "Cold start at $commit, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores:"
echo
echo "| step | seconds |"
echo "|---|---:|"
printf '%s\n' "${rows[@]}"
echo
tail -n 3 "$root$inner/step3.log"  # the verdict table's summary line
