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
