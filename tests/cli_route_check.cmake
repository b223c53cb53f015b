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
