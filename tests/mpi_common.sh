# Sourced by the mpirun end-to-end tests (tests/mpi_*same_output.sh) once they
# have set `menger` (the binary) and `dir` (their work folder): skips the test
# (exit 77) without mpirun, lets Open MPI run as root, makes a fresh work
# folder, and defines `mpi R ARG...`, menger on R oversubscribed ranks of one
# thread each, `refused` and `run`, below.
source "$(dirname "${BASH_SOURCE[0]}")/resumption.sh"
command -v mpirun > /dev/null || { echo "mpirun not found: skipped"; exit 77; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
rm -rf "$dir" && mkdir -p "$dir"
# Under the sanitizer build, Open MPI's own allocations at MPI_Init and
# MPI_Finalize are never freed and LeakSanitizer reports them: leak checking
# is off for the ranks only (the plain runs of the same questions keep it).
# A rank that waits for a word that never comes is a failure (timeout's exit
# 124), not a ctest timeout.
mpi() {
  local r=$1
  shift
  ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
    timeout 120 mpirun --oversubscribe -n "$r" "$menger" --threads 1 "$@"
}

# refused NAME PATTERN ARG...: `mpi 2 ARG...` is refused with exit 2 and one
# error line, from rank 0 only, that matches "^menger: PATTERN" (grep regex).
refused() {
  local name=$1 pattern=$2 got
  shift 2
  set +e
  mpi 2 "$@" > /dev/null 2> "$dir/$name.err"; got=$?
  set -e
  [ "$got" -eq 2 ] && [ "$(grep -c "^menger: $pattern" "$dir/$name.err")" -eq 1 ] ||
    { echo "$name under mpirun -n 2: expected one error and exit 2, got $got"; cat "$dir/$name.err"; exit 1; }
}

# run NAME EXPECTED_STATUS COMMAND...: runs it, checks the status, keeps its
# stdout through the script's own `untimed` filter in $dir/NAME.cmp.
run() {
  local name=$1 want=$2 got
  shift 2
  set +e
  "$@" > "$dir/$name.out" 2> "$dir/$name.err"; got=$?
  set -e
  [ "$got" -eq "$want" ] || { echo "$name: exited $got, expected $want"; cat "$dir/$name.err"; exit 1; }
  untimed "$dir/$name.out" > "$dir/$name.cmp"
}
