# Sourced by the kill-and-resume tests (tests/kill_and_resume*.sh).
#
# kill_at_lines FILE N PID: SIGKILLs the run PID once its checkpoint FILE holds
# N lines (the header and N - 1 records), then reaps it.  A run that ended
# before it could be killed fails the test: it would resume nothing.
kill_at_lines() {
  local file=$1 lines=$2 pid=$3
  for _ in $(seq 1 6000); do
    [ -f "$file" ] && [ "$(wc -l < "$file")" -ge "$lines" ] && break
    sleep 0.01
  done
  kill -9 "$pid" 2>/dev/null || { echo "the run ended before it could be killed"; exit 1; }
  wait "$pid" 2>/dev/null || true
}
