# --budget bounds the whole command (core/deadline.h, issue 21): building a
# network of 8,388,608 nodes, its flow network and its automorphism group take
# far longer than one second, so each verb stops in that phase and says
# UNKNOWN naming it, exit 4, instead of running on for minutes.
# Invoked by ctest with -DMENGER=...
include(${CMAKE_CURRENT_LIST_DIR}/cli_helpers.cmake)
set(huge "rdn(base=hypercube(5), k=2)")
set(unknown "UNKNOWN +the budget ran out while [a-z ]+ \\([0-9.]+% of it done\\); nothing was decided")
expect_menger(4 "${unknown}" "tolerance --budget" tolerance "${huge}" --budget 1)
expect_menger(4 "${unknown}" "route-check --budget" route-check "${huge}" --routing shortest --k 1 --budget 1)
expect_menger(4 "${unknown}" "deadlock --budget" deadlock "${huge}" --routing shortest --faults nodes --k 1 --budget 1)
expect_menger(4 "${unknown}" "info --budget" info "${huge}" --budget 1)
expect_menger(4 "${unknown}" "montecarlo --budget" montecarlo "${huge}" --experiment completeness --trials 10 --budget 1)
# The evidence checkers take a --budget too; an ample one changes nothing.
expect_menger(0 "survives any" "tolerance --certificate" tolerance "hypercube(3)" --certificate ${OUT}/budget-cert.json)
expect_menger(0 "^VALID" "check-cert --budget" check-cert ${OUT}/budget-cert.json --budget 60)
expect_menger(1 "FAILS" "route-check --witness" route-check "mikant(3,3)" --routing mikant-x-turns
              --faults switch-links --k 2 --witness ${OUT}/budget-witness.json)
expect_menger(0 "confirmed" "replay --budget" replay ${OUT}/budget-witness.json --budget 60)
