# FindZ3: Debian's libz3-dev (4.8.x) installs a pkg-config file but no CMake
# package configuration, so locate the header and library and expose Z3::z3.
find_path(Z3_INCLUDE_DIR NAMES z3++.h)
find_library(Z3_LIBRARY NAMES z3)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(Z3 REQUIRED_VARS Z3_LIBRARY Z3_INCLUDE_DIR)
if(Z3_FOUND AND NOT TARGET Z3::z3)
  add_library(Z3::z3 UNKNOWN IMPORTED)
  set_target_properties(Z3::z3 PROPERTIES
    IMPORTED_LOCATION "${Z3_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${Z3_INCLUDE_DIR}")
endif()
mark_as_advanced(Z3_INCLUDE_DIR Z3_LIBRARY)
