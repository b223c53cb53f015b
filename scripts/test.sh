#!/usr/bin/env bash
# Install dependencies, build, and run the test suite (unit tests, the claim
# catalog, the NetworkX cross-check).  Long exhaustive runs carry the ctest
# label "long" and are left out; run them with: ctest --test-dir build -L long
# Usage: scripts/test.sh [--sanitize]   (--sanitize: ASan + UBSan build in build-asan/)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
dir=$(scripts/build.sh "$@" | tail -n 1)
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
ctest --test-dir "$dir" --output-on-failure -LE long -j 2
