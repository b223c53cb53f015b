#!/usr/bin/env bash
# `mpirun -n R menger opensm-faults` (issue 41: the subnet-manager loop's fault
# sets spread over MPI ranks): for R = 1, 2 and 3 ranks, stdout and the exit
# status are those of a plain run, timing and the temporary directory's name
# aside, human and --json, on a fabric where some sets fail and one where none
# does.  A work directory written under mpirun resumes in a plain run (every
# set taken from it) with the same answer; --budget under mpirun is one clear
# error.  Usage: mpi_opensm_faults_same_output.sh MENGER PROOFS WORKDIR.
# Exits 77 (ctest: skipped) when mpirun or OpenSM and ibsim are absent.
set -euo pipefail
menger=$1
fabrics=$2/known/infiniband
dir=$3
source "$(dirname "${BASH_SOURCE[0]}")/mpi_common.sh"  # skip without mpirun, mpi R ARG...
{ command -v opensm || [ -x /usr/sbin/opensm ]; } > /dev/null && command -v ibsim > /dev/null ||
  { echo "OpenSM or ibsim not installed: skipped"; exit 77; }

# Timing and the run's own directory: the "speed", "tables" and "resume" lines, *seconds and workdir fields.
untimed() { sed -E -e '/^(speed|tables|resume) /d' -e '/seconds"/d' -e '/"workdir"/d' "$1" | unresumed; }


same() {
  local name=$1 want=$2
  shift 2
  run "$name.plain" "$want" "$menger" --progress none opensm-faults "$@"
  for r in 1 2 3; do
    run "$name.$r" "$want" mpi "$r" --progress none opensm-faults "$@"
    diff "$dir/$name.plain.cmp" "$dir/$name.$r.cmp" || { echo "$name: -n $r differs from the plain run"; exit 1; }
  done
  echo "$name: identical for 1, 2 and 3 ranks"
}

fails=("$fabrics/mesh-4x4.net" --engine dor --sls zero)
holds=("$fabrics/fattree-4x2.net" --engine ftree --roots "$fabrics/fattree-4x2.roots" --sls zero)
same fails 1 "${fails[@]}"
same fails-json 1 "${fails[@]}" --json
same holds 0 "${holds[@]}"
same holds-json 0 "${holds[@]}" --json

# A work directory written by 2 ranks: a plain run takes every set from it, with the same answer.
run wd-mpi 1 mpi 2 --progress none opensm-faults "${fails[@]}" --json --workdir "$dir/wd"
run wd-plain 1 "$menger" --progress none opensm-faults "${fails[@]}" --json --workdir "$dir/wd"
diff "$dir/fails-json.plain.cmp" "$dir/wd-plain.cmp" || { echo "the resumed run differs"; exit 1; }
grep -q '"taken": 25' "$dir/wd-plain.out" || { echo "the plain run did not take the 25 sets from the directory"; exit 1; }
echo "work directory: written under mpirun, resumed by a plain run, same answer"

refused budget "--budget cannot be honoured under mpirun" opensm-faults "${fails[@]}" --budget 60
echo "--budget under mpirun: one error"
