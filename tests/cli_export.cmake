# End to end: `menger export` refuses what GraphML cannot carry with one error,
# exit 2, nothing printed and an existing output file left as it was.
# Invoked by ctest with -DMENGER=... -DOUT=...
include(${CMAKE_CURRENT_LIST_DIR}/cli_helpers.cmake)
file(MAKE_DIRECTORY ${OUT})
string(ASCII 1 ctl)
file(WRITE ${OUT}/ctl.edges "a b\nb c${ctl}d\n")
file(WRITE ${OUT}/kept.graphml "an earlier export\n")
expect_menger(2 "^$" "export --format graphml of a control character"
              export "file(${OUT}/ctl.edges)" --format graphml)
if(NOT MENGER_ERR MATCHES "control character")
  message(FATAL_ERROR "the refusal does not say why: ${MENGER_ERR}")
endif()
expect_menger(2 "^$" "export -o onto an existing file" export "file(${OUT}/ctl.edges)" --format graphml
              -o ${OUT}/kept.graphml)
file(READ ${OUT}/kept.graphml kept)
if(NOT kept STREQUAL "an earlier export\n")
  message(FATAL_ERROR "a refused export overwrote the file: '${kept}'")
endif()
# DOT carries the same label, and it reads back.
expect_menger(0 "" "export --format dot" export "file(${OUT}/ctl.edges)" --format dot -o ${OUT}/ctl.dot)
expect_menger(0 "nodes +3" "info of the DOT copy" info "file(${OUT}/ctl.dot)")
# Strict readers (issue 36): a GraphML file whose nodes say `type` where Menger
# reads `kind` (NetworkX writes the user's names) is read, every node a router,
# and standard error says so: which attribute was ignored, which default applied.
expect_menger(0 "" "export kary_ntree(2,2) as GraphML" export "kary_ntree(2,2)" --format graphml -o ${OUT}/fat.graphml)
file(READ ${OUT}/fat.graphml fat)
string(REPLACE "attr.name=\"kind\"" "attr.name=\"type\"" fat "${fat}")
file(WRITE ${OUT}/nx.graphml "${fat}")
expect_menger(0 "" "info of a GraphML file with type for kind" info "file(${OUT}/nx.graphml)")
if(NOT MENGER_ERR MATCHES "menger: note: file [^\n]*nx.graphml: GraphML attribute 'type' \\(on nodes\\) is not one Menger reads"
   OR NOT MENGER_ERR MATCHES "menger: note: [^\n]*every node was taken as a router")
  message(FATAL_ERROR "the notes are missing: ${MENGER_ERR}")
endif()
expect_menger(0 "" "info of Menger's own GraphML" info "file(${OUT}/fat.graphml)")
if(MENGER_ERR MATCHES "note")
  message(FATAL_ERROR "a file Menger wrote should read without a note: ${MENGER_ERR}")
endif()
