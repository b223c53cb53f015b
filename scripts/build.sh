#!/usr/bin/env bash
# Configures and builds Menger.  Usage: scripts/build.sh [--sanitize]
#   default      build/       RelWithDebInfo, warnings as errors
#   --sanitize   build-asan/  AddressSanitizer + UndefinedBehaviorSanitizer
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build
flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DMENGER_WERROR=ON)
if [ "${1:-}" = "--sanitize" ]; then
  dir=build-asan
  flags+=(-DMENGER_SANITIZE=ON)
fi
# Build output goes to stderr; stdout carries only the build directory.
cmake -S . -B "$dir" -G Ninja "${flags[@]}" >&2
cmake --build "$dir" >&2
echo "$dir"
