// What the subnet-manager loop (src/setup/opensm_faults.h) found: one outcome
// per fault set it examined, in the order of the sets (by size, then by the
// failed units' indices), whatever order they ran in.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace menger {

struct SmFaultSetOutcome {
  enum class Kind {
    Clean,       // routed, no credit loop, every pair the SM reaches routed
    CreditLoop,  // the re-routed tables have a credit loop
    Unrouted,    // no loop, but a pair the SM reaches is left unrouted
    NotRouted,   // the engine could not route the fabric (OpenSM would fall back to another)
    Unknown,     // OpenSM did not come up in time or died; or the check could not settle
  };
  std::vector<std::size_t> units;  // indices into OpensmFaultsResult::unit_names
  Kind kind = Kind::Unknown;
  std::string detail;     // the engine's state, the unrouted pair, why unknown
  std::string sm_host;    // the node OpenSM ran on
  std::vector<std::string> cut_off;  // adapters the failures disconnect from the SM (not counted as unrouted)
  std::uint64_t pairs = 0;           // adapter-port pairs routed
  bool resumed = false;   // OpenSM's tables were read back from an earlier run's directory
  double seconds = 0;     // OpenSM and the check
  nlohmann::json check;   // the credit-loop check's view (setup/credit_loops.h's credit_loops_json)
  std::string dir;        // where its tables are (not in the JSON view: a path of this run)
  bool fails() const { return kind == Kind::CreditLoop || kind == Kind::Unrouted || kind == Kind::NotRouted; }
};

struct OpensmFaultsResult {
  std::string net;       // the net file as given
  std::string engine, faults;
  std::uint32_t k = 0;
  std::vector<std::string> unit_names;   // "link S-leaf0[3] - S-spine0[1]", "switch S-spine0"
  std::vector<SmFaultSetOutcome> sets;   // every set examined
  std::uint64_t total_sets = 0;          // every set of <= k units
  std::size_t resumed = 0;
  std::size_t remote = 0;                // sets from other MPI ranks whose tables this process could not re-read
  bool complete = false;                 // every set examined
  std::string workdir;                   // where the tables are (empty: removed)
  double seconds = 0, opensm_seconds = 0;

  std::size_t failing() const;
  // The first failing set in set order (the least, by size), or nullptr.
  const SmFaultSetOutcome* least_failing() const;
  std::string set_text(const SmFaultSetOutcome& s) const;  // "link ..., switch ..." or "no failure"
};

const char* to_string(SmFaultSetOutcome::Kind k);

}  // namespace menger
