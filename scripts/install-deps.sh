#!/usr/bin/env bash
# Installs Menger's build and test dependencies from Debian packages.
# Idempotent: does nothing when every package is already installed.
set -euo pipefail

# What the main job (scripts/prove.sh: build `menger`, run the claim catalog) needs.
# Python's development files and pybind11 are here too, although the main job does
# not build the Python package: with them the main job configures the build exactly
# as the test command does (MENGER_PYTHON makes the libraries position independent),
# so the test command builds only the tests on top of `menger`, not everything again.
main=(
  g++ cmake ninja-build                       # toolchain
  libboost-graph-dev                          # Boost.Graph (+ PropertyTree, Multiprecision headers)
  libtbb-dev libcli11-dev libtomlplusplus-dev nlohmann-json3-dev libz3-dev
  libcadical-dev                              # SAT with DRAT proofs (verify/deadlock/deadlock_sat.h)
  libssl-dev                                  # SHA-256 of inputs and checkpoint seals (core/input_file.h)
  zlib1g-dev                                  # gzip streams of route-check proofs (verify/route/route_proof.h)
  libnauty2-dev pkgconf                       # automorphism groups (verify/symmetry/nauty_group.h)
  libopenmpi-dev openmpi-bin                  # mpirun -n R menger route-check (src/dist)
  python3 python3-dev pybind11-dev python3-pybind11  # the Python package (python/): see above
  ccache                                      # compiler cache (cmake/MengerPch.cmake)
  opensm ibsim-utils infiniband-diags         # InfiniBand: OpenSM routes ibsim's subnets, saquery asks it (menger opensm-faults, the catalog)
  gnuplot-nox                                 # plots of the reliability curves (prove --html)
  graphviz                                    # witness pictures in the HTML report (prove --html)
)
# What only the test command (scripts/test.sh, CI) adds.
tests=(
  libgtest-dev libgmock-dev                   # GoogleTest
  python3-networkx python3-igraph             # peer cross-checks and benchmarks
  python3-pytest                              # the Python package's pytest suite
  python3-jsonschema                          # JSON outputs validated against schemas/ in tests
  ibutils                                     # ibdmchk, the credit-loop peer cross-check
  file                                        # cpack reads the binaries' dependencies with it (the .deb test)
  chromium chromium-driver python3-selenium   # the HTML report's browser test (ctest label browser)
  help2man dpkg-dev                           # the man page; dpkg-shlibdeps for the .deb (cpack)
  valgrind                                    # a SAT solver stopped mid-proof, watched (ctest valgrind_sat)
)

# Usage: scripts/install-deps.sh [--main | --fuzz]
#   (none)   everything the test command needs (the main job's packages and the test tools)
#   --main   only what the main job runs (scripts/prove.sh)
#   --fuzz   everything, plus clang and its runtimes (libFuzzer, ASan, UBSan) for the
#            MENGER_FUZZ configuration (fuzz/README.md); the normal build and CI do not need them
case "${1:-}" in
  "") packages=("${main[@]}" "${tests[@]}") ;;
  --main) packages=("${main[@]}") ;;
  --fuzz) packages=("${main[@]}" "${tests[@]}" clang libclang-rt-14-dev) ;;
  *) echo "install-deps: unknown argument '$1' (expected --main or --fuzz)" >&2; exit 2 ;;
esac

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
echo "install-deps: installing ${missing[*]}"
$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
