# End to end: `menger route-check --witness` writes a failure that `menger
# replay` re-executes and confirms, and a tampered copy that replay rejects; a
# routing that holds exits 0.  Invoked by ctest with -DMENGER=... -DOUT=...
include(${CMAKE_CURRENT_LIST_DIR}/cli_helpers.cmake)
expect_menger(1 "FAILS: 1 fault \\(switch-links\\) defeats it \\(minimum" "menger route-check"
              route-check "mikant(3,3)" --routing mikant-x-turns --faults switch-links --k 2 --witness ${OUT}/witness.json)
expect_menger(0 "confirmed" "replay rejected a good witness" replay ${OUT}/witness.json)
# Claim a different failure than the trace shows.
forge(${OUT}/witness.json ${OUT}/forged.json "\"outcome\": \"[^\"]*\"" "\"outcome\": \"livelock\"")
expect_menger(3 "problem" "replay accepted a forged witness" replay ${OUT}/forged.json)
# Drop the fault set: the packet is delivered, so the failure does not replay.
forge(${OUT}/witness.json ${OUT}/emptied.json "\"fault_set\": \\[[^]]*\\]" "\"fault_set\": []")
expect_menger(3 "" "replay accepted a witness without its faults" replay ${OUT}/emptied.json)
expect_menger(0 "HOLDS" "route-check hdn-ft1" route-check "hdn(base=hypercube(3), k=1, s=[4])" --routing hdn-ft1 --k 2)
