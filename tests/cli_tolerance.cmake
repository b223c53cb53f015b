# End to end: `menger tolerance --certificate` writes a certificate that
# `menger check-cert` validates, and a tampered copy that it rejects.
# Invoked by ctest with -DMENGER=... -DOUT=...
execute_process(COMMAND ${MENGER} tolerance "hdn(base=hypercube(3), k=1, s=[4])" --certificate ${OUT}/cert.json
                RESULT_VARIABLE status OUTPUT_VARIABLE out)
if(NOT status EQUAL 0 OR NOT out MATCHES "survives any 3 faults; 4 can break it")
  message(FATAL_ERROR "menger tolerance: status ${status}\n${out}")
endif()
execute_process(COMMAND ${MENGER} check-cert ${OUT}/cert.json RESULT_VARIABLE status OUTPUT_VARIABLE out)
if(NOT status EQUAL 0 OR NOT out MATCHES "^VALID")
  message(FATAL_ERROR "check-cert rejected a good certificate: ${out}")
endif()
# Claim one fault more than the certificate proves.
file(READ ${OUT}/cert.json text)
string(REPLACE "\"min_cut\":4" "\"min_cut\":5" forged "${text}")
if(forged STREQUAL text)
  message(FATAL_ERROR "could not forge the certificate: no \"min_cut\":4 in it")
endif()
file(WRITE ${OUT}/forged.json "${forged}")
execute_process(COMMAND ${MENGER} check-cert ${OUT}/forged.json RESULT_VARIABLE status OUTPUT_VARIABLE out)
if(NOT status EQUAL 1 OR NOT out MATCHES "INVALID")
  message(FATAL_ERROR "check-cert accepted a forged certificate (status ${status}): ${out}")
endif()
