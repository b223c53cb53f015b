#include "verify/route/proof_tree.h"

#include <algorithm>

#include "core/error.h"
#include "verify/route/route_proof.h"

namespace menger {

namespace {

class TreeBuilder {
 public:
  TreeBuilder(const TreeRunner& run, const FaultModel& model, const RoutePair& pair, std::uint32_t k)
      : run_(run), k_(k), healthy_(model.universe().size(), 0) {
    // The root stands for the sets that spare both ends (route_proof.h).
    for (NodeId v : {pair.s, pair.d})
      if (auto u = model.unit_of_node(v)) healthy_[*u] = 1;
  }

  std::vector<std::uint64_t> build() {
    std::vector<std::size_t> none;
    node(none);
    return std::move(out_);
  }
  std::uint64_t runs = 0;

 private:
  const TreeRunner& run_;
  std::uint32_t k_;
  std::vector<char> healthy_;
  std::vector<std::uint64_t> out_;

  // The tree of F; recursion depth is |F| <= k.
  void node(const std::vector<std::size_t>& f) {
    ++runs;
    const TreeRun r = run_(f);
    if (r.end == TreeRun::End::Excused) return out_.push_back(kProofExcused);
    if (r.end == TreeRun::End::Failed)
      throw InternalError("proof: a run fails under a fault set of " + std::to_string(f.size()) +
                          " units, after the search found no failure");
    if (f.size() >= k_) return out_.push_back(kProofDelivered);
    std::vector<std::size_t> undecided;
    for (std::size_t u : r.reads)
      if (!healthy_[u]) undecided.push_back(u);
    for (std::size_t u : undecided) {
      out_.push_back(proof_branch(u, false));
      std::vector<std::size_t> child = f;
      child.insert(std::upper_bound(child.begin(), child.end(), u), u);
      node(child);
      healthy_[u] = 1;
    }
    out_.push_back(kProofDelivered);
    for (std::size_t u : undecided) healthy_[u] = 0;
  }
};

}  // namespace

std::vector<std::uint64_t> proof_tokens(const TreeRunner& run, const FaultModel& model, const RoutePair& pair,
                                        std::uint32_t k, std::uint64_t& runs) {
  TreeBuilder b(run, model, pair, k);
  std::vector<std::uint64_t> out = b.build();
  runs = b.runs;
  return out;
}

}  // namespace menger
