#!/bin/bash
# Regenerates the OpenSM subnets the claims of proofs/known/infiniband-opensm.toml
# and the fabrics of proofs/known/infiniband-opensm-faults.toml
# read (proofs/known/infiniband/TOPOLOGY-ENGINE/): ibsim simulates each topology,
# OpenSM routes it (opensm_run.sh), and the files Menger reads are kept (the
# fabric twice: OpenSM's subnet list and ibnetdiscover's output).
# Usage: tests/infiniband/refresh_fixtures.sh   (needs scripts/install-deps.sh's packages)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dest=$here/../../proofs/known/infiniband
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 "$here/ib_topology.py" fattree 4 2 2 "$work/fattree-4x2"
/usr/bin/python3 "$here/ib_topology.py" torus 4 4 1 "$work/torus-4x4"
/usr/bin/python3 "$here/ib_topology.py" torus 4 4 1 --mesh "$work/mesh-4x4"
# The fabrics themselves, for the opensm-faults claims (proofs/known/infiniband-opensm-faults.toml):
# OpenSM routes them again after each failure.
for f in fattree-4x2.net fattree-4x2.roots torus-4x4.net torus-4x4.roots mesh-4x4.net; do cp "$work/$f" "$dest/"; done
for run in fattree-4x2:ftree fattree-4x2:updn fattree-4x2:dfsssp \
           torus-4x4:updn torus-4x4:lash torus-4x4:dfsssp torus-4x4:nue torus-4x4:torus-2QoS \
           torus-4x4:minhop torus-4x4:dor torus-4x4:dnup mesh-4x4:dor; do
  topo=${run%%:*} engine=${run#*:}
  "$here/opensm_run.sh" "$work/$topo.net" "$engine" "$work/out"
  mkdir -p "$dest/$topo-$engine"
  for f in opensm-subnet.lst opensm-lfts.dump opensm-sl2vl.dump path-sls.txt ibnetdiscover.txt; do
    cp "$work/out/$f" "$dest/$topo-$engine/"
  done
  echo "$topo-$engine: $(cat "$work/out/engine_used.txt")"
done
