# End to end (issue 22): `menger export --routing R --format table` writes a
# routing table that `table(file=...)` replays wherever a routing goes, with
# the original's verdicts; adaptive routings and malformed tables are refused
# with exit 2.  Invoked by ctest with -DMENGER=... -DOUT=...
include(${CMAKE_CURRENT_LIST_DIR}/cli_helpers.cmake)
file(MAKE_DIRECTORY ${OUT})
# dor on a torus with one VC: the rings deadlock, and the table says so too.
expect_menger(0 "" "export dor as a JSON table" export "torus(4,4)" --routing dor --format table -o ${OUT}/dor.json)
expect_menger(0 "" "export dor as a CSV table" export "torus(4,4)" --routing dor --format table-csv -o ${OUT}/dor.csv)
expect_menger(1 "DEADLOCK" "deadlock of dor" deadlock "torus(4,4)" --routing dor)
expect_menger(1 "DEADLOCK" "deadlock of the JSON table" deadlock "torus(4,4)" --routing "table(file=${OUT}/dor.json)")
expect_menger(1 "DEADLOCK" "deadlock of the CSV table" deadlock "torus(4,4)" --routing "table(file=${OUT}/dor.csv)")
# With bubble flow control the table carries the bubble marks: free again.
expect_menger(0 "" "export dor(flow=bubble)" export "torus(4,4)" --routing "dor(flow=bubble)" --format table
              -o ${OUT}/bubble.json)
expect_menger(0 "FREE" "deadlock of the bubble table" deadlock "torus(4,4)" --routing "table(file=${OUT}/bubble.json)")
# route-check and montecarlo take it too: a table does not route around a fault.
expect_menger(1 "FAILS" "route-check of the table" route-check "torus(4,4)" --routing "table(file=${OUT}/dor.json)"
              --faults links --k 1)
expect_menger(0 "" "montecarlo of the table" montecarlo "torus(4,4)" --experiment routing
              --routing "table(file=${OUT}/dor.json)" --faults links --counts 1 --trials 200 --seed 1)
# Refusals: an adaptive routing, a table for another network, a broken file.
expect_menger(2 "^$" "export of an adaptive routing" export "torus(4,4)" --routing shortest --format table)
if(NOT MENGER_ERR MATCHES "adaptive")
  message(FATAL_ERROR "the refusal does not say why: ${MENGER_ERR}")
endif()
expect_menger(2 "" "a table for another network" deadlock "torus(5,5)" --routing "table(file=${OUT}/dor.json)")
if(NOT MENGER_ERR MATCHES "written for torus\\(4,4\\)")
  message(FATAL_ERROR "the refusal does not say why: ${MENGER_ERR}")
endif()
file(WRITE ${OUT}/broken.json "{\"format\": \"menger-routing-table\", \"version\": 3}")
expect_menger(2 "" "a table of another version" deadlock "torus(4,4)" --routing "table(file=${OUT}/broken.json)")
if(NOT MENGER_ERR MATCHES "version 3 is not supported")
  message(FATAL_ERROR "the refusal does not say why: ${MENGER_ERR}")
endif()
