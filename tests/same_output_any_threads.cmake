# Runs `menger prove` on the catalog with 1 and with 2 threads and requires
# byte-identical reports (DESIGN.md: same inputs give the same output bytes,
# whatever the thread count).  Invoked by ctest with -DMENGER=... -DPROOFS=... -DOUT=...
foreach(threads 1 2)
  execute_process(
    COMMAND ${MENGER} --threads ${threads} prove ${PROOFS} --no-timing --json ${OUT}/report-${threads}.json
    OUTPUT_FILE ${OUT}/table-${threads}.txt
    RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "menger prove with ${threads} threads exited with ${status}")
  endif()
endforeach()
foreach(kind table report)
  if(kind STREQUAL "table")
    set(a ${OUT}/table-1.txt)
    set(b ${OUT}/table-2.txt)
  else()
    set(a ${OUT}/report-1.json)
    set(b ${OUT}/report-2.json)
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${a} ${b} RESULT_VARIABLE differ)
  if(differ)
    message(FATAL_ERROR "${kind} output differs between 1 and 2 threads: ${a} ${b}")
  endif()
endforeach()
