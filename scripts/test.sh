#!/usr/bin/env bash
# Install dependencies, build, and run the test suite (unit tests, CLI tests,
# the claim catalog, the peer cross-checks).  What runs, by ctest label:
#   plain build        everything but "long": unit, peer, catalog, slice
#   --sanitize         ASan + UBSan build in build-asan/: everything but "long"
#                      and "catalog" (the full catalog and 002's determinism
#                      run); "slice" runs a catalog slice that covers every
#                      claim kind, with 1 and 2 threads
# Long exhaustive runs carry the label "long": ctest --test-dir build -L long
# Usage: scripts/test.sh [--sanitize]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
dir=$(scripts/build.sh "$@" | tail -n 1)
exclude=long
[ "${1:-}" = "--sanitize" ] && exclude='long|catalog'
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
ctest --test-dir "$dir" --output-on-failure -LE "$exclude" -j 2
