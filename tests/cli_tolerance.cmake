# End to end: `menger tolerance --certificate` writes a certificate that
# `menger check-cert` validates, and a tampered copy that it rejects.
# Invoked by ctest with -DMENGER=... -DOUT=...
include(${CMAKE_CURRENT_LIST_DIR}/cli_helpers.cmake)
expect_menger(0 "survives any 3 faults; 4 can break it" "menger tolerance"
              tolerance "hdn(base=hypercube(3), k=1, s=[4])" --certificate ${OUT}/cert.json)
expect_menger(0 "^VALID" "check-cert rejected a good certificate" check-cert ${OUT}/cert.json)
# Claim one fault more than the certificate proves.
forge(${OUT}/cert.json ${OUT}/forged.json "\"min_cut\":4" "\"min_cut\":5")
expect_menger(1 "INVALID" "check-cert accepted a forged certificate" check-cert ${OUT}/forged.json)
# A certificate whose format is not a string is refused in one sentence (issue 21).
forge(${OUT}/cert.json ${OUT}/format-null.json "\"format\": *\"[^\"]*\"" "\"format\": null")
expect_menger(2 "" "check-cert accepted a certificate whose format is null" check-cert ${OUT}/format-null.json)
