#!/usr/bin/env bash
# Configures and builds Menger.  Usage: scripts/build.sh [--sanitize] [--target T]
#   default      build/       RelWithDebInfo, warnings as errors
#   --sanitize   build-asan/  AddressSanitizer + UndefinedBehaviorSanitizer
#   --target T   build only T (the main job builds only `menger`)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build
flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DMENGER_WERROR=ON)
target=()
while [ $# -gt 0 ]; do
  case "$1" in
    --sanitize) dir=build-asan; flags+=(-DMENGER_SANITIZE=ON) ;;
    --target) [ $# -ge 2 ] || { echo "build.sh: --target needs a target name" >&2; exit 2; }
              target=(--target "$2"); shift ;;
    *) echo "build.sh: unknown argument '$1' (expected --sanitize or --target T)" >&2; exit 2 ;;
  esac
  shift
done
# Build output goes to stderr; stdout carries only the build directory.
cmake -S . -B "$dir" -G Ninja "${flags[@]}" >&2
cmake --build "$dir" "${target[@]}" >&2
echo "$dir"
