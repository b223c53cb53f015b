# End to end: `menger route-check --witness` writes a failure that `menger
# replay` re-executes and confirms, and a tampered copy that replay rejects; a
# routing that holds exits 0.  Invoked by ctest with -DMENGER=... -DOUT=...
include(${CMAKE_CURRENT_LIST_DIR}/cli_helpers.cmake)
expect_menger(1 "FAILS: 1 fault \\(switch-links\\) defeats it \\(minimum" "menger route-check"
              route-check "mikant(3,3)" --routing mikant-x-turns --faults switch-links --k 2 --witness ${OUT}/witness.json)
expect_menger(0 "confirmed" "replay rejected a good witness" replay ${OUT}/witness.json)
# Claim a different failure than the trace shows.
forge(${OUT}/witness.json ${OUT}/forged.json "\"outcome\": \"[^\"]*\"" "\"outcome\": \"livelock\"")
expect_menger(1 "problem" "replay accepted a forged witness" replay ${OUT}/forged.json)
# Drop the fault set: the packet is delivered, so the failure does not replay.
forge(${OUT}/witness.json ${OUT}/emptied.json "\"fault_set\": \\[[^]]*\\]" "\"fault_set\": []")
expect_menger(1 "" "replay accepted a witness without its faults" replay ${OUT}/emptied.json)
expect_menger(0 "HOLDS" "route-check hdn-ft1" route-check "hdn(base=hypercube(3), k=1, s=[4])" --routing hdn-ft1 --k 2)
# Hostile evidence (issue 21): every field is read with its type and range, and
# replay confirms only what it re-derives.
forge(${OUT}/witness.json ${OUT}/vc7.json "\"vc\": 0" "\"vc\": 7")
expect_menger(1 "problem" "replay confirmed a trace on a VC the routing never offers" replay ${OUT}/vc7.json)
forge(${OUT}/witness.json ${OUT}/hops.json "\"hops\": [0-9]+" "\"hops\": 9")
expect_menger(1 "problem" "replay confirmed a wrong hop count" replay ${OUT}/hops.json)
forge(${OUT}/witness.json ${OUT}/bound.json "\"path_bound\": null" "\"path_bound\": 4294967298")
expect_menger(2 "" "replay read a path bound beyond 32 bits" replay ${OUT}/bound.json)
forge(${OUT}/witness.json ${OUT}/format.json "\"kind\": \"route-witness\"" "\"kind\": \"route-witness\", \"format\": 5")
expect_menger(2 "" "replay accepted a field it does not check" replay ${OUT}/format.json)
forge(${OUT}/witness.json ${OUT}/kind.json "\"kind\": \"route-witness\"" "\"kind\": null")
expect_menger(2 "" "replay read a kind that is not a string" replay ${OUT}/kind.json)
if(NOT MENGER_ERR MATCHES "^menger: route witness: field 'kind' must be a string")
  message(FATAL_ERROR "a malformed witness should give one clear sentence, got: ${MENGER_ERR}")
endif()
# A malformed claim file is bad input: exit 2, and the summary says so.
file(WRITE ${OUT}/malformed.toml "title = \"t\"\nstatement =\n")
expect_menger(2 "1 claim file malformed" "prove on a malformed claim file" prove ${OUT}/malformed.toml --json ${OUT}/malformed-report.json)
# Proofs (issue 38): a HOLDS writes its proof and re-checks it; check-proof
# accepts the file (exit 0) and refuses a damaged copy (exit 1); a failure
# without faults leaves no proof behind.
expect_menger(0 "re-checked +[0-9]+ pair trees" "route-check --proof"
              route-check "torus(4,4)" --routing "ft-torus(combine=yes)" --k 2 --excuse-disconnected --proof ${OUT}/proof.gz)
expect_menger(0 "VALID" "check-proof rejected a good proof" check-proof ${OUT}/proof.gz)
# The first half of the file, byte for byte (printf writes the escapes back).
file(SIZE ${OUT}/proof.gz size)
math(EXPR half "${size} / 2")
file(READ ${OUT}/proof.gz half_bytes LIMIT ${half} HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "\\\\x\\1" escaped "${half_bytes}")
execute_process(COMMAND printf "${escaped}" OUTPUT_FILE ${OUT}/cut.gz)
expect_menger(1 "INVALID" "check-proof accepted a truncated proof" check-proof ${OUT}/cut.gz)
expect_menger(1 "none written" "route-check --proof on a failure without faults"
              route-check "torus(8,8)" --routing dor --k 1 --hop-limit 3 --proof ${OUT}/none.gz)
if(EXISTS ${OUT}/none.gz OR EXISTS ${OUT}/none.gz.partial)
  message(FATAL_ERROR "a failure without faults left a proof file behind")
endif()
expect_menger(1 "re-checked" "route-check --proof on a failure of one fault"
              route-check "torus(4,4)" --routing dor --k 1 --proof ${OUT}/below.gz)
expect_menger(0 "every set of <= 0 nodes" "check-proof of the sizes below a failure" check-proof ${OUT}/below.gz)
