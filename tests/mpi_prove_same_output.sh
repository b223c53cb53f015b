#!/usr/bin/env bash
# `mpirun -n R menger prove` (issue 20, "Beyond one machine"): for R = 1, 2
# and 3 ranks (oversubscribed), the verdict table, the details and the exit
# status are those of a plain run (--no-timing), and so is the JSON report,
# timing aside; a checkpoint written under mpirun resumes in a plain run.
# Usage: mpi_prove_same_output.sh MENGER SOURCE_DIR WORKDIR.  Exits 77
# (ctest: skipped) only when mpirun is absent.
set -euo pipefail
menger=$1
src=$2
dir=$3
source "$(dirname "${BASH_SOURCE[0]}")/mpi_common.sh"  # skip without mpirun, mpi R ARG...
claims=("$src/proofs/known/mesh.toml" "$src/proofs/known/deadlock-turn-model.toml"
        "$src/proofs/003/bubble-flow-control.toml" "$src/proofs/known/hypercube.toml")
untimed() { grep -v '"seconds"' "$1" | unresumed; }

"$menger" prove "${claims[@]}" --no-timing --json "$dir/plain.json" --artifacts "" > "$dir/plain.txt" 2> /dev/null
for r in 1 2 3; do
  mpi "$r" prove "${claims[@]}" --no-timing --json "$dir/$r.json" --artifacts "" > "$dir/$r.txt" 2> "$dir/$r.err" ||
    { echo "-n $r failed"; cat "$dir/$r.err"; exit 1; }
  diff "$dir/plain.txt" "$dir/$r.txt" || { echo "-n $r: the table differs from the plain run"; exit 1; }
  diff <(untimed "$dir/plain.json") <(untimed "$dir/$r.json") || { echo "-n $r: the JSON report differs"; exit 1; }
done
echo "identical for 1, 2 and 3 ranks"

mpi 2 prove "${claims[@]}" --no-timing --json "" --artifacts "" --checkpoint "$dir/cp.jsonl" > /dev/null 2>&1
head -n 3 "$dir/cp.jsonl" > "$dir/half.jsonl"
"$menger" prove "${claims[@]}" --no-timing --json "" --artifacts "" --checkpoint "$dir/half.jsonl" \
  > "$dir/resumed.txt" 2> /dev/null
said_resumed "$dir/resumed.txt"
diff "$dir/plain.txt" <(unresumed < "$dir/resumed.txt") || { echo "the resumed run differs"; exit 1; }
echo "a checkpoint of 2 ranks resumed by a plain run: identical"

# A checkpoint of another catalog: one error from rank 0, and no rank left waiting.
set +e
mpi 2 prove "${claims[0]}" --no-timing --json "" --artifacts "" --checkpoint "$dir/cp.jsonl" \
  > /dev/null 2> "$dir/other.err"
got=$?
set -e
[ "$got" -eq 2 ] || { echo "another catalog's checkpoint: exit $got, expected 2"; cat "$dir/other.err"; exit 1; }
grep -q "another question" "$dir/other.err" || { echo "another catalog's checkpoint was not refused"; exit 1; }
echo "another catalog's checkpoint under mpirun: refused, every rank stopped"
