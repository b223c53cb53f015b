# Install and package (issue 23): `cmake --install build` puts the binary, the
# man page, the claim catalog and (when built) the Python package in the usual
# places; `cpack` (run in the build folder) makes a .deb for Debian 12.
# tests/install/package_test.sh installs both into a throwaway prefix and runs
# the installed catalog.
include(GNUInstallDirs)

install(TARGETS menger RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT menger)
# The catalog with the data its claims name (OpenSM dumps beside their claims).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/proofs/ DESTINATION ${CMAKE_INSTALL_DATADIR}/menger/proofs COMPONENT menger)
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT menger)

# The man page: help2man reads `menger --help` and `--version`; the sections it
# cannot know (the commands, files, examples) are in docs/menger.h2m.  Without
# help2man the build goes on, and the install has no man page (said at configure time).
find_program(MENGER_HELP2MAN help2man)
if(MENGER_HELP2MAN)
  add_custom_command(
    OUTPUT ${CMAKE_BINARY_DIR}/menger.1
    COMMAND ${MENGER_HELP2MAN} --no-info --no-discard-stderr --section=1
            --name "machine-check claims about interconnection networks"
            --include ${PROJECT_SOURCE_DIR}/docs/menger.h2m --output ${CMAKE_BINARY_DIR}/menger.1 $<TARGET_FILE:menger>
    DEPENDS menger ${PROJECT_SOURCE_DIR}/docs/menger.h2m
    COMMENT "man page menger.1 (help2man)")
  add_custom_target(menger_man ALL DEPENDS ${CMAKE_BINARY_DIR}/menger.1)
  install(FILES ${CMAKE_BINARY_DIR}/menger.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT menger)
else()
  message(STATUS "help2man not found: no man page (install the Debian package help2man)")
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME menger)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "Menger developers <menger@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "machine-checks claims about interconnection networks")
set(CPACK_PACKAGE_DESCRIPTION "Menger proves or refutes fault-tolerance, routing, deadlock-freedom and reliability
claims about interconnection networks on small instances, with witnesses and certificates that can be re-checked.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
# The shared libraries' packages (Z3, TBB, toml++, Open MPI, nauty...) from
# dpkg-shlibdeps; the programs Menger runs, by name.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "gnuplot-nox | gnuplot")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "graphviz")
if(MENGER_PYTHON)
  # The Python package (python/) is in the .deb too: its module is built for
  # this Python's ABI, and it converts networks from and to NetworkX.
  set(CPACK_DEBIAN_PACKAGE_DEPENDS
      "${CPACK_DEBIAN_PACKAGE_DEPENDS}, python3 (>= ${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR}), python3 (<< ${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR}.99)")
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "${CPACK_DEBIAN_PACKAGE_RECOMMENDS}, python3-networkx")
endif()
set(CPACK_STRIP_FILES ON)
include(CPack)
