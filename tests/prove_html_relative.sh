#!/bin/bash
# The HTML report draws every witness when `prove` is given a claim file by a
# relative path, as README's first command does (scripts/prove.sh runs
# `menger prove proofs/ --html report` from the checkout).  The canonical
# model names its files as resolved; resolving them beside the claim file a
# second time once doubled the folder ("proofs/known/proofs/known/...") and
# the OpenSM witnesses went without pictures while the command exited 0.
# Usage: prove_html_relative.sh MENGER SOURCE_DIR OUT_DIR
set -u
menger=$1 source_dir=$2 out=$3
cd "$source_dir" || exit 1
rm -rf "$out"
log=$("$menger" prove proofs/known/infiniband-opensm.toml --no-timing --json '' --artifacts '' --html "$out" 2>&1)
status=$?
echo "$log" | tail -3
if echo "$log" | grep -q 'no picture'; then
  echo "$log" | grep 'no picture'
  exit 1
fi
[ "$status" -eq 0 ] || exit "$status"
# Graphviz may be missing on a bare machine: then the report says so per
# witness ("no picture: ... dot"), which the grep above already refused.
ls "$out"/witness/*.svg > /dev/null || { echo "no witness drawn"; exit 1; }
