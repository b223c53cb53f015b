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
# A FREE verdict by SAT (verify/deadlock_sat.h): the certificate carries a DRAT
# refutation that check-cert checks against a formula it rebuilds; a proof cut
# down to its first lemma no longer refutes it.
expect_menger(0 "DRAT proof" "the textbook array under wormhole is not FREE by SAT"
              deadlock "mesh(4)" --routing array-extra-channels --switching wormhole --certificate ${OUT}/sat.json)
expect_menger(0 "VALID" "check-cert rejected a SAT certificate" check-cert ${OUT}/sat.json)
forge(${OUT}/sat.json ${OUT}/sat-cut.json "\"proof\": \"([^\\\\]*)\\\\n[^\"]*\"" "\"proof\": \"\\1\"")
expect_menger(1 "INVALID" "check-cert accepted a SAT certificate with its proof cut" check-cert ${OUT}/sat-cut.json)
# --case-budget 0: SAT at once, where the case tree runs past any budget.
expect_menger(0 "FREE" "duato-bubble with one fault is not FREE by SAT at once"
              deadlock "torus(6,6)" --routing duato-bubble --faults nodes --k 1 --case-budget 0)
expect_menger(2 "" "a negative --case-budget was not an input error"
              deadlock "torus(4)" --routing "dor(flow=bubble)" --case-budget -1)
