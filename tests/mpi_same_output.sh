#!/usr/bin/env bash
# `mpirun -n R menger route-check` (issue 20, "Beyond one machine"): for R = 1,
# 2 and 3 ranks (oversubscribed), stdout and the exit status are those of a
# plain run, timing aside, human and --json, on questions that HOLD and that
# FAIL over many small chunks (later chunks are searched before an earlier
# failure is known, and the merge must cut them back).  A checkpoint written
# under mpirun equals the plain run's, and resumes under either.  Options MPI
# cannot honour are one clear error.
# Usage: mpi_same_output.sh MENGER WORKDIR.  Exits 77 (ctest: skipped) only
# when mpirun is absent.
set -euo pipefail
menger=$1
dir=$2
source "$(dirname "${BASH_SOURCE[0]}")/mpi_common.sh"  # skip without mpirun, mpi R ARG...

# The timing: the human "search" line ends with ", SECONDS s"; JSON has "seconds".
untimed() { sed -E -e '/^search /s/, [0-9.e+-]+ s$//' -e '/"seconds"/d' "$1" | unresumed; }

# same NAME EXPECTED_STATUS ARG...: a plain run and R = 1, 2, 3 agree.
same() {
  local name=$1 want=$2 got
  shift 2
  set +e
  "$menger" route-check "$@" > "$dir/$name.plain"; got=$?
  set -e
  [ "$got" -eq "$want" ] || { echo "$name: plain run exited $got, expected $want"; exit 1; }
  untimed "$dir/$name.plain" > "$dir/$name.plain.cmp"
  for r in 1 2 3; do
    set +e
    mpi "$r" route-check "$@" > "$dir/$name.$r" 2> "$dir/$name.$r.err"; got=$?
    set -e
    [ "$got" -eq "$want" ] || { echo "$name: -n $r exited $got, expected $want"; cat "$dir/$name.$r.err"; exit 1; }
    untimed "$dir/$name.$r" > "$dir/$name.$r.cmp"
    diff "$dir/$name.plain.cmp" "$dir/$name.$r.cmp" || { echo "$name: -n $r differs from the plain run"; exit 1; }
  done
  echo "$name: identical for 1, 2 and 3 ranks"
}

holds=("hdn(base=hypercube(3), k=1, s=[4])" --routing hdn-ft1 --k 2 --chunk-pairs 7)
fails=("torus(4,4)" --routing dor --k 2 --chunk-pairs 1)
same holds 0 "${holds[@]}"
same holds-json 0 "${holds[@]}" --json
same fails 1 "${fails[@]}"
same fails-json 1 "${fails[@]}" --json
same fails-settle-all 1 "${fails[@]}" --settle-all --json
same fails-no-symmetry 1 "torus(4,4)" --routing dor --k 2 --chunk-pairs 3 --no-symmetry --json
same fails-late 1 "torus(4,4)" --routing ft-torus --k 5 --chunk-pairs 3 --json  # at size 4, in several chunks
same fails-mikant 1 "mikant(3,3)" --routing mikant-x-turns --faults switch-links --k 2 --chunk-pairs 5
same fails-symbolic 1 "hdn(base=hypercube(3), k=1, s=[4])" --routing hdn-ft1 --k 4 --symbolic --chunk-pairs 40 --json

# Checkpoints: rank 0 writes the plain run's lines; either kind of run resumes them.
"$menger" route-check "${fails[@]}" --no-symmetry --json --checkpoint "$dir/plain.jsonl" > /dev/null || true
mpi 3 route-check "${fails[@]}" --no-symmetry --json --checkpoint "$dir/mpi.jsonl" > "$dir/cp.mpi" || true
cmp "$dir/plain.jsonl" "$dir/mpi.jsonl" || { echo "the checkpoint under mpirun differs"; exit 1; }
head -n 5 "$dir/plain.jsonl" > "$dir/half.jsonl"
cp "$dir/half.jsonl" "$dir/half2.jsonl"
mpi 2 route-check "${fails[@]}" --no-symmetry --json --checkpoint "$dir/half.jsonl" > "$dir/resumed.mpi" || true
"$menger" route-check "${fails[@]}" --no-symmetry --json --checkpoint "$dir/half2.jsonl" > "$dir/resumed.plain" || true
"$menger" route-check "${fails[@]}" --no-symmetry --json > "$dir/full.plain" || true
said_resumed "$dir/resumed.mpi"; said_resumed "$dir/resumed.plain"
for f in cp.mpi resumed.mpi resumed.plain full.plain; do untimed "$dir/$f" > "$dir/$f.cmp"; done
diff "$dir/full.plain.cmp" "$dir/cp.mpi.cmp"
diff "$dir/full.plain.cmp" "$dir/resumed.mpi.cmp"
diff "$dir/full.plain.cmp" "$dir/resumed.plain.cmp"
cmp "$dir/plain.jsonl" "$dir/half.jsonl" || { echo "a checkpoint resumed under mpirun differs"; exit 1; }
echo "checkpoints: identical under mpirun and without, resumed either way"

# Proofs (issue 38): the proof written under mpirun is the plain run's, byte for
# byte (its pass is spread over the ranks too), and so is a resumed run's.
"$menger" route-check "${holds[@]}" --proof "$dir/plain.proof.gz" > /dev/null
"$menger" route-check "${fails[@]}" --no-symmetry --proof "$dir/below.proof.gz" > /dev/null || true
head -n 5 "$dir/plain.jsonl" > "$dir/half3.jsonl"
"$menger" route-check "${fails[@]}" --no-symmetry --checkpoint "$dir/half3.jsonl" --proof "$dir/resumed.proof.gz" \
  > /dev/null || true
cmp "$dir/below.proof.gz" "$dir/resumed.proof.gz" || { echo "a resumed run's proof differs"; exit 1; }
for r in 2 3; do
  mpi "$r" route-check "${holds[@]}" --proof "$dir/mpi$r.proof.gz" > "$dir/proof.$r" 2> "$dir/proof.$r.err"
  cmp "$dir/plain.proof.gz" "$dir/mpi$r.proof.gz" || { echo "the proof under -n $r differs"; exit 1; }
  grep -q "^re-checked" "$dir/proof.$r" || { echo "-n $r did not re-check its proof"; cat "$dir/proof.$r"; exit 1; }
  mpi "$r" route-check "${fails[@]}" --no-symmetry --proof "$dir/mpi$r.below.gz" > /dev/null 2>&1 || true
  cmp "$dir/below.proof.gz" "$dir/mpi$r.below.gz" || { echo "the proof below a failure under -n $r differs"; exit 1; }
done
echo "proofs: identical under mpirun, resumed or not"

# What MPI cannot honour: one sentence, from rank 0 only, exit 2.
refused budget "--budget cannot be honoured under mpirun" route-check "${holds[@]}" --budget 60
refused info "menger info does not spread over MPI ranks" info "torus(4,4)"
echo "unsupported combinations: one clear error"
