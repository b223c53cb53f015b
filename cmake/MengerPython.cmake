# MENGER_PYTHON: find /usr/bin/python3 (Debian's interpreter, which sees the
# Debian packages python3-pybind11, python3-pytest and python3-networkx; a
# pyenv `python3` earlier on PATH would not) and pybind11.
# menger_position_independent() then makes the libraries the extension module
# links position independent (-fPIC), which a shared object needs.  Only the
# libraries: the executables (menger, the tests) keep their flags, so ccache
# still serves them from the other checkouts' builds.
#
# -fPIC costs the libraries GCC's assumption that their global functions cannot
# be interposed (it then declines to inline them into each other);
# -fno-semantic-interposition gives that back: nothing in Menger relies on
# interposing its own functions.

set(menger_python_default ON)
if(MENGER_SANITIZE OR MENGER_FUZZ)
  set(menger_python_default OFF)
endif()
if(NOT DEFINED Python3_EXECUTABLE AND EXISTS /usr/bin/python3)
  set(Python3_EXECUTABLE /usr/bin/python3 CACHE FILEPATH "Python interpreter for the menger package")
endif()
if(NOT DEFINED MENGER_PYTHON OR MENGER_PYTHON)
  find_package(Python3 3.9 COMPONENTS Interpreter Development.Module QUIET)
  if(Python3_FOUND)
    find_package(pybind11 2.6 CONFIG QUIET)
  endif()
endif()
if(NOT Python3_FOUND OR NOT pybind11_FOUND)
  set(menger_python_default OFF)
endif()
option(MENGER_PYTHON "Build the Python package menger (pybind11; python/)" ${menger_python_default})
if(MENGER_PYTHON)
  if(NOT Python3_FOUND OR NOT pybind11_FOUND)
    message(FATAL_ERROR "MENGER_PYTHON needs Python 3 development files and pybind11 "
                        "(Debian: python3-dev pybind11-dev python3-pybind11)")
  endif()
  message(STATUS "Python package menger: ${Python3_EXECUTABLE} (${Python3_VERSION}), pybind11 ${pybind11_VERSION}")
endif()

function(menger_position_independent)
  foreach(lib ${ARGN})
    set_target_properties(${lib} PROPERTIES POSITION_INDEPENDENT_CODE ON)
    if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
      target_compile_options(${lib} PRIVATE -fno-semantic-interposition)
    endif()
  endforeach()
endfunction()
