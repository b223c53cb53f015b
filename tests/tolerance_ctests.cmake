# Included by tests/CMakeLists.txt: the end-to-end tests of `menger tolerance`
# in blocks (issue 20, verify/tolerance/tolerance.h "Shards").
#
# mpirun -n 1, 2, 3 prints what a plain run prints, checkpoints included
# (skipped without mpirun).
add_test(NAME cli_tolerance_mpi
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/mpi_tolerance_same_output.sh $<TARGET_FILE:menger>
                 ${CMAKE_CURRENT_BINARY_DIR}/mpi_tolerance_same_output)
set_tests_properties(cli_tolerance_mpi PROPERTIES LABELS "unit" TIMEOUT 300 SKIP_RETURN_CODE 77)
# SIGKILL partway through a checkpointed run, resume, same output and
# certificate.  The network takes a few seconds without symmetry (about 3.5 s
# for hypercube(13) on the 2-core VM); the sanitizer build takes a smaller one.
if(MENGER_SANITIZE)
  set(menger_kill_tolerance_spec "hypercube(12)")
else()
  set(menger_kill_tolerance_spec "hypercube(13)")
endif()
add_test(NAME cli_tolerance_kill_and_resume
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/kill_and_resume_tolerance.sh $<TARGET_FILE:menger>
                 ${CMAKE_CURRENT_BINARY_DIR}/kill_and_resume_tolerance ${menger_kill_tolerance_spec})
set_tests_properties(cli_tolerance_kill_and_resume PROPERTIES LABELS "unit" TIMEOUT 300)
