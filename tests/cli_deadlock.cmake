# End to end: `menger deadlock` writes a certificate that check-cert accepts and
# a witness that replay confirms; tampered copies are rejected; exit codes
# follow the verdict.  Invoked by ctest with -DMENGER=... -DOUT=...
execute_process(COMMAND ${MENGER} deadlock "torus(4,4)" --routing duato-torus --certificate ${OUT}/free.json
                RESULT_VARIABLE status OUTPUT_VARIABLE out)
if(NOT status EQUAL 0 OR NOT out MATCHES "FREE: Duato")
  message(FATAL_ERROR "menger deadlock duato-torus: status ${status}\n${out}")
endif()
execute_process(COMMAND ${MENGER} check-cert ${OUT}/free.json RESULT_VARIABLE status OUTPUT_VARIABLE out)
if(NOT status EQUAL 0 OR NOT out MATCHES "VALID")
  message(FATAL_ERROR "check-cert rejected a good deadlock certificate (status ${status}): ${out}")
endif()
# Make the adaptive VC the escape set: its ring cycles break any order.
file(READ ${OUT}/free.json text)
string(REGEX REPLACE "\"escape_vcs\": \\[[^]]*\\]" "\"escape_vcs\": [2]" forged "${text}")
if(forged STREQUAL text)
  message(FATAL_ERROR "could not forge the certificate: no escape_vcs in it")
endif()
file(WRITE ${OUT}/forged-free.json "${forged}")
execute_process(COMMAND ${MENGER} check-cert ${OUT}/forged-free.json RESULT_VARIABLE status OUTPUT_VARIABLE out)
if(NOT status EQUAL 1 OR NOT out MATCHES "INVALID")
  message(FATAL_ERROR "check-cert accepted a forged deadlock certificate (status ${status}): ${out}")
endif()
execute_process(COMMAND ${MENGER} deadlock "mikant(3,3)" --routing mikant-x-turns --faults switch-links --k 2
                        --witness ${OUT}/deadlock.json
                RESULT_VARIABLE status OUTPUT_VARIABLE out)
if(NOT status EQUAL 1 OR NOT out MATCHES "DEADLOCK")
  message(FATAL_ERROR "menger deadlock mikant-x-turns: status ${status}\n${out}")
endif()
execute_process(COMMAND ${MENGER} replay ${OUT}/deadlock.json RESULT_VARIABLE status OUTPUT_VARIABLE out)
if(NOT status EQUAL 0 OR NOT out MATCHES "confirmed")
  message(FATAL_ERROR "replay rejected a good deadlock witness (status ${status}): ${out}")
endif()
# Without its faults the detours that close the cycle are never taken.
file(READ ${OUT}/deadlock.json text)
string(REGEX REPLACE "\"set\": \\[[^]]*\\]" "\"set\": []" emptied "${text}")
if(emptied STREQUAL text)
  message(FATAL_ERROR "could not forge the witness: no fault set in it")
endif()
file(WRITE ${OUT}/emptied.json "${emptied}")
execute_process(COMMAND ${MENGER} replay ${OUT}/emptied.json RESULT_VARIABLE status OUTPUT_VARIABLE out)
if(NOT status EQUAL 3)
  message(FATAL_ERROR "replay accepted a deadlock witness without its faults (status ${status}): ${out}")
endif()
execute_process(COMMAND ${MENGER} deadlock "torus(4,4)" --routing duato-torus --escape 0,5
                RESULT_VARIABLE status ERROR_VARIABLE err)
if(NOT status EQUAL 2)
  message(FATAL_ERROR "a bad --escape was not an input error (status ${status}): ${err}")
endif()
