# --budget bounds the whole command (core/budget.h, issue 21): building a
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

# Issue 36, "Budgets that hold": the engines' own phases stop too, naming the
# phase, however the input is shaped.  A path of 200,000 nodes is one batch of
# 64 BFS sources of 200,000 levels each (about a minute: info once ran 117 s
# under --budget 2); the channel dependency graph of torus(300,300) holds every
# destination's configurations (minutes and gigabytes).  The wall time allowed
# is loose (a loaded machine), but far below what the phases took unchecked.
function(expect_stop_within seconds status regex what)
  string(TIMESTAMP t0 "%s")
  expect_menger(${status} "${regex}" "${what}" ${ARGN})
  string(TIMESTAMP t1 "%s")
  math(EXPR spent "${t1} - ${t0}")
  if(spent GREATER ${seconds})
    message(FATAL_ERROR "${what}: took ${spent} s, more than ${seconds} s\n${MENGER_OUT}")
  endif()
endfunction()
set(phase_unknown "UNKNOWN +the budget ran out while ([a-z' ()]+) \\([0-9.]+% of it done\\)")
expect_stop_within(30 4 "UNKNOWN +the budget ran out while searching distances \\([0-9.]+% of it done\\): 0 of 200000"
                   "info on a long path" info "mesh(200000)" --budget 1 --no-automorphisms)
expect_stop_within(30 4 "${phase_unknown}" "deadlock on torus(300,300)" deadlock "torus(300,300)" --routing dor --budget 1)
# The memory limit stops what the clock would not: UNKNOWN naming the limit and the phase.
expect_stop_within(60 4 "UNKNOWN +the memory limit \\(256 MiB\\) was reached while [a-z' ]+"
                   "deadlock --memory-limit" --memory-limit 0.25 deadlock "torus(300,300)" --routing dor)

# Every verb's --budget, and --threads and --memory-limit, read plain decimal
# from the one declaration (cli/commands.h add_budget_option): CLI11 alone took
# "0x10" as 16 seconds, "010" as 8, and 0 as "no limit" though no help said so.
foreach(verb_args "info;hypercube(3)" "tolerance;hypercube(3)" "route-check;torus(3,3);--routing;shortest"
                  "deadlock;torus(3,3);--routing;dor" "montecarlo;torus(3,3);--experiment;completeness")
  list(GET verb_args 0 verb)
  foreach(bad 0x10 0 -1 1e1 " 5" "+5" 99999999999)
    expect_menger(2 "" "${verb} --budget '${bad}'" ${verb_args} --budget "${bad}")
    if(NOT MENGER_ERR MATCHES "--budget")
      message(FATAL_ERROR "${verb} --budget '${bad}': refused without naming --budget: ${MENGER_ERR}")
    endif()
  endforeach()
endforeach()
foreach(bad "--threads;0x2" "--threads;0" "--threads;+2" "--memory-limit;0x1p3" "--memory-limit;+4"
            "--memory-limit;0.01" "--memory-limit;inf")
  list(GET bad 0 flag)
  expect_menger(2 "" "menger ${bad}" ${bad} info "hypercube(3)")
  if(NOT MENGER_ERR MATCHES "${flag}")
    message(FATAL_ERROR "menger ${bad}: refused without naming ${flag}: ${MENGER_ERR}")
  endif()
endforeach()
expect_menger(0 "" "--threads 010 is ten threads" --threads 010 --memory-limit 4 info "hypercube(3)" --budget 060)
