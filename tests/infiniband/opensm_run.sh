#!/bin/bash
# opensm_run.sh TOPO.net ENGINE OUTDIR
#
# Routes a simulated InfiniBand subnet with OpenSM and keeps what Menger's
# credit-loop check reads (menger credit-loops OUTDIR):
#   opensm-subnet.lst, opensm-lfts.dump, opensm-sl2vl.dump, opensm.fdbs, ...
#   path-sls.txt           "SLID DLID SL" of every adapter-to-adapter path
#   path-sls.ibdmchk       "0xNODEGUID DLID SL", the same for ibdmchk -c
#   engine_used.txt        the engine that really configured the switches
#   ibnetdiscover.txt, dump_fts.txt  the fabric and the forwarding tables as
#                          infiniband-diags read them from the simulated switches
# Steps: ibsim (the simulator, Debian ibsim-utils) holds the fabric; OpenSM
# talks to it through the umad2sim preload library and writes its dumps (they
# need the ROUTING log bit, -D 0x43; -Q programs and dumps SL2VL tables;
# -R ENGINE,no_fallback stops a silent fallback to minhop); once the log says
# SUBNET UP, saquery asks the SA for each pair's path record (OpenSM dumps no
# path SLs, and a multi-record query is cut short under ibsim); then opensm
# and ibsim are stopped.
#
# Side files beside TOPO.net (tests/infiniband/ib_topology.py writes them):
#   TOPO.roots       root switch GUIDs (-a) for updn, dnup and ftree
#   TOPO.torus.conf  torus-2QoS's --torus_config (required for that engine)
# Environment: NO_SAQUERY=1 skips the path SLs (engines that use SL 0 only);
# GUID2LID=FILE starts OpenSM with that guid2lid cache file (the LIDs of an
# earlier run, kept as a running subnet manager keeps them after a failure);
# UP_TIMEOUT seconds to wait for SUBNET UP (default 60); IBSIM_ARGS options for
# ibsim (default: its switch, node and port limits raised to fit TOPO; ibsim
# refuses more than 256 switches otherwise).
# Exit: 0 routed, 1 the engine could not route this fabric, 2 usage, 4 tools failed.
set -u
TOPO=$(readlink -f "${1:?usage: opensm_run.sh TOPO.net ENGINE OUTDIR}")
ENGINE=${2:?engine}
OUT=${3:?outdir}
UP_TIMEOUT=${UP_TIMEOUT:-60}
PRELOAD=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
BASE=${TOPO%.net}
for tool in ibsim opensm saquery ibnetdiscover; do
  command -v $tool >/dev/null || PATH=$PATH:/usr/sbin
  command -v $tool >/dev/null || { echo "opensm_run: $tool not found (scripts/install-deps.sh installs it)" >&2; exit 4; }
done
[ -r "$PRELOAD" ] || { echo "opensm_run: no $PRELOAD (Debian libumad2sim0)" >&2; exit 4; }
[ -r "$TOPO" ] || { echo "opensm_run: no topology $TOPO" >&2; exit 2; }
mkdir -p "$OUT" && OUT=$(readlink -f "$OUT")
rm -rf "${OUT:?}"/* && mkdir -p "$OUT/cache"
[ -z "${GUID2LID:-}" ] || cp "$GUID2LID" "$OUT/cache/guid2lid"
# One simulator per socket name: a name of our own lets runs go in parallel.
export IBSIM_SOCKNAME="menger$$"

SIM_PID= ; OSM_PID=
stop() {  # TERM, wait up to 5 s, then KILL
  local pid=$1
  [ -n "$pid" ] || return 0
  kill -TERM "$pid" 2>/dev/null
  for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
}
cleanup() { stop "$OSM_PID"; stop "$SIM_PID"; OSM_PID= ; SIM_PID= ; }
trap cleanup EXIT
trap 'exit 130' INT TERM

# 1. The simulator: -s starts the fabric at once, -n without a console.
if [ -z "${IBSIM_ARGS+set}" ]; then
  switches=$(grep -c '^Switch' "$TOPO"); nodes=$(grep -cE '^(Switch|Ca|Hca)' "$TOPO")
  IBSIM_ARGS="-S $((switches + 16)) -N $((nodes + 16)) -P $((20 * (nodes + 16)))"
fi
# shellcheck disable=SC2086
ibsim -s -n $IBSIM_ARGS "$TOPO" </dev/null >"$OUT/ibsim.log" 2>&1 &
SIM_PID=$!
for _ in $(seq 200); do
  grep -q "Network simulator ready" "$OUT/ibsim.log" && break
  kill -0 $SIM_PID 2>/dev/null || break
  sleep 0.05
done
grep -q "Network simulator ready" "$OUT/ibsim.log" || { echo "opensm_run: ibsim failed:" >&2; tail -3 "$OUT/ibsim.log" >&2; exit 4; }

# 2. OpenSM.  -d 2 unbuffers the log (SUBNET UP shows at once); -F /dev/null
# keeps it from reading a system opensm.conf.
args=(-D 0x43 -d 2 -Q -s 0 -e -f "$OUT/opensm.log" --dump_files_dir "$OUT" -F /dev/null)
[ "$ENGINE" = minhop ] || args+=(-R "$ENGINE,no_fallback")
case "$ENGINE" in
  updn|dnup|ftree) [ -r "$BASE.roots" ] && args+=(-a "$BASE.roots") ;;
  torus-2QoS) [ -r "$BASE.torus.conf" ] || { echo "opensm_run: torus-2QoS needs $BASE.torus.conf" >&2; exit 2; }
              args+=(--torus_config "$BASE.torus.conf") ;;
esac
echo "opensm ${args[*]}" >"$OUT/opensm.cmdline"
OSM_TMP_DIR="$OUT/cache" OSM_CACHE_DIR="$OUT/cache" LD_PRELOAD=$PRELOAD \
  opensm "${args[@]}" </dev/null >"$OUT/opensm.stdout" 2>&1 &
OSM_PID=$!
state=timeout
for _ in $(seq $((UP_TIMEOUT * 20))); do
  if grep -q "SUBNET UP" "$OUT/opensm.log" 2>/dev/null; then state=up; break; fi
  if grep -qE "No routing engine able|Exiting SM" "$OUT/opensm.log" 2>/dev/null; then state=failed; break; fi
  kill -0 $OSM_PID 2>/dev/null || { state=died; break; }
  sleep 0.05
done
# The log always names 'no_fallback' as a failed engine; the engine that
# configured the switches is on the "tables configured" line.
used=$(sed -n 's/.*osm_ucast_mgr_process: \(.*\) tables configured on all switches.*/\1/p' "$OUT/opensm.log" | tail -1)
echo "${used:-none} $state" >"$OUT/engine_used.txt"
if [ "$state" != up ] || [ -z "$used" ]; then
  echo "opensm_run: $ENGINE did not route $TOPO ($state)" >&2
  exit 1
fi

# 3. The fabric as ibnetdiscover sees it (another fabric input for Menger:
# credit-loops --fabric).  Optional: a failure here only leaves the file out.
LD_PRELOAD=$PRELOAD ibnetdiscover >"$OUT/ibnetdiscover.txt" 2>"$OUT/ibnetdiscover.err" || rm -f "$OUT/ibnetdiscover.txt"

# 3b. The forwarding tables as dump_fts (infiniband-diags) reads them from the
# switches: what a site has when it holds no OpenSM dump (menger credit-loops
# --lfts).  Optional, as ibnetdiscover's output.
LD_PRELOAD=$PRELOAD dump_fts >"$OUT/dump_fts.txt" 2>"$OUT/dump_fts.err" || rm -f "$OUT/dump_fts.txt"

# 4. Path SLs, pair by pair, from the SA.  Adapter ports from the subnet list:
# "PORTGUID NODEGUID LID".
if [ -z "${NO_SAQUERY:-}" ]; then
  /usr/bin/python3 - "$OUT/opensm-subnet.lst" >"$OUT/adapters.txt" <<'EOF'
import re, sys
ports = {}
pattern = r"\{ CA(?:-SM)? [^{}]*NodeGUID:([0-9a-fA-F]+) PortGUID:([0-9a-fA-F]+)[^{}]*\{[^}]*\} LID:([0-9a-fA-F]+) PN:"
for line in open(sys.argv[1]):
    for node, port, lid in re.findall(pattern, line):
        ports[int(port, 16)] = (int(node, 16), int(lid, 16))
for port, (node, lid) in sorted(ports.items(), key=lambda kv: kv[1][1]):
    print("0x%016x 0x%016x %d" % (port, node, lid))
EOF
  : >"$OUT/path-sls.txt"; : >"$OUT/path-sls.ibdmchk"
  mapfile -t adapters <"$OUT/adapters.txt"
  for s in "${adapters[@]}"; do
    read -r _ snode slid <<<"$s"
    for d in "${adapters[@]}"; do
      read -r _ _ dlid <<<"$d"
      [ "$slid" = "$dlid" ] && continue
      record=$(LD_PRELOAD=$PRELOAD saquery -p --slid "$slid" --dlid "$dlid" 2>>"$OUT/saquery.err")
      sl=$(sed -n 's/^[[:space:]]*sl\.*\(0x[0-9a-fA-F]*\).*/\1/p' <<<"$record" | head -1)
      if [ -z "$sl" ]; then echo "opensm_run: no path record $slid -> $dlid" >&2; exit 4; fi
      echo "$slid $dlid $((sl))" >>"$OUT/path-sls.txt"
      echo "$snode $dlid $((sl))" >>"$OUT/path-sls.ibdmchk"
    done
  done
fi
exit 0
