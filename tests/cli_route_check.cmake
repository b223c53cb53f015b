# End to end: `menger route-check --witness` writes a failure that `menger
# replay` re-executes and confirms, and a tampered copy that replay rejects; a
# routing that holds exits 0.  Invoked by ctest with -DMENGER=... -DOUT=...
execute_process(COMMAND ${MENGER} route-check "mikant(3,3)" --routing mikant-x-turns --faults switch-links --k 2
                        --witness ${OUT}/witness.json
                RESULT_VARIABLE status OUTPUT_VARIABLE out)
if(NOT status EQUAL 1 OR NOT out MATCHES "FAILS: 1 fault \\(switch-links\\) defeats it \\(minimum")
  message(FATAL_ERROR "menger route-check: status ${status}\n${out}")
endif()
execute_process(COMMAND ${MENGER} replay ${OUT}/witness.json RESULT_VARIABLE status OUTPUT_VARIABLE out)
if(NOT status EQUAL 0 OR NOT out MATCHES "confirmed")
  message(FATAL_ERROR "replay rejected a good witness (status ${status}): ${out}")
endif()
# Claim a different failure than the trace shows.
file(READ ${OUT}/witness.json text)
string(REGEX REPLACE "\"outcome\": \"[^\"]*\"" "\"outcome\": \"livelock\"" forged "${text}")
if(forged STREQUAL text)
  message(FATAL_ERROR "could not forge the witness: no outcome in it")
endif()
file(WRITE ${OUT}/forged.json "${forged}")
execute_process(COMMAND ${MENGER} replay ${OUT}/forged.json RESULT_VARIABLE status OUTPUT_VARIABLE out)
if(NOT status EQUAL 3 OR NOT out MATCHES "problem")
  message(FATAL_ERROR "replay accepted a forged witness (status ${status}): ${out}")
endif()
# Drop the fault set: the packet is delivered, so the failure does not replay.
string(REGEX REPLACE "\"fault_set\": \\[[^]]*\\]" "\"fault_set\": []" emptied "${text}")
file(WRITE ${OUT}/emptied.json "${emptied}")
execute_process(COMMAND ${MENGER} replay ${OUT}/emptied.json RESULT_VARIABLE status OUTPUT_VARIABLE out)
if(NOT status EQUAL 3)
  message(FATAL_ERROR "replay accepted a witness without its faults (status ${status}): ${out}")
endif()
execute_process(COMMAND ${MENGER} route-check "hdn(base=hypercube(3), k=1, s=[4])" --routing hdn-ft1 --k 2
                RESULT_VARIABLE status OUTPUT_VARIABLE out)
if(NOT status EQUAL 0 OR NOT out MATCHES "HOLDS")
  message(FATAL_ERROR "route-check hdn-ft1: status ${status}\n${out}")
endif()
