# End to end (issue 22): `menger export --routing R --format table` writes a
# routing table that `table(file=...)` replays wherever a routing goes, with
# the original's verdicts; adaptive routings are written with their choices
# (version 2), and routings no table holds and malformed tables are refused
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
# It is described as what it is: fixed hops, no fault read (issue 42: not "local fault knowledge").
expect_menger(1 "routing      table\\(file=.*\\) \\(static: reads no faults\\)" "route-check names a table static"
              route-check "torus(4,4)" --routing "table(file=${OUT}/dor.json)" --faults links --k 1)
expect_menger(0 "" "montecarlo of the table" montecarlo "torus(4,4)" --experiment routing
              --routing "table(file=${OUT}/dor.json)" --faults links --counts 1 --trials 200 --seed 1)
# An adaptive routing is written with its choices (version 2) and keeps its
# verdicts: duato-torus is free by Duato's condition, as a table too.
expect_menger(0 "" "export of an adaptive routing" export "torus(4,4)" --routing duato-torus --format table-csv
              -o ${OUT}/duato.csv)
file(READ ${OUT}/duato.csv duato_text)
if(NOT duato_text MATCHES "# version: 2")
  message(FATAL_ERROR "an adaptive table is not version 2: ${duato_text}")
endif()
expect_menger(0 "FREE: Duato's condition: escape VCs {0,1}" "deadlock of the adaptive table" deadlock "torus(4,4)"
              --routing "table(file=${OUT}/duato.csv)")
expect_menger(0 "HOLDS" "route-check of the adaptive table, fault-free" route-check "torus(4,4)"
              --routing "table(file=${OUT}/duato.csv)" --faults links --k 0)
# Some choice sequence delivering (route-check --choices some): said in the
# output, recorded in the witness, replayed under it; no proof is written for it.
expect_menger(1 "choices      some" "route-check, some choice delivers" route-check "torus(4,4)"
              --routing "table(file=${OUT}/duato.csv)" --faults links --k 1 --choices some --witness ${OUT}/some.json)
file(READ ${OUT}/some.json some_witness)
if(NOT some_witness MATCHES "\"choices\": \"some\"")
  message(FATAL_ERROR "the witness does not record the rule: ${some_witness}")
endif()
expect_menger(0 "confirmed" "replay of a some-choice witness" replay ${OUT}/some.json)
expect_menger(2 "" "a proof of a some-choice search" route-check "torus(4,4)" --routing "table(file=${OUT}/duato.csv)"
              --faults links --k 1 --choices some --proof ${OUT}/some-proof.gz)
if(NOT MENGER_ERR MATCHES "choices = some")
  message(FATAL_ERROR "the refusal does not say why: ${MENGER_ERR}")
endif()
# Refusals: a routing whose choices depend on more than the input port and VC,
# a table for another network, a broken file.
expect_menger(2 "^$" "export of a source-dependent routing" export "dragonfly(p=1,a=2,h=2)" --routing dragonfly-valiant
              --format table)
if(NOT MENGER_ERR MATCHES "carries more than the input port and VC")
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
# Strict readers (issue 36).  A table whose name holds a comma is named by a
# quoted string; the witness records the table's digest, and replay refuses
# it once the table has changed, rather than replay another table.
file(MAKE_DIRECTORY "${OUT}/a,b")
file(COPY_FILE ${OUT}/dor.json "${OUT}/a,b/dor,1.json")
expect_menger(1 "FAILS" "route-check of a table named with a comma" route-check "torus(4,4)"
              --routing "table(file=\"${OUT}/a,b/dor,1.json\")" --faults links --k 1 --witness ${OUT}/comma.json)
expect_menger(0 "confirmed" "replay of the comma table's witness" replay ${OUT}/comma.json)
file(APPEND "${OUT}/a,b/dor,1.json" "\n")
expect_menger(1 "has changed since" "replay after the table changed" replay ${OUT}/comma.json)
file(REMOVE "${OUT}/a,b/dor,1.json")
expect_menger(1 "cannot be read now" "replay after the table was removed" replay ${OUT}/comma.json)
# A directory or a device where the table should be; a key written twice.
expect_menger(2 "" "a table that is a directory" deadlock "torus(4,4)" --routing "table(file=${OUT})")
if(NOT MENGER_ERR MATCHES "routing table .* is a directory")
  message(FATAL_ERROR "the refusal does not say why: ${MENGER_ERR}")
endif()
expect_menger(2 "" "a table that is a device" deadlock "torus(4,4)" --routing "table(file=/dev/zero)")
if(NOT MENGER_ERR MATCHES "routing table /dev/zero is a device")
  message(FATAL_ERROR "the refusal does not say why: ${MENGER_ERR}")
endif()
file(WRITE ${OUT}/twice.json "{\"format\": \"menger-routing-table\", \"version\": 1, \"vcs\": 1, \"vcs\": 2, \"routes\": []}")
expect_menger(2 "" "a table with a key written twice" deadlock "torus(4,4)" --routing "table(file=${OUT}/twice.json)")
if(NOT MENGER_ERR MATCHES "\"vcs\" appears twice")
  message(FATAL_ERROR "the refusal does not say why: ${MENGER_ERR}")
endif()
# One rule for relative paths (issue 37): a table a claim file names resolves
# beside the claim file, as a network file(...) does; prove runs here, in
# another directory.  Every kind that builds routings takes it.
file(MAKE_DIRECTORY ${OUT}/claims)
file(COPY_FILE ${OUT}/dor.json ${OUT}/claims/dor.json)
# table_claim(NAME EXPECT PROPERTY_LINES...): a claim file beside dor.json
# naming it, on torus(4,4).
function(table_claim name expect)
  string(JOIN "\n" property ${ARGN})
  file(WRITE ${OUT}/claims/${name}.toml "title = \"${name}: a table beside the claim\"
statement = \"issue 37: relative file names resolve beside the claim file\"
[source]
paper = \"menger\"
where = \"issue 37\"
[property]
routing = \"table(file=dor.json)\"
${property}
[[instance]]
model = \"torus(4,4)\"
expect = \"${expect}\"
")
endfunction()
table_claim(table-deadlock fails "kind = \"deadlock-free\"")
table_claim(table-same holds "kind = \"same-routing\"" "reference = \"dor\"")
table_claim(table-route holds "kind = \"route-tolerance\"" "faults = \"links\"" "tolerates = \"0\"")
expect_menger(0 "3 instances: 2 HOLDS 1 FAILS; all as expected" "claims naming a table beside them"
              prove ${OUT}/claims --json ${OUT}/claims-report.json)
