# End to end: `menger montecarlo` gives the same CSV bytes with 1 and 2 threads,
# draws its plot, and refuses bad input with exit 2 and one sentence.
# Invoked by ctest with -DMENGER=... -DOUT=...
foreach(threads 1 2)
  execute_process(COMMAND ${MENGER} --threads ${threads} montecarlo "mikant(3,3)" --experiment routing --faults links
                          --routing mikant-shortest --routing mikant-x-turns --counts 0..10:5 --trials 3000 --seed 5
                          --csv ${OUT}/mc-${threads}.csv
                  RESULT_VARIABLE status OUTPUT_VARIABLE out)
  if(NOT status EQUAL 0 OR NOT out MATCHES "mikant-x-turns")
    message(FATAL_ERROR "menger montecarlo with ${threads} threads: status ${status}\n${out}")
  endif()
endforeach()
file(READ ${OUT}/mc-1.csv one)
file(READ ${OUT}/mc-2.csv two)
if(NOT one STREQUAL two)
  message(FATAL_ERROR "montecarlo CSV differs between 1 and 2 threads:\n${one}\n---\n${two}")
endif()
if(NOT one MATCHES "seed 5")
  message(FATAL_ERROR "the CSV does not state its seed:\n${one}")
endif()
execute_process(COMMAND ${MENGER} montecarlo "min(stages=3, radix=2, wiring=deterministic)" --experiment completeness
                        --trials 2000 --plot ${OUT}/complete.svg
                RESULT_VARIABLE status OUTPUT_VARIABLE out)
if(NOT status EQUAL 0 OR NOT EXISTS ${OUT}/complete.svg OR NOT out MATCHES "exact")
  message(FATAL_ERROR "menger montecarlo --plot: status ${status}\n${out}")
endif()
file(READ ${OUT}/complete.svg svg)
if(NOT svg MATCHES "<svg")
  message(FATAL_ERROR "the plot is not an SVG image")
endif()
foreach(bad "--counts;0..200" "--counts;3..1" "--rates;1.5" "--trials;0" "--best-of;3" "--plot;x.pdf")
  execute_process(COMMAND ${MENGER} montecarlo "torus(3,3)" --experiment routing --routing shortest --counts 1 ${bad}
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 2 OR err STREQUAL "")
    message(FATAL_ERROR "montecarlo ${bad}: expected exit 2 with a message, got ${status}\n${out}\n${err}")
  endif()
endforeach()
