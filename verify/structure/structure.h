// Structural facts of a network, computed on demand: counts, degrees, diameter,
// average distance.  The `structure` claim kind compares them with a paper's
// formulas; `menger info` prints them.
//
// Each observable is computed from the Topology where that suffices (node
// count: a dual-net with 2^31 nodes need not be built to count them) and from
// the materialised Network otherwise.  A value that does not exist (the degree
// of an irregular network, the diameter of a disconnected one) or that the
// budget did not allow is an Observed without value and with the reason; a
// budget shortfall also sets `exhausted` so the caller can say UNKNOWN.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/formula.h"
#include "core/json_io.h"
#include "core/network.h"
#include "verify/structure/distances.h"

namespace menger {

struct Observed {
  std::optional<Rational> value;
  std::string note;        // why there is no value, or a witness ("between E0 and E63")
  bool exhausted = false;  // the budget ran out before the value was known
  double coverage = 1.0;   // fraction of the work done when exhausted
};

struct ObservableInfo {
  std::string name;
  std::string description;
};

struct StructureOptions {
  Budget budget;  // the question's: materialising the network and searching distances count
  bool use_symmetry = true;
  DistanceMethod method = DistanceMethod::BitParallel;
};

class StructureFacts {
 public:
  StructureFacts(std::shared_ptr<const Topology> topology, StructureOptions opts = {});

  // Throws InputError for a name that is not an observable.
  Observed get(const std::string& name);
  static const std::vector<ObservableInfo>& observables();

  const Topology& topology() const { return *topology_; }
  // The materialised network (built on first use; throws InputError if too large).
  const Network& network();
  const DistanceSummary& distances();

 private:
  std::shared_ptr<const Topology> topology_;
  StructureOptions opts_;
  std::unique_ptr<Network> network_;
  std::optional<DistanceSummary> distances_;

  Observed degree_over(bool (*pick)(NodeKind), const char* what);
  Observed distance_fact(const std::string& name);
};

// The structure facts' JSON views, used by `menger info --json` (one member
// per observable, and "distances") and by the `structure` claim kind's details
// (each row's "observed").  Documented by schemas/structure.schema.json:
//   an Observed:        {"exact": "p/q", "value": p/q as a double, "witness"?: note}
//                       or, without a value, {"value": null, "reason": note}
//   a DistanceSummary:  {"sources_total", "sources_done", "by_symmetry",
//                        "unreachable_pairs", "ordered_pairs", "distance_sum"}
nlohmann::json to_json(const Observed& o);
nlohmann::json to_json(const DistanceSummary& d);

}  // namespace menger
