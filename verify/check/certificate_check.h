// Independent re-validation of tolerance certificates (`menger check-cert`).
//
// Trusts only the model (the network the caller's SpecResolver builds from the
// certificate's spec) and
// the fault model's definition of units; includes no engine code.  It checks:
//   * the witness: its units weigh min_cut and their failure disconnects its
//     pair (a breadth-first search that relays only through switches and
//     routers);
//   * disjoint-paths: every path is a walk the network allows (ports, link
//     directions, relays), the flow of each pair reaches min_cut without loading
//     any unit beyond its weight (or one path avoids every unit that can fail),
//     and the pairs cover what the named reduction needs, recomputed here: the
//     Esfahanian-Hakimi pairs of the pivot, all pairs of the single source, or
//     one pair per pair of twin classes; with `symmetry`, every generator is
//     re-checked as an automorphism of the fault model fixing the pivot
//     (automorphism_check.h), and a required pair is covered when a certified
//     pair lies in its orbit (union-find over the generators, computed here);
//   * exhaustive: every fault set of weight < min_cut, enumerated here, leaves
//     every required pair connected (refused beyond `max_work` BFS steps).
// Together the two halves prove the least breaking weight is exactly min_cut.
#pragma once

#include <string>
#include <vector>

#include "verify/tolerance/certificate.h"
#include "verify/spec_resolver.h"

namespace menger {

struct CheckReport {
  bool valid = false;
  std::vector<std::string> problems;  // the first few reasons it is not valid
  std::uint64_t pairs_checked = 0, paths_checked = 0, sets_enumerated = 0;
  std::string summary;
};

CheckReport check_certificate(const ToleranceCertificate& cert, const SpecResolver& specs,
                              std::uint64_t max_work = 4'000'000'000ull);

}  // namespace menger
