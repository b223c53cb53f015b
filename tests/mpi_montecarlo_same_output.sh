#!/usr/bin/env bash
# `mpirun -n R menger montecarlo` (verify/reliability/montecarlo.h, "Processes"): for R =
# 1, 2 and 3 ranks (oversubscribed), stdout, the CSV and the exit status are
# those of a plain run, timing aside, human and --json, on a routing curve (to
# a trial count and to a half-width, where the stop rule reads the merged
# sums), a best-of-3 completeness study and a combinations study.  A
# checkpoint written under mpirun equals the plain run's, and a cut of either
# resumes under the other.  What MPI cannot honour, and a checkpoint rank 0
# refuses, are one clear error, not a hang.
# Usage: mpi_montecarlo_same_output.sh MENGER WORKDIR.  Exits 77 (ctest:
# skipped) only when mpirun is absent.
set -euo pipefail
menger=$1
dir=$2
source "$(dirname "${BASH_SOURCE[0]}")/mpi_common.sh"  # skip without mpirun, mpi R ARG...

# The timing: JSON's "seconds" (the human view prints none).
untimed() { sed -e '/"seconds"/d' "$1" | unresumed; }

# same NAME ARG...: a plain run and R = 1, 2, 3 agree (exit 0, same stdout).
same() {
  local name=$1 got
  shift
  "$menger" --threads 1 montecarlo "$@" > "$dir/$name.plain"
  untimed "$dir/$name.plain" > "$dir/$name.plain.cmp"
  for r in 1 2 3; do
    set +e
    mpi "$r" montecarlo "$@" > "$dir/$name.$r" 2> "$dir/$name.$r.err"; got=$?
    set -e
    [ "$got" -eq 0 ] || { echo "$name: -n $r exited $got"; cat "$dir/$name.$r.err"; exit 1; }
    untimed "$dir/$name.$r" > "$dir/$name.$r.cmp"
    diff "$dir/$name.plain.cmp" "$dir/$name.$r.cmp" || { echo "$name: -n $r differs from the plain run"; exit 1; }
  done
  echo "$name: identical for 1, 2 and 3 ranks"
}

curve=("torus(5,5)" --experiment routing --routing shortest --routing dor --counts 0..12:6 --trials 3000 --seed 7)
# Points 0 and 4 stop at the half-width after a few rounds; 8 and 12 run all
# 10,000 trials (a partial last shard).
adaptive=("torus(6,6)" --experiment routing --routing shortest --routing dor --counts 0..12:4 --trials 10000
          --half-width 0.01 --seed 3 --exact-limit 0)
best=("min(stages=4, radix=2, wiring=random)" --experiment completeness --best-of 3 --trials 2000 --seed 3
      --exact-limit 1000)
combinations=("torus(4,4)" --experiment combinations --routing ft-torus --counts 3,5 --trials 30 --seed 5)
same curve "${curve[@]}"
same curve-json "${curve[@]}" --json
same adaptive-json "${adaptive[@]}" --json
same best "${best[@]}"
same best-json "${best[@]}" --json
same combinations-json "${combinations[@]}" --json

# The CSV, written by rank 0.
"$menger" montecarlo "${adaptive[@]}" --csv "$dir/plain.csv" > /dev/null
mpi 3 montecarlo "${adaptive[@]}" --csv "$dir/mpi.csv" > /dev/null
cmp "$dir/plain.csv" "$dir/mpi.csv" || { echo "the CSV under mpirun differs"; exit 1; }
echo "csv: identical under mpirun"

# Checkpoints: rank 0 writes the plain run's lines; a cut of either resumes under the other.
"$menger" montecarlo "${adaptive[@]}" --json --checkpoint "$dir/plain.jsonl" > "$dir/cp.plain"
mpi 2 montecarlo "${adaptive[@]}" --json --checkpoint "$dir/mpi.jsonl" > "$dir/cp.mpi"
cmp "$dir/plain.jsonl" "$dir/mpi.jsonl" || { echo "the checkpoint under mpirun differs"; exit 1; }
records=$(($(wc -l < "$dir/plain.jsonl") - 1))
head -n $((records / 2 + 1)) "$dir/mpi.jsonl" > "$dir/from-mpi.jsonl"
head -n $((records / 3 + 1)) "$dir/plain.jsonl" > "$dir/from-plain.jsonl"
printf '{"sample": 1, "shard": 9, "tally": [[25' >> "$dir/from-plain.jsonl"  # a record half written at a kill
"$menger" montecarlo "${adaptive[@]}" --json --checkpoint "$dir/from-mpi.jsonl" > "$dir/resumed.plain"
mpi 2 montecarlo "${adaptive[@]}" --json --checkpoint "$dir/from-plain.jsonl" > "$dir/resumed.mpi"
for f in cp.plain cp.mpi resumed.plain resumed.mpi; do untimed "$dir/$f" > "$dir/$f.cmp"; done
for f in cp.mpi resumed.plain resumed.mpi; do
  diff "$dir/cp.plain.cmp" "$dir/$f.cmp" || { echo "$f differs from the plain run"; exit 1; }
done
for f in from-mpi from-plain; do
  cmp "$dir/plain.jsonl" "$dir/$f.jsonl" || { echo "the checkpoint resumed from $f differs"; exit 1; }
done
echo "checkpoints: identical under mpirun and without, resumed either way ($records records)"

refused budget "--budget cannot be honoured under mpirun" montecarlo "${curve[@]}" --budget 60
# Rank 0 alone reads the checkpoint: the other ranks must hear that it refused it.
refused another-question ".*is for another question" montecarlo "${curve[@]}" --checkpoint "$dir/plain.jsonl"
echo "unsupported combinations: one clear error"
