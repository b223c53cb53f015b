#!/usr/bin/env bash
# Kill-and-resume for Monte Carlo (issues 20 and 21): a checkpointed
# `montecarlo` killed with SIGKILL halfway resumes from its checkpoint and
# writes what an uninterrupted run writes: the same CSV, the same JSON
# ("seconds" aside), and the same checkpoint bytes.  The three runs use
# different thread counts, since the answer must not depend on them.
# Usage: kill_and_resume_montecarlo.sh MENGER WORKDIR [TRIALS]
# (the sanitizer build passes fewer trials: the same path, a shorter run).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/resumption.sh"
menger=$1
dir=$2
trials=${3:-150000}
rm -rf "$dir" && mkdir -p "$dir"
# Five points, 256-trial shards recorded after each round of 16.  --half-width
# stops some points after a few rounds and leaves 120 faults (success near
# 0.44) to run every trial, so the stop rule is exercised across the kill; the
# last shard of 150,000 trials is a partial one.
question() {
  echo montecarlo "torus(16,16)" --experiment routing --routing shortest --counts 0..160:40 \
       --trials "$1" --seed 3 --half-width 0.0025 --exact-limit 0 --json
}
read -ra args <<< "$(question "$trials")"
read -ra other <<< "$(question 999)"

start=$(date +%s%N)
"$menger" --threads 2 "${args[@]}" --csv "$dir/full.csv" --checkpoint "$dir/full.jsonl" > "$dir/full.json"
echo "uninterrupted run: $((($(date +%s%N) - start) / 1000000)) ms"
records=$(($(wc -l < "$dir/full.jsonl") - 1))

"$menger" --threads 2 "${args[@]}" --csv "$dir/killed.csv" --checkpoint "$dir/cp.jsonl" > /dev/null &
pid=$!
# Kill once about half of the records are written.
for _ in $(seq 1 6000); do
  [ -f "$dir/cp.jsonl" ] && [ $(($(wc -l < "$dir/cp.jsonl") - 1)) -ge $((records / 2)) ] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.01
done
# (A run that already ended is a zombie until waited for, so kill succeeds on
# it too; the count below then says every record was written.)
if kill -9 "$pid" 2>/dev/null; then
  wait "$pid" 2>/dev/null || true
  echo "killed after $(($(wc -l < "$dir/cp.jsonl") - 1)) of $records records"
  # A record half written at the kill is dropped on resume.
  printf '{"sample": 4, "shard": 9, "tally": [[25' >> "$dir/cp.jsonl"
else
  # The run finished first (a fast machine): the resume below then checks that
  # a finished checkpoint gives the same output, which must hold too.
  wait "$pid"
  echo "the run finished before the kill; checking the resume of a finished checkpoint"
fi

start=$(date +%s%N)
"$menger" --threads 1 "${args[@]}" --csv "$dir/resumed.csv" --checkpoint "$dir/cp.jsonl" > "$dir/resumed.json"
echo "resumed run: $((($(date +%s%N) - start) / 1000000)) ms"
cmp "$dir/full.csv" "$dir/resumed.csv"
said_resumed "$dir/resumed.json"
grep -v '"seconds"' "$dir/full.json" | unresumed > "$dir/full.cmp"
grep -v '"seconds"' "$dir/resumed.json" | unresumed > "$dir/resumed.cmp"
diff "$dir/full.cmp" "$dir/resumed.cmp"
cmp "$dir/full.jsonl" "$dir/cp.jsonl" || { echo "the resumed checkpoint differs from the uninterrupted one"; exit 1; }

# A finished checkpoint resumes to the same output at once.
"$menger" "${args[@]}" --csv "$dir/again.csv" --checkpoint "$dir/cp.jsonl" > /dev/null
cmp "$dir/full.csv" "$dir/again.csv"
# expect_refused WHAT MESSAGE ARG...: menger ARG... must exit 2 with MESSAGE on stderr.
expect_refused() {
  local what=$1 message=$2 err code
  shift 2
  set +e
  err=$("$menger" "$@" 2>&1 >/dev/null)
  code=$?
  set -e
  [ "$code" -eq 2 ] || { echo "$what: exit $code, expected 2"; exit 1; }
  grep -q "$message" <<< "$err" || { echo "$what: unclear message: $err"; exit 1; }
}
# Another question is refused with exit 2 and one sentence naming what differs.
expect_refused "another question" "trials=999 here" "${other[@]}" --checkpoint "$dir/cp.jsonl"
# A damaged record in the middle is one clear error, exit 2, and the file is left as it was.
sed '3s/"tally"/"tall/' "$dir/cp.jsonl" > "$dir/damaged.jsonl"
expect_refused "damaged checkpoint" "line 3 is not JSON" "${args[@]}" --checkpoint "$dir/damaged.jsonl"
echo "resumed output identical ($records records)"
