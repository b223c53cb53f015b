// The subnet-manager-in-the-loop question (src/setup/opensm_faults.h): after
// every set of at most k failed links or switches of an InfiniBand fabric,
// do the tables OpenSM computes again have no credit loop, and does every
// pair the subnet manager still reaches route?  Declared once here
// (src/question/field.h).  The subject -- the fabric as ibsim loads it, a net
// file or ibnetdiscover's output -- is not a field: the CLI takes it as an
// argument, a claim as its model ibsim(file=...).
#pragma once

#include <cstdint>
#include <string>

#include "core/infiniband_lanes.h"
#include "question/field.h"

namespace menger {

struct OpensmFaultsQuestion {
  static constexpr const char* kVerb = "opensm-faults";
  static constexpr const char* kAbout =
      "After every set of <= k failed links or switches, has the routing OpenSM computes again a credit loop, or a "
      "pair it leaves unrouted?";

  std::string engine;
  std::string faults = "links";
  std::uint32_t k = 1;
  std::string sls = kPathServiceLevels.from_dump;
  std::string vls = kServiceLevelToLane.from_dump;
  std::string roots, torus_config, sm_host;
  std::string workdir;
  std::uint32_t jobs = 0;
  std::uint32_t up_timeout = 60;

  template <class Q, class Visit>
  static void fields(Q& q, Visit&& v) {
    using namespace question;
    v(q.engine, Field("engine", "OpenSM's routing engine (its -R name)")
                    .one_of({"minhop", "updn", "dnup", "ftree", "lash", "dor", "torus-2QoS", "dfsssp", "sssp", "nue"})
                    .needed_in(kEveryFront));
    v(q.faults, Field("faults", "what fails: links (between switches) | switches | links+switches")
                    .one_of({"links", "switches", "links+switches"}));
    v(q.k, Field("k", "route again after every set of <= k failures").range(0, 4));
    v(q.sls, Field(kPathServiceLevels.name, "path SLs: " + std::string(kPathServiceLevels.from_dump) +
                                                " asks the SA for every pair's path record (saquery), " +
                                                kPathServiceLevels.zero + " takes SL 0 for every path")
                 .one_of({kPathServiceLevels.from_dump, kPathServiceLevels.zero}));
    v(q.vls, Field(kServiceLevelToLane.name, kServiceLevelToLane.doc)
                 .one_of({kServiceLevelToLane.from_dump, kServiceLevelToLane.zero}));
    v(q.roots, Field("roots", "root switch GUIDs for updn, dnup and ftree (OpenSM's -a file)").defaults_to("OpenSM's choice"));
    v(q.torus_config, Field("torus_config", "torus-2QoS's --torus_config file").defaults_to("none"));
    v(q.sm_host, Field("sm_host", "the node OpenSM runs on, by its name in the net file; when a fault set cuts it "
                                  "off, the first node the faults leave connected")
                     .defaults_to("the file's first node"));
    v(q.workdir, Field("workdir", "keep every fault set's tables here, and resume from what a run left there "
                                  "(OpenSM's tables are re-read and re-checked, not taken from a summary)")
                     .in(kCli | kPython)
                     .run_control()
                     .defaults_to("<temp>/menger-opensm-faults/<digest of the question>, emptied first, removed "
                                  "unless a fault set fails or the run is cut short"));
    v(q.jobs, Field("jobs", "subnets simulated at once (under mpirun: one per rank)")
                  .range(0, 64)
                  .defaults_to("the thread count")
                  .run_control());
    v(q.up_timeout, Field("up_timeout", "seconds to wait for OpenSM's SUBNET UP before a fault set is UNKNOWN")
                        .range(1, 3600)
                        .run_control());
  }
};

}  // namespace menger
