#!/usr/bin/env bash
# Installs Menger's build and test dependencies from Debian packages.
# Idempotent: does nothing when every package is already installed.
set -euo pipefail

packages=(
  g++ cmake ninja-build                       # toolchain
  libboost-graph-dev                          # Boost.Graph (+ PropertyTree, Multiprecision headers)
  libtbb-dev libcli11-dev libtomlplusplus-dev nlohmann-json3-dev libz3-dev
  libgtest-dev libgmock-dev                   # GoogleTest
  libcadical-dev                              # SAT with DRAT proofs (verify/deadlock/deadlock_sat.h)
  libssl-dev                                  # SHA-256 of inputs and checkpoint seals (core/input_file.h)
  zlib1g-dev                                  # gzip streams of route-check proofs (verify/route/route_proof.h)
  python3 python3-networkx python3-igraph     # peer cross-checks and benchmarks
  ccache                                      # compiler cache (cmake/MengerPch.cmake)
  gnuplot-nox                                 # plots of the reliability curves (SVG, PNG)
  opensm ibsim-utils infiniband-diags ibutils # InfiniBand: OpenSM routes ibsim's subnets (menger opensm-faults, the catalog), ibdmchk cross-checks
  libnauty2-dev pkgconf                       # automorphism groups (verify/symmetry/nauty_group.h)
  libopenmpi-dev openmpi-bin                  # mpirun -n R menger route-check (src/dist)
  pybind11-dev python3-pybind11 python3-pytest # the Python package (python/) and its pytest suite
  python3-jsonschema                          # JSON outputs validated against schemas/ in tests
  graphviz                                    # witness pictures in the HTML report (menger prove --html)
  chromium chromium-driver python3-selenium   # the HTML report's browser test (ctest label browser)
  help2man dpkg-dev                           # the man page; dpkg-shlibdeps for the .deb (cpack)
  valgrind                                    # a SAT solver stopped mid-proof, watched (ctest valgrind_sat)
)

# --fuzz: clang and its runtimes (libFuzzer, ASan, UBSan) for the MENGER_FUZZ
# configuration (fuzz/README.md); the normal build and CI do not need them.
if [ "${1:-}" = "--fuzz" ]; then
  packages+=(clang libclang-rt-14-dev)
fi

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
