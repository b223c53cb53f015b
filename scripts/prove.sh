#!/usr/bin/env bash
# The main job: install dependencies, build, and check every claim in proofs/.
# Prints the verdict table; writes menger-prove.json.  Extra arguments go to
# `menger prove` (e.g. --filter 004 --verbose).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --main
scripts/build.sh --main-job >/dev/null
exec build/src/cli/menger prove proofs/ "$@"
