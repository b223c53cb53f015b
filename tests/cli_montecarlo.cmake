# End to end: `menger montecarlo` gives the same CSV bytes with 1 and 2 threads,
# draws its plot, and refuses bad input with exit 2 and one sentence.
# Invoked by ctest with -DMENGER=... -DOUT=...
include(${CMAKE_CURRENT_LIST_DIR}/cli_helpers.cmake)
foreach(threads 1 2)
  expect_menger(0 "mikant-x-turns" "menger montecarlo with ${threads} threads"
                --threads ${threads} montecarlo "mikant(3,3)" --experiment routing --faults links
                --routing mikant-shortest --routing mikant-x-turns --counts 0..10:5 --trials 3000 --seed 5
                --csv ${OUT}/mc-${threads}.csv)
endforeach()
file(READ ${OUT}/mc-1.csv one)
file(READ ${OUT}/mc-2.csv two)
if(NOT one STREQUAL two)
  message(FATAL_ERROR "montecarlo CSV differs between 1 and 2 threads:\n${one}\n---\n${two}")
endif()
if(NOT one MATCHES "seed 5")
  message(FATAL_ERROR "the CSV does not state its seed:\n${one}")
endif()
# Fault combinations: the memo of translated runs against routing every pair
# (--naive), and 1 against 2 threads: the same CSV bytes.
foreach(run "1;" "2;" "1;--naive")
  list(GET run 0 threads)
  list(LENGTH run n)
  set(naive "")
  if(n GREATER 1)
    list(GET run 1 naive)
  endif()
  expect_menger(0 "combination tolerated" "menger montecarlo combinations ${threads} ${naive}"
                --threads ${threads} montecarlo "torus(4,4,4)" --experiment combinations --faults nodes
                --routing ft-torus --counts 8,12 --trials 40 --seed 3 ${naive}
                --csv ${OUT}/comb-${threads}${naive}.csv)
endforeach()
file(READ ${OUT}/comb-1.csv c1)
file(READ ${OUT}/comb-2.csv c2)
file(READ ${OUT}/comb-1--naive.csv cn)
if(NOT c1 STREQUAL c2 OR NOT c1 STREQUAL cn)
  message(FATAL_ERROR "combinations CSV differs (1 thread, 2 threads, --naive):\n${c1}\n---\n${c2}\n---\n${cn}")
endif()
expect_menger(0 "exact" "menger montecarlo --plot" montecarlo "min(stages=3, radix=2, wiring=deterministic)"
              --experiment completeness --trials 2000 --plot ${OUT}/complete.svg)
file(READ ${OUT}/complete.svg svg)
if(NOT svg MATCHES "<svg")
  message(FATAL_ERROR "the plot is not an SVG image")
endif()
# Negative or oversized 64-bit counts and seeds once wrapped silently
# (`--seed -1` ran with seed 2^64 - 1; `--trials -5` said "at most 2^40 trials").
foreach(bad "--counts;0..200" "--counts;3..1" "--rates;1.5" "--trials;0" "--best-of;3" "--plot;x.pdf"
            "--trials;-5" "--seed;-1" "--seed;99999999999999999999" "--exact-limit;-1" "--max-faults;-1")
  expect_menger(2 "" "montecarlo ${bad}" montecarlo "torus(3,3)" --experiment routing --routing shortest --counts 1 ${bad})
  if(MENGER_ERR STREQUAL "")
    message(FATAL_ERROR "montecarlo ${bad}: exit 2 without a message")
  endif()
endforeach()
# A leading zero is decimal, not CLI11's octal (010 once meant 8).
expect_menger(0 "seed +10\n" "montecarlo --seed 010" montecarlo "torus(3,3)" --experiment routing --routing shortest
              --counts 1 --trials 3 --seed 010)
