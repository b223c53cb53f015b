#!/usr/bin/env bash
# An error on one MPI rank ends every rank (issue 36, "Distributed failure is
# everyone's failure"): inputs readable on one rank only once hung every rank
# forever.  mpirun gives standard input to rank 0 alone (the others read
# /dev/null, a device, which the readers refuse), so a routing table or a
# weights file named /dev/stdin is readable on rank 0 only.  Each run must end
# within seconds (not at timeout's 124), with a non-zero status and rank 1's
# error on stderr.
# Usage: mpi_one_rank_fails.sh MENGER WORKDIR.  Exits 77 without mpirun.
set -euo pipefail
menger=$1
dir=$2
source "$(dirname "${BASH_SOURCE[0]}")/mpi_common.sh"  # skip without mpirun, mpi R ARG...

"$menger" export "torus(4,4)" --routing dor --format table -o "$dir/dor.json" 2> /dev/null

printf '2 (0,0)\n3 (1,1)\n' > "$dir/weights.txt"

# ends NAME INPUT ARG...: mpi 2 ARG... < INPUT ends in well under the timeout,
# with a failing status and an error from rank 1 that names it.
ends() {
  local name=$1 input=$2 got start spent
  shift 2
  start=$(date +%s)
  set +e
  mpi 2 "$@" < "$input" > "$dir/$name.out" 2> "$dir/$name.err"; got=$?
  set -e
  spent=$(( $(date +%s) - start ))
  [ "$got" -ne 0 ] && [ "$got" -ne 124 ] ||
    { echo "$name: expected every rank to end with an error, got status $got"; cat "$dir/$name.err"; exit 1; }
  [ "$spent" -le 30 ] || { echo "$name: took $spent s to end"; exit 1; }
  grep -q "rank 1" "$dir/$name.err" ||
    { echo "$name: rank 1's error is not on stderr"; cat "$dir/$name.err"; exit 1; }
  echo "$name: every rank ended in $spent s with status $got"
}

ends route-check "$dir/dor.json" route-check "torus(4,4)" --routing "table(file=/dev/stdin)" --k 2
ends deadlock "$dir/dor.json" deadlock "torus(4,4)" --routing "table(file=/dev/stdin)" --k 1
ends tolerance "$dir/weights.txt" tolerance "torus(4,4)" --faults nodes --weights /dev/stdin
