#!/usr/bin/env bash
# Kill-and-resume (issue 20): a checkpointed `deadlock --k` killed with
# SIGKILL halfway resumes from its checkpoint and prints what an
# uninterrupted run prints (JSON, timing aside).
# Usage: kill_and_resume_deadlock.sh MENGER WORKDIR
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/resumption.sh"
source "$(dirname "${BASH_SOURCE[0]}")/kill_common.sh"
menger=$1
dir=$2
rm -rf "$dir" && mkdir -p "$dir"
args=("torus(5,5)" --routing "ft-torus(flow=bubble)" --escape 1,2 --k 3 --no-symmetry --chunk-sets 16 --json)
untimed() { grep -v 'seconds"' "$1" | unresumed; }

"$menger" deadlock "${args[@]}" > "$dir/full.json"
"$menger" deadlock "${args[@]}" --checkpoint "$dir/full.jsonl" > /dev/null
shards=$(($(wc -l < "$dir/full.jsonl") - 1))

"$menger" deadlock "${args[@]}" --checkpoint "$dir/cp.jsonl" > /dev/null &
pid=$!
kill_at_lines "$dir/cp.jsonl" 6 "$pid"
recorded=$(($(wc -l < "$dir/cp.jsonl") - 1))
echo "killed after $recorded of $shards shards"
[ "$recorded" -lt "$shards" ] || { echo "every shard was recorded: nothing to resume"; exit 1; }
printf '{"reads": [[1, 2' >> "$dir/cp.jsonl"  # a record half written at the kill is dropped

"$menger" deadlock "${args[@]}" --checkpoint "$dir/cp.jsonl" > "$dir/resumed.json"
said_resumed "$dir/resumed.json"
diff <(untimed "$dir/full.json") <(untimed "$dir/resumed.json")
cmp "$dir/full.jsonl" "$dir/cp.jsonl" || { echo "the resumed checkpoint differs from an uninterrupted one"; exit 1; }
echo "resumed output identical ($shards shards)"
