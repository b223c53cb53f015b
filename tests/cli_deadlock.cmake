# End to end: `menger deadlock` writes a certificate that check-cert accepts and
# a witness that replay confirms; tampered copies are rejected; exit codes
# follow the verdict.  Invoked by ctest with -DMENGER=... -DOUT=...
include(${CMAKE_CURRENT_LIST_DIR}/cli_helpers.cmake)
expect_menger(0 "FREE: Duato" "menger deadlock duato-torus"
              deadlock "torus(4,4)" --routing duato-torus --certificate ${OUT}/free.json)
expect_menger(0 "VALID" "check-cert rejected a good deadlock certificate" check-cert ${OUT}/free.json)
# Make the adaptive VC the escape set: its ring cycles break any order.
forge(${OUT}/free.json ${OUT}/forged-free.json "\"escape_vcs\": \\[[^]]*\\]" "\"escape_vcs\": [2]")
expect_menger(1 "INVALID" "check-cert accepted a forged deadlock certificate" check-cert ${OUT}/forged-free.json)
expect_menger(1 "DEADLOCK" "menger deadlock mikant-x-turns"
              deadlock "mikant(3,3)" --routing mikant-x-turns --faults switch-links --k 2 --witness ${OUT}/deadlock.json)
expect_menger(0 "confirmed" "replay rejected a good deadlock witness" replay ${OUT}/deadlock.json)
# Without its faults the detours that close the cycle are never taken.
forge(${OUT}/deadlock.json ${OUT}/emptied.json "\"set\": \\[[^]]*\\]" "\"set\": []")
expect_menger(1 "" "replay accepted a deadlock witness without its faults" replay ${OUT}/emptied.json)
expect_menger(2 "" "a bad --escape was not an input error" deadlock "torus(4,4)" --routing duato-torus --escape 0,5)
