#include "verify/check/proof_generators.h"

#include <set>

#include "verify/check/routing_symmetry_check.h"

namespace menger {

std::vector<ProofGenerator> checked_proof_generators(const std::string& kind, const std::vector<Permutation>& generators,
                                                     const FaultModel& m, const Routing& routing,
                                                     std::vector<std::string>& problems) {
  const Network& net = m.network();
  std::vector<ProofGenerator> out;
  if (kind == "none") {
    if (!generators.empty()) problems.push_back("symmetry 'none' with generators");
    return out;
  }
  std::set<Permutation> translations;
  if (kind == "translations") {
    if (!routing.translation_invariant()) problems.push_back(routing.spec() + " does not declare that it commutes with translations");
    for (auto& t : net.topology().translations()) translations.insert(t);
  } else if (kind == "port automorphisms") {
    if (!routing.port_automorphism_invariant())
      problems.push_back(routing.spec() + " does not declare that it commutes with the port automorphisms");
  } else {
    problems.push_back("unknown symmetry '" + kind + "'");
  }
  const std::vector<std::uint64_t> colours = routing.symmetry_colours(net);
  for (std::size_t i = 0; i < generators.size(); ++i) {
    const Permutation& g = generators[i];
    const std::string name = "generator " + std::to_string(i);
    if (g.size() != net.num_nodes()) {
      problems.push_back(name + " does not permute the " + std::to_string(net.num_nodes()) + " nodes");
      continue;
    }
    if (auto why = port_automorphism_problem(m, g)) {
      problems.push_back(name + " is not an automorphism keeping ports: " + *why);
      continue;
    }
    if (kind == "translations" && !translations.count(g)) problems.push_back(name + " is not one of the topology's translations");
    for (NodeId v = 0; v < net.num_nodes() && !colours.empty(); ++v)
      if (colours[g[v]] != colours[v]) {
        problems.push_back(name + " does not keep the routing's node colours");
        break;
      }
    auto units = unit_permutation(m, g);
    if (!units) problems.push_back(name + " does not map the fault units onto one another");
    else out.push_back({g, std::move(*units)});
  }
  return out;
}

}  // namespace menger
