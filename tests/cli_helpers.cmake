# What the end-to-end CLI scripts share (included by tests/cli_*.cmake).

# expect_menger(STATUS REGEX WHAT ARG...): runs ${MENGER} ARG...; the test fails
# unless it exits with STATUS and its standard output matches REGEX ("" for any).
# Its standard output and error are left in MENGER_OUT and MENGER_ERR for the caller.
function(expect_menger status regex what)
  execute_process(COMMAND ${MENGER} ${ARGN} RESULT_VARIABLE got OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT got EQUAL status OR NOT out MATCHES "${regex}")
    message(FATAL_ERROR "${what}: expected exit ${status} and output matching '${regex}', got ${got}\n${out}\n${err}")
  endif()
  set(MENGER_OUT "${out}" PARENT_SCOPE)
  set(MENGER_ERR "${err}" PARENT_SCOPE)
endfunction()

# forge(IN OUT REGEX REPLACEMENT): writes a copy of evidence file IN with REGEX
# replaced; the test fails if the copy would not differ (the forgery is void).
function(forge in out regex replacement)
  file(READ ${in} text)
  string(REGEX REPLACE "${regex}" "${replacement}" forged "${text}")
  if(forged STREQUAL text)
    message(FATAL_ERROR "could not forge ${in}: nothing matches '${regex}'")
  endif()
  file(WRITE ${out} "${forged}")
endfunction()
