#!/usr/bin/env bash
# `mpirun -n R menger tolerance` (issue 20, "Beyond one machine"): for R = 1, 2
# and 3 ranks (oversubscribed), stdout, the certificate and the exit status
# are those of a plain run, timing aside, human and --json: node and link
# faults, with and without symmetry, a network with endpoints, and a least cut
# found late in plan order, over many small blocks (several rounds, several
# blocks per round in flight at once).  A checkpoint written under mpirun
# equals the plain run's, and resumes under either.  What MPI cannot honour
# is one clear error, and so is a damaged checkpoint or one of another question.
# Usage: mpi_tolerance_same_output.sh MENGER WORKDIR.  Exits 77 (ctest:
# skipped) only when mpirun is absent.
set -euo pipefail
menger=$1
dir=$2
source "$(dirname "${BASH_SOURCE[0]}")/mpi_common.sh"  # skip without mpirun, mpi R ARG...

# The timing: the human "engine" line ends with ", SECONDS s"; JSON has "seconds".
untimed() { sed -E -e '/^engine /s/, [0-9.e+-]+ s$//' -e '/"seconds"/d' "$1" | unresumed; }

# same NAME EXPECTED_STATUS ARG...: a plain run and R = 1, 2, 3 agree, and so
# do the certificates they write.
same() {
  local name=$1 want=$2 got
  shift 2
  set +e
  "$menger" tolerance "$@" --certificate "$dir/$name.plain.cert" > "$dir/$name.plain"; got=$?
  set -e
  [ "$got" -eq "$want" ] || { echo "$name: plain run exited $got, expected $want"; exit 1; }
  untimed "$dir/$name.plain" | sed -e "s|$dir/$name.plain.cert|CERT|" > "$dir/$name.plain.cmp"
  for r in 1 2 3; do
    set +e
    mpi "$r" tolerance "$@" --certificate "$dir/$name.$r.cert" > "$dir/$name.$r" 2> "$dir/$name.$r.err"; got=$?
    set -e
    [ "$got" -eq "$want" ] || { echo "$name: -n $r exited $got, expected $want"; cat "$dir/$name.$r.err"; exit 1; }
    untimed "$dir/$name.$r" | sed -e "s|$dir/$name.$r.cert|CERT|" > "$dir/$name.$r.cmp"
    diff "$dir/$name.plain.cmp" "$dir/$name.$r.cmp" || { echo "$name: -n $r differs from the plain run"; exit 1; }
    if [ -f "$dir/$name.plain.cert" ]; then
      cmp "$dir/$name.plain.cert" "$dir/$name.$r.cert" || { echo "$name: -n $r wrote another certificate"; exit 1; }
    fi
  done
  if [ -f "$dir/$name.plain.cert" ]; then
    "$menger" check-cert "$dir/$name.3.cert" > "$dir/$name.check" ||
      { echo "$name: check-cert refused the certificate written under mpirun"; cat "$dir/$name.check"; exit 1; }
  fi
  echo "$name: identical for 1, 2 and 3 ranks"
}

# A torus whose only light nodes surround (4,5): its least cut (weight 4) is
# found in a late round of planned pairs.
# (A weights file names each unit once: a second weight for one is refused.)
for x in 0 1 2 3 4 5; do for y in 0 1 2 3 4 5; do
  case "($x,$y)" in "(3,5)" | "(5,5)" | "(4,4)" | "(4,0)") echo "1 ($x,$y)" ;; *) echo "3 ($x,$y)" ;; esac
done; done > "$dir/weights.txt"

same torus 0 "torus(6,6)" --no-symmetry --chunk-pairs 2
same torus-json 0 "torus(6,6)" --no-symmetry --chunk-pairs 2 --json
same hypercube-links 0 "hypercube(5)" --faults links --chunk-pairs 3 --json
same symmetry 0 "hdn(base=hypercube(3), k=1, s=[4])" --chunk-pairs 1
same kary-ntree 0 "kary_ntree(2,3)" --faults switches --no-symmetry --chunk-pairs 4
same kary-ntree-json 0 "kary_ntree(2,3)" --faults switches --chunk-pairs 1 --json
same late-cut 0 "torus(6,6)" --weights "$dir/weights.txt" --no-symmetry --chunk-pairs 3 --json
same unbreakable 0 "torus(3,3)" --faults switches --chunk-pairs 2
same no-certificate 0 "torus(5,6)" --no-symmetry --chunk-pairs 4 --no-certificate --json

# Checkpoints: rank 0 writes the plain run's lines; either kind of run resumes them.
cp_args=("torus(6,6)" --weights "$dir/weights.txt" --no-symmetry --chunk-pairs 2 --json)
"$menger" tolerance "${cp_args[@]}" --checkpoint "$dir/plain.jsonl" > "$dir/cp.plain"
mpi 3 tolerance "${cp_args[@]}" --checkpoint "$dir/mpi.jsonl" > "$dir/cp.mpi"
cmp "$dir/plain.jsonl" "$dir/mpi.jsonl" || { echo "the checkpoint under mpirun differs"; exit 1; }
head -n 6 "$dir/plain.jsonl" > "$dir/half.jsonl"
cp "$dir/half.jsonl" "$dir/half2.jsonl"
mpi 2 tolerance "${cp_args[@]}" --checkpoint "$dir/half.jsonl" > "$dir/resumed.mpi"
"$menger" tolerance "${cp_args[@]}" --checkpoint "$dir/half2.jsonl" > "$dir/resumed.plain"
said_resumed "$dir/resumed.mpi"; said_resumed "$dir/resumed.plain"
for f in cp.plain cp.mpi resumed.mpi resumed.plain; do untimed "$dir/$f" > "$dir/$f.cmp"; done
for f in cp.mpi resumed.mpi resumed.plain; do diff "$dir/cp.plain.cmp" "$dir/$f.cmp"; done
cmp "$dir/plain.jsonl" "$dir/half.jsonl" || { echo "a checkpoint resumed under mpirun differs"; exit 1; }
cmp "$dir/plain.jsonl" "$dir/half2.jsonl" || { echo "a checkpoint resumed without mpirun differs"; exit 1; }
echo "checkpoints: identical under mpirun and without, resumed either way"

# The SMT engine does not split: under one rank it simply runs (below: refused under two).
smt=("min(stages=2, radix=2, wiring=deterministic)" --faults components --json)
"$menger" tolerance "${smt[@]}" > "$dir/smt.plain"
mpi 1 tolerance "${smt[@]}" > "$dir/smt.1"
diff <(untimed "$dir/smt.plain") <(untimed "$dir/smt.1") || { echo "smt: -n 1 differs from the plain run"; exit 1; }
echo "smt: identical under one rank"

# What MPI cannot honour: one sentence, from rank 0 only, exit 2.
refused budget "--budget cannot be honoured under mpirun" tolerance "torus(6,6)" --budget 60
refused smt "the SMT engine" tolerance "min(stages=2, radix=2, wiring=deterministic)" --faults components
head -n 4 "$dir/plain.jsonl" > "$dir/damaged.jsonl"
echo '{"shard": 3, "bound": 4}' >> "$dir/damaged.jsonl"
refused damaged "checkpoint $dir/damaged.jsonl: line 5" tolerance "${cp_args[@]}" --checkpoint "$dir/damaged.jsonl"
refused another-question "checkpoint $dir/plain.jsonl is for another question (chunk_pairs 3 here, 2 there)" tolerance \
  "torus(6,6)" --weights "$dir/weights.txt" --no-symmetry --chunk-pairs 3 --json --checkpoint "$dir/plain.jsonl"
echo "unsupported combinations, damaged checkpoints, another question: one clear error"
