#!/usr/bin/env bash
# Configures and builds Menger.  Usage: scripts/build.sh [--sanitize | --main-job] [--target T]
#   default      build/       RelWithDebInfo, warnings as errors, the tests and the Python package
#   --sanitize   build-asan/  AddressSanitizer + UndefinedBehaviorSanitizer, the tests
#   --main-job   build/       as the default but without configuring the tests (their
#                packages belong to the test command), and only `menger`: the main job's
#                build.  The objects are the default's, so the test command builds only
#                the tests and the Python package on top.
#   --target T   build only T
# The test switches are passed every time, so a build directory the main job configured
# cannot leave the test command without its tests (or the Python package) in the cache.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build
flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DMENGER_WERROR=ON)
mode=default
target=()
while [ $# -gt 0 ]; do
  case "$1" in
    --sanitize) mode=sanitize ;;
    --main-job) mode=main ;;
    --target) [ $# -ge 2 ] || { echo "build.sh: --target needs a target name" >&2; exit 2; }
              target=(--target "$2"); shift ;;
    *) echo "build.sh: unknown argument '$1' (expected --sanitize, --main-job or --target T)" >&2; exit 2 ;;
  esac
  shift
done
case "$mode" in
  default)  flags+=(-DMENGER_BUILD_TESTS=ON -DMENGER_PYTHON=ON) ;;
  sanitize) dir=build-asan; flags+=(-DMENGER_SANITIZE=ON -DMENGER_BUILD_TESTS=ON) ;;
  main)     flags+=(-DMENGER_BUILD_TESTS=OFF -DMENGER_PYTHON=ON)
            [ ${#target[@]} -gt 0 ] || target=(--target menger) ;;
esac
# Build output goes to stderr; stdout carries only the build directory.
cmake -S . -B "$dir" -G Ninja "${flags[@]}" >&2
cmake --build "$dir" "${target[@]}" >&2
echo "$dir"
