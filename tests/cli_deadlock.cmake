# End to end: `menger deadlock` writes a certificate that check-cert accepts and
# a witness that replay confirms; tampered copies are rejected; exit codes
# follow the verdict.  Invoked by ctest with -DMENGER=... -DOUT=...
include(${CMAKE_CURRENT_LIST_DIR}/cli_helpers.cmake)
expect_menger(0 "FREE: Duato" "menger deadlock duato-torus"
              deadlock "torus(4,4)" --routing duato-torus --certificate ${OUT}/free.json)
expect_menger(0 "VALID" "check-cert rejected a good deadlock certificate" check-cert ${OUT}/free.json)
# Make the adaptive VC the escape set: its ring cycles break any order.
forge(${OUT}/free.json ${OUT}/forged-free.json "\"escape_vcs\": \\[[^]]*\\]" "\"escape_vcs\": [2]")
expect_menger(1 "INVALID" "check-cert accepted a forged deadlock certificate" check-cert ${OUT}/forged-free.json)
expect_menger(1 "DEADLOCK" "menger deadlock mikant-x-turns"
              deadlock "mikant(3,3)" --routing mikant-x-turns --faults switch-links --k 2 --witness ${OUT}/deadlock.json)
expect_menger(0 "confirmed" "replay rejected a good deadlock witness" replay ${OUT}/deadlock.json)
# Without its faults the detours that close the cycle are never taken.
forge(${OUT}/deadlock.json ${OUT}/emptied.json "\"set\": \\[[^]]*\\]" "\"set\": []")
expect_menger(1 "" "replay accepted a deadlock witness without its faults" replay ${OUT}/emptied.json)
expect_menger(2 "" "a bad --escape was not an input error" deadlock "torus(4,4)" --routing duato-torus --escape 0,5)
# A FREE verdict by SAT (verify/deadlock/deadlock_sat.h): the certificate carries a DRAT
# refutation that check-cert checks against a formula it rebuilds; a proof cut
# down to its first lemma no longer refutes it.
expect_menger(0 "DRAT proof" "the textbook array under wormhole is not FREE by SAT"
              deadlock "mesh(4)" --routing array-extra-channels --switching wormhole --certificate ${OUT}/sat.json)
expect_menger(0 "VALID" "check-cert rejected a SAT certificate" check-cert ${OUT}/sat.json)
forge(${OUT}/sat.json ${OUT}/sat-cut.json "\"proof\": \"([^\\\\]*)\\\\n[^\"]*\"" "\"proof\": \"\\1\"")
expect_menger(1 "INVALID" "check-cert accepted a SAT certificate with its proof cut" check-cert ${OUT}/sat-cut.json)
# --case-budget 0: SAT at once, where the case tree runs past any budget.
expect_menger(0 "FREE" "duato-bubble with one fault is not FREE by SAT at once"
              deadlock "torus(6,6)" --routing duato-bubble --faults nodes --k 1 --case-budget 0)
expect_menger(2 "" "a negative --case-budget was not an input error"
              deadlock "torus(4)" --routing "dor(flow=bubble)" --case-budget -1)
# Strict readers (issue 36).  What an exact certificate states beside its
# proof is re-derived by check-cert, not read: the routing's VCs, every VC an
# "escape" VC (the exact check holds every channel), one-flit wormhole buffers.
forge(${OUT}/sat.json ${OUT}/sat-vcs.json "\"vcs\": [0-9]+" "\"vcs\": 7")
expect_menger(1 "vcs = 7" "check-cert accepted a SAT certificate with another vcs" check-cert ${OUT}/sat-vcs.json)
forge(${OUT}/sat.json ${OUT}/sat-escape.json "\"escape_vcs\": \\[[^]]*\\]" "\"escape_vcs\": [0]")
expect_menger(1 "proper subset" "check-cert accepted a SAT certificate with an escape subset" check-cert ${OUT}/sat-escape.json)
forge(${OUT}/sat.json ${OUT}/sat-buffers.json "\"buffers\": 1" "\"buffers\": 3")
expect_menger(1 "buffers must be 1" "check-cert accepted a wormhole certificate with 3 buffers" check-cert ${OUT}/sat-buffers.json)
# A key written twice or unknown, a device, a directory: exit 2, one sentence.
forge(${OUT}/free.json ${OUT}/free-twice.json "\"model\": " "\"model\": \"torus(5,5)\", \"model\": ")
expect_menger(2 "" "check-cert read a key written twice" check-cert ${OUT}/free-twice.json)
if(NOT MENGER_ERR MATCHES "\"model\" appears twice")
  message(FATAL_ERROR "the refusal does not say why: ${MENGER_ERR}")
endif()
forge(${OUT}/free.json ${OUT}/free-unknown.json "\"model\": " "\"trusted\": true, \"model\": ")
expect_menger(2 "" "check-cert read a key it does not check" check-cert ${OUT}/free-unknown.json)
if(NOT MENGER_ERR MATCHES "unknown key \"trusted\"")
  message(FATAL_ERROR "the refusal does not say why: ${MENGER_ERR}")
endif()
foreach(verb check-cert replay)
  expect_menger(2 "" "${verb} read /dev/zero" ${verb} /dev/zero)
  if(NOT MENGER_ERR MATCHES "is a device")
    message(FATAL_ERROR "${verb} /dev/zero: the refusal does not say why: ${MENGER_ERR}")
  endif()
  expect_menger(2 "" "${verb} read a directory" ${verb} ${OUT})
  if(NOT MENGER_ERR MATCHES "is a directory")
    message(FATAL_ERROR "${verb} of a directory: the refusal does not say why: ${MENGER_ERR}")
  endif()
endforeach()
# Evidence records the files it was computed from: once the routing table
# changes, check-cert refuses the certificate instead of re-checking another table.
expect_menger(0 "" "export dor(flow=bubble) as a table" export "torus(4,4)" --routing "dor(flow=bubble)"
              --format table -o ${OUT}/bubble-table.json)
expect_menger(0 "FREE" "deadlock of the bubble table" deadlock "torus(4,4)"
              --routing "table(file=${OUT}/bubble-table.json)" --certificate ${OUT}/table-cert.json)
file(READ ${OUT}/table-cert.json cert)
if(NOT cert MATCHES "\"inputs\": {[^}]*bubble-table.json\": \"sha256:[0-9a-f]+\"")
  message(FATAL_ERROR "the certificate does not record the table's digest: ${cert}")
endif()
expect_menger(0 "VALID" "check-cert of the table's certificate" check-cert ${OUT}/table-cert.json)
file(APPEND ${OUT}/bubble-table.json "\n")
expect_menger(1 "INVALID.*has changed since" "check-cert after the table changed" check-cert ${OUT}/table-cert.json)
# Proofs under faults (issue 38): a FREE writes its proof and re-checks it;
# check-proof re-checks it alone, refuses it cut in half, and refuses it once
# the routing table it was computed from changes; a DEADLOCK at 3 faults proves
# the sets of <= 2; a deadlock without faults leaves no proof behind.
expect_menger(0 "re-checked +[0-9]+ fault sets' certificates" "deadlock --proof"
              deadlock "torus(5,5)" --routing "ft-torus(flow=bubble)" --escape 1,2 --k 2 --proof ${OUT}/dproof.gz)
expect_menger(0 "VALID +[0-9]+ fault sets" "check-proof rejected a good deadlock proof" check-proof ${OUT}/dproof.gz)
file(SIZE ${OUT}/dproof.gz size)
math(EXPR half "${size} / 2")
file(READ ${OUT}/dproof.gz half_bytes LIMIT ${half} HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "\\\\x\\1" escaped "${half_bytes}")
execute_process(COMMAND printf "${escaped}" OUTPUT_FILE ${OUT}/dcut.gz)
expect_menger(1 "INVALID" "check-proof accepted a truncated deadlock proof" check-proof ${OUT}/dcut.gz)
expect_menger(1 "every set of <= 2" "deadlock --proof below a failure of 3 faults"
              deadlock "torus(4,4)" --routing "ft-torus(flow=bubble)" --escape 1,2 --k 3 --proof ${OUT}/dbelow.gz)
expect_menger(0 "deadlock-free under every set of <= 2 nodes" "check-proof of the sets below a deadlock"
              check-proof ${OUT}/dbelow.gz)
expect_menger(1 "none written" "deadlock --proof without faults deadlocking"
              deadlock "hypercube(3)" --routing shortest --k 1 --proof ${OUT}/dnone.gz)
if(EXISTS ${OUT}/dnone.gz OR EXISTS ${OUT}/dnone.gz.partial OR EXISTS ${OUT}/dnone.gz.partial.body)
  message(FATAL_ERROR "a deadlock without faults left a proof file behind")
endif()
expect_menger(0 "FREE" "deadlock --proof of the bubble table" deadlock "torus(4,4)"
              --routing "table(file=${OUT}/bubble-table.json)" --k 1 --proof ${OUT}/table-proof.gz)
expect_menger(0 "VALID" "check-proof of the table's proof" check-proof ${OUT}/table-proof.gz)
file(APPEND ${OUT}/bubble-table.json "\n")
expect_menger(1 "INVALID.*has changed since" "check-proof after the table changed" check-proof ${OUT}/table-proof.gz)
file(WRITE ${OUT}/not-a-proof.gz "{\"format\": \"something else\"}\n")
expect_menger(1 "not a proof Menger writes" "check-proof of another format" check-proof ${OUT}/not-a-proof.gz)
