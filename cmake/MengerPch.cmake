# Precompiled headers, one set per layer (issue 21: a first verdict in minutes).
#
# Why: the heavy headers (nlohmann-json, Boost.Multiprecision, CLI11, toml++,
# TBB, GoogleTest) are parsed again by every translation unit of a layer; a
# per-target PCH parses them once.  Each target gets its own PCH (no
# REUSE_FROM): GCC refuses a PCH built with other -D flags, and the targets'
# definitions differ.  MENGER_PCH=OFF builds without them, which is how a
# header that forgets an include is caught (the PCH would otherwise hide it).

option(MENGER_PCH "Precompile the heavy third-party headers of each layer" ON)

set(MENGER_PCH_STD <algorithm> <cstdint> <functional> <map> <memory> <optional> <set> <string>
  <string_view> <unordered_map> <utility> <variant> <vector>)
set(MENGER_PCH_CORE ${MENGER_PCH_STD} <nlohmann/json.hpp> <boost/multiprecision/cpp_int.hpp>
  <boost/dynamic_bitset.hpp> <boost/container/small_vector.hpp>)

# menger_precompile(TARGET header...): the core set plus the layer's own headers.
function(menger_precompile target)
  if(MENGER_PCH)
    target_precompile_headers(${target} PRIVATE ${MENGER_PCH_CORE} ${ARGN})
  endif()
endfunction()

# ccache, when installed (scripts/install-deps.sh installs it): a rebuild in a
# fresh clone on the same machine (CI runs right after a session, on its
# machine) compiles nothing it compiled before.  The sloppiness settings are
# what ccache's manual asks for with precompiled headers; BASEDIR and NOHASHDIR
# make the cache independent of where the checkout lives.
option(MENGER_CCACHE "Compile through ccache when it is installed" ON)
find_program(MENGER_CCACHE_PROGRAM ccache)
if(MENGER_CCACHE AND MENGER_CCACHE_PROGRAM AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  set(menger_ccache_env
    CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
    CCACHE_BASEDIR=${PROJECT_SOURCE_DIR} CCACHE_NOHASHDIR=true)
  # ccache keeps its cache under $HOME; without HOME (or CCACHE_DIR, XDG_CACHE_HOME) it
  # would fail every compile, so the cache then lives in the build folder.
  if(NOT DEFINED ENV{CCACHE_DIR} AND NOT DEFINED ENV{HOME} AND NOT DEFINED ENV{XDG_CACHE_HOME})
    list(APPEND menger_ccache_env CCACHE_DIR=${CMAKE_BINARY_DIR}/ccache)
  endif()
  set(CMAKE_CXX_COMPILER_LAUNCHER ${CMAKE_COMMAND} -E env ${menger_ccache_env} ${MENGER_CCACHE_PROGRAM})
endif()
