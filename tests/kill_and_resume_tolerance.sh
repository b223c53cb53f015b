#!/usr/bin/env bash
# Kill-and-resume (issue 20): a checkpointed `menger tolerance` killed with
# SIGKILL partway resumes from its checkpoint and prints what an
# uninterrupted run prints (JSON, "seconds" aside), and writes the same
# certificate.
# Usage: kill_and_resume_tolerance.sh MENGER WORKDIR SPEC (a network that
# takes a few seconds with --no-symmetry: blocks are recorded as they merge).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/resumption.sh"
source "$(dirname "${BASH_SOURCE[0]}")/kill_common.sh"
menger=$1
dir=$2
spec=$3
rm -rf "$dir" && mkdir -p "$dir"
args=("$spec" --no-symmetry --json)

"$menger" tolerance "${args[@]}" --certificate "$dir/full.cert" > "$dir/full.json"
blocks=$(sed -n '/"coverage"/,/}/p' "$dir/full.json" | grep -o '"total": *[0-9]*' | grep -o '[0-9]*$')

"$menger" tolerance "${args[@]}" --checkpoint "$dir/cp.jsonl" > /dev/null &
pid=$!
# Kill once a quarter of the blocks are recorded: about half of the flows,
# since the fan targets' blocks at the end are mostly settled by the lemma.
kill_at_lines "$dir/cp.jsonl" $((blocks / 4 + 1)) "$pid"
recorded=$(($(wc -l < "$dir/cp.jsonl") - 1))
echo "killed after $recorded of $blocks blocks"
[ "$recorded" -lt "$blocks" ] || { echo "every block was recorded: nothing to resume"; exit 1; }
# A record half written at the kill is dropped on resume.
printf '{"bound": 13, "fan_cut": null, "items": [{"bou' >> "$dir/cp.jsonl"

"$menger" tolerance "${args[@]}" --checkpoint "$dir/cp.jsonl" --certificate "$dir/resumed.cert" > "$dir/resumed.json"
said_resumed "$dir/resumed.json"
grep -v '"seconds"' "$dir/full.json" | unresumed > "$dir/full.cmp"
grep -v '"seconds"' "$dir/resumed.json" | unresumed > "$dir/resumed.cmp"
diff "$dir/full.cmp" "$dir/resumed.cmp"
cmp "$dir/full.cert" "$dir/resumed.cert" || { echo "the resumed run wrote another certificate"; exit 1; }
[ "$(wc -l < "$dir/cp.jsonl")" -eq $((blocks + 1)) ] || { echo "the checkpoint does not hold every block"; exit 1; }
echo "resumed output and certificate identical ($blocks blocks)"
