#!/usr/bin/env bash
# Kill-and-resume (issue 20): a checkpointed route-check killed with SIGKILL
# halfway resumes from its checkpoint and prints what an uninterrupted run
# prints (JSON, "seconds" aside), and writes the same witness.
# Usage: kill_and_resume.sh MENGER WORKDIR
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/kill_common.sh"
source "$(dirname "${BASH_SOURCE[0]}")/resumption.sh"
menger=$1
dir=$2
rm -rf "$dir" && mkdir -p "$dir"
args=("torus(5,6)" --routing shortest --k 3 --no-symmetry --chunk-pairs 16 --json)

"$menger" route-check "${args[@]}" > "$dir/full.json"
pairs=$(grep -o '"pairs_examined": *[0-9]*' "$dir/full.json" | grep -o '[0-9]*$')
chunks=$(( (pairs + 15) / 16 ))

"$menger" route-check "${args[@]}" --checkpoint "$dir/cp.jsonl" > /dev/null &
pid=$!
# Kill once a few of the chunks are recorded.
kill_at_lines "$dir/cp.jsonl" 4 "$pid"
recorded=$(($(wc -l < "$dir/cp.jsonl") - 1))
echo "killed after $recorded chunks"
[ "$recorded" -lt "$chunks" ] || { echo "every chunk was recorded: nothing to resume"; exit 1; }
# A record half written at the kill is dropped on resume.
printf '{"chunk": 999, "levels": [[1' >> "$dir/cp.jsonl"

"$menger" route-check "${args[@]}" --checkpoint "$dir/cp.jsonl" > "$dir/resumed.json"
said_resumed "$dir/resumed.json"
grep -v '"seconds"' "$dir/full.json" | unresumed > "$dir/full.cmp"
grep -v '"seconds"' "$dir/resumed.json" | unresumed > "$dir/resumed.cmp"
diff "$dir/full.cmp" "$dir/resumed.cmp"
[ "$(wc -l < "$dir/cp.jsonl")" -eq $((chunks + 1)) ] || { echo "the checkpoint does not hold every chunk"; exit 1; }
echo "resumed output identical ($chunks chunks)"
