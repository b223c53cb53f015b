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
