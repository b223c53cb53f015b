#!/usr/bin/env bash
# `mpirun -n R menger deadlock --k K` (issue 20, "Beyond one machine"): for
# R = 1, 2 and 3 ranks (oversubscribed), stdout and the exit status are those
# of a plain run, timing aside, human and --json, on questions that are FREE
# and that fail at a level above 0 over many small shards.  A checkpoint
# written under mpirun resumes in a plain run and the other way round, with
# the same output.  --budget under mpirun is one clear error.
# Usage: mpi_deadlock_same_output.sh MENGER WORKDIR.  Exits 77 (ctest:
# skipped) only when mpirun is absent.
set -euo pipefail
menger=$1
dir=$2
source "$(dirname "${BASH_SOURCE[0]}")/mpi_common.sh"  # skip without mpirun, mpi R ARG...

# Timing: human lines (faults, graph) end with ", SECONDS s"; JSON has *seconds fields.
untimed() { sed -E -e 's/, [0-9.e+-]+ s$//' -e '/seconds"/d' "$1" | unresumed; }

# same NAME EXPECTED_STATUS ARG...: a plain run and R = 1, 2, 3 agree.
same() {
  local name=$1 want=$2
  shift 2
  run "$name.plain" "$want" "$menger" deadlock "$@"
  for r in 1 2 3; do
    run "$name.$r" "$want" mpi "$r" deadlock "$@"
    diff "$dir/$name.plain.cmp" "$dir/$name.$r.cmp" || { echo "$name: -n $r differs from the plain run"; exit 1; }
  done
  echo "$name: identical for 1, 2 and 3 ranks"
}

free=("mesh(4,4)" --routing dor --faults links --k 2 --chunk-sets 8)
# The least failing set has 3 faults: the exact check finds its deadlock (exit 1).
fails=("torus(4,4)" --routing "ft-torus(flow=bubble)" --escape 1,2 --k 3 --no-symmetry --chunk-sets 4)
same free 0 "${free[@]}"
same free-json 0 "${free[@]}" --json
same fails 1 "${fails[@]}"
same fails-json 1 "${fails[@]}" --json

# A checkpoint written by 2 ranks equals the plain run's and resumes under either.
run cp-plain 0 "$menger" deadlock "${free[@]}" --json --checkpoint "$dir/plain.jsonl"
run cp-mpi 0 mpi 2 deadlock "${free[@]}" --json --checkpoint "$dir/mpi.jsonl"
cmp "$dir/plain.jsonl" "$dir/mpi.jsonl" || { echo "the checkpoints differ"; exit 1; }
head -n 5 "$dir/mpi.jsonl" > "$dir/half.jsonl"
run cp-resumed-plain 0 "$menger" deadlock "${free[@]}" --json --checkpoint "$dir/half.jsonl"
said_resumed "$dir/cp-resumed-plain.out"
diff "$dir/cp-plain.cmp" "$dir/cp-resumed-plain.cmp"
head -n 5 "$dir/plain.jsonl" > "$dir/half2.jsonl"
run cp-resumed-mpi 0 mpi 3 deadlock "${free[@]}" --json --checkpoint "$dir/half2.jsonl"
diff "$dir/cp-plain.cmp" "$dir/cp-resumed-mpi.cmp"
echo "checkpoints: identical, and resumed across plain and mpirun runs"

# Proofs (issue 38): the proof written under mpirun is the plain run's, byte for
# byte, whether FREE or below a failure, and so is a resumed run's (which
# analyses again the shards its checkpoint holds: their certificates are not in it).
run proof-plain 0 "$menger" deadlock "${free[@]}" --proof "$dir/plain.proof.gz"
run proof-below 1 "$menger" deadlock "${fails[@]}" --proof "$dir/below.proof.gz"
head -n 5 "$dir/plain.jsonl" > "$dir/half3.jsonl"
run proof-resumed 0 "$menger" deadlock "${free[@]}" --checkpoint "$dir/half3.jsonl" --proof "$dir/resumed.proof.gz"
cmp "$dir/plain.proof.gz" "$dir/resumed.proof.gz" || { echo "a resumed run's proof differs"; exit 1; }
for r in 2 3; do
  run "proof.$r" 0 mpi "$r" deadlock "${free[@]}" --proof "$dir/mpi$r.proof.gz"
  cmp "$dir/plain.proof.gz" "$dir/mpi$r.proof.gz" || { echo "the proof under -n $r differs"; exit 1; }
  grep -q "^re-checked   [0-9]* fault sets" "$dir/proof.$r.out" || { echo "-n $r did not re-check its proof"; cat "$dir/proof.$r.out"; exit 1; }
  run "proof-below.$r" 1 mpi "$r" deadlock "${fails[@]}" --proof "$dir/mpi$r.below.gz"
  cmp "$dir/below.proof.gz" "$dir/mpi$r.below.gz" || { echo "the proof below a failure under -n $r differs"; exit 1; }
done
"$menger" check-proof "$dir/below.proof.gz" > /dev/null || { echo "the proof below a failure does not check"; exit 1; }
echo "proofs: identical under mpirun, resumed or not"

# A checkpoint only rank 0 reads, of another question: one error, and no rank left waiting.
run other-question 2 mpi 2 deadlock "mesh(4,4)" --routing dor --faults links --k 1 --chunk-sets 8 \
  --checkpoint "$dir/plain.jsonl"
grep -q "another question" "$dir/other-question.err" || { echo "another question's checkpoint was not refused"; exit 1; }
echo "another question's checkpoint under mpirun: refused, every rank stopped"

run budget 2 mpi 2 deadlock "${free[@]}" --budget 60
grep -q "cannot be honoured under mpirun" "$dir/budget.err" || { echo "--budget was not refused"; exit 1; }
echo "--budget under mpirun: refused"
