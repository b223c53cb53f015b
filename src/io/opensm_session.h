// One subnet routed by OpenSM itself: ibsim (Debian ibsim-utils) simulates the
// fabric of a net file, OpenSM (Debian opensm) attaches to it through the
// umad2sim preload library, sweeps, routes and writes its dump files, and
// saquery (infiniband-diags) asks the SA for each adapter pair's path record
// (OpenSM dumps no path SLs).  What `menger credit-loops DIR` reads is left in
// the directory:
//   opensm-subnet.lst, opensm-lfts.dump, opensm-sl2vl.dump  OpenSM's dumps
//   path-sls.txt      "SLID DLID SL" per adapter-port pair (unless path SLs are off)
//   opensm.log, ibsim.log, saquery.log, fabric.net, engine_used.txt
// The same steps as tests/infiniband/opensm_run.sh, which builds the project's
// fixtures and the ibdmchk cross-check: -D 0x43 (dumps need the ROUTING log
// bit), -Q (SL2VL tables), -R ENGINE,no_fallback (no silent fall-back to
// minhop), -F /dev/null (no system opensm.conf), -d 2 (an unbuffered log).
//
// LIDs kept: the subnet manager of a running fabric keeps the LIDs it gave
// ("Without -r, OpenSM attempts to preserve existing LID assignments",
// opensm(8)), and recomputes every forwarding table on the heavy sweep after a
// topology change (the unicast cache, -A, is off by default).  A fresh OpenSM
// given the earlier run's guid2lid file in its cache directory computes the
// tables that sweep computes; `guid2lid` passes that file's text.
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>

#include "core/budget.h"

namespace menger {

struct OpensmRunRequest {
  std::string net_text;            // the fabric, written to DIR/fabric.net for ibsim
  std::string engine = "minhop";   // OpenSM's -R name
  std::filesystem::path dir;       // emptied, then filled as above
  std::optional<std::filesystem::path> roots;         // -a: root GUIDs (updn, dnup, ftree)
  std::optional<std::filesystem::path> torus_config;  // --torus_config (torus-2QoS)
  std::optional<std::string> guid2lid;  // LIDs to keep: OpenSM's guid2lid file's text (see above)
  std::string sm_host;             // the ibsim node OpenSM attaches to; empty: the file's first node
  bool path_sls = true;            // query every adapter pair's path SL
  std::size_t switches = 0, nodes = 0;  // for ibsim's limits
  std::chrono::seconds up_timeout{60};
};

struct OpensmRunResult {
  bool routed = false;      // SUBNET UP with tables configured by the engine asked for
  std::string engine_used;  // from OpenSM's log ("none" when it routed nothing)
  std::string state;        // up, failed (no engine could route), died, timeout
  double seconds = 0;
};

// Routes the fabric; throws InputError when a tool is missing or fails (the
// simulator does not start, a path record cannot be read), BudgetExhausted
// when the budget runs out (every child process is stopped either way).
OpensmRunResult run_opensm(const OpensmRunRequest& request, const Budget& budget);

// The tools run_opensm needs, missing on this machine (empty: none).
std::string missing_opensm_tools();

}  // namespace menger
