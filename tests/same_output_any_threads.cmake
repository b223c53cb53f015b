cmake_policy(SET CMP0057 NEW)  # if(... IN_LIST ...)
# Runs `menger prove` with 1 and with 2 threads and requires byte-identical
# reports and HTML pages (DESIGN.md: same inputs give the same output bytes,
# whatever the thread count), and every verdict as its claim expects (exit 0).
# Invoked by ctest with -DMENGER=... -DOUT=... and either
#   -DPROOFS=PATH      one claim file or folder, or
#   -DSLICE=FILE       a list of claim files relative to -DPROOFS_DIR (one per
#                      line, '#' comments), and then the slice must run every
#                      claim kind `menger list` names (the sanitizer phase runs
#                      only the slice, so a kind missing from it goes untested).
if(DEFINED SLICE)
  file(STRINGS ${SLICE} lines)
  set(paths "")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "#.*" "" line "${line}")
    string(STRIP "${line}" line)
    if(NOT line STREQUAL "")
      if(NOT EXISTS ${PROOFS_DIR}/${line})
        message(FATAL_ERROR "${SLICE} names ${line}, which is not in ${PROOFS_DIR}")
      endif()
      list(APPEND paths ${PROOFS_DIR}/${line})
    endif()
  endforeach()
else()
  set(paths ${PROOFS})
endif()

foreach(threads 1 2)
  execute_process(
    COMMAND ${MENGER} --threads ${threads} prove ${paths} --no-timing --json ${OUT}/report-${threads}.json
            --artifacts ${OUT}/artifacts --html ${OUT}/html-${threads}
    OUTPUT_FILE ${OUT}/table-${threads}.txt
    RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "menger prove with ${threads} threads exited with ${status}: ${OUT}/table-${threads}.txt")
  endif()
endforeach()
# The HTML pages too (issue 23): the index and every claim's page.
file(GLOB pages RELATIVE ${OUT}/html-1 ${OUT}/html-1/index.html ${OUT}/html-1/claims/*.html)
if(pages STREQUAL "")
  message(FATAL_ERROR "menger prove --html wrote no pages in ${OUT}/html-1")
endif()
foreach(page IN LISTS pages)
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUT}/html-1/${page} ${OUT}/html-2/${page}
                  RESULT_VARIABLE differ)
  if(differ)
    message(FATAL_ERROR "HTML page ${page} differs between 1 and 2 threads")
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

if(DEFINED SLICE)
  # The claim kinds `menger list` documents: the lines after "Claim property kinds:".
  execute_process(COMMAND ${MENGER} list OUTPUT_VARIABLE listing RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "menger list exited with ${status}")
  endif()
  string(REGEX MATCH "Claim property kinds:\n([^\n]+\n)+" section "${listing}")
  string(REGEX MATCHALL "\n  [a-z-]+" kinds "${section}")
  if(kinds STREQUAL "")
    message(FATAL_ERROR "menger list names no claim kinds")
  endif()
  file(READ ${OUT}/report-1.json report)
  string(JSON count LENGTH "${report}" claims)
  set(seen "")
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    string(JSON kind GET "${report}" claims ${i} kind)
    list(APPEND seen ${kind})
  endforeach()
  foreach(kind IN LISTS kinds)
    string(STRIP "${kind}" kind)
    if(NOT kind IN_LIST seen)
      message(FATAL_ERROR "the slice ${SLICE} runs no '${kind}' claim; add one")
    endif()
  endforeach()
endif()
