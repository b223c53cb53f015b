// min(...): the multipath multistage interconnection networks of 001
// (Chong, Egozy and DeHon), sections 2-4.
//
// Structure.  E = radix^stages endpoints, each with `dilation` (c) connections
// into stage 1 and c connections out of the last stage.  Stage s (1-based)
// resolves destination digit s, most significant first (section 3: bidelta
// networks subdivide the destinations into `radix` equivalence classes per
// stage), so stage s has radix^(s-1) equivalence classes, class = the first s-1
// destination digits.  A stage-s router of dilation d_s has radix*d_s inputs
// and radix*d_s outputs, d_s per logical direction; a class holds
// m_s = c * radix^(stages-s) / d_s routers.  Every wiring moves the d_s wires
// of direction j of class x to the inputs of class x*radix + j; the last stage
// sends direction j of class x to endpoint x*radix + j.
//
// Wirings (section 3):
//   non_interwired  3.1: all d copies of a direction go to the same router: the
//                   bidelta topology with every wire multiplied (Figure 2);
//                   the last stage has dilation d too.
//   replicated      3.2: c copies ("planes") of a dilation-1 bidelta network,
//                   endpoint connection q in plane q (Figure 3).
//   random          3.3, Figure 4: each class-to-class transition matched at
//                   random, redundant outputs of a router to distinct routers.
//   deterministic   3.4, Figure 6: each stage is cut into fanout classes of
//                   groupsz(s) routers (the routers one endpoint can reach
//                   towards one destination); wire t of a fanout class goes to
//                   router t mod groupsz(s+1) of its target fanout class, which
//                   gives every endpoint the maximum path expansion.
// Interwired networks use dilation-1 routers in the last stage (section 3.3)
// unless last_dilation says otherwise (section 7 studies both).
//
// Packages (section 4): when the last stage uses routers smaller than the
// others (d / last_dilation of them per physical component), they are packed so
// that no package holds two routers of one class, hence "removing any such pair
// will not cut off an endpoint".  The paper does not say which pairs; we choose
// `paired` (classes 2b and 2b+1 share packages, router i with router i) and
// offer `shifted` (router 0 of class x with router 1 of class x+1, cyclically).
// Both satisfy the paper's condition; they differ in how many pairs of package
// faults isolate an endpoint.
//
// Choices where the pseudo-code omits boundary cases (our reading, stated):
//   * Figure 4 loops forever when every remaining input port belongs to a router
//     the output's router already reaches; we restart that class with fresh
//     random draws (bounded).  Drawing uniformly among the admissible ports is
//     the same distribution as the paper's redraw-until-admissible loop.
//   * Distinctness is waived when the target class has fewer routers than the
//     copies to place (a dilation-d last stage), where it cannot hold.
//   * Figure 6's groupsz(s) = min(dilation^s, radix^(stages-s)) counts in
//     dilation-d routers; we compute the same fanout sizes as the number of
//     routers an endpoint reaches in stage s, g_s = min(g_{s-1} * w_{s-1}, m_s)
//     (g_0 = 1 endpoint, w_0 = c), which also covers the dilation-1 last stage.
//     It requires the fanout sizes to divide the class sizes (radix a power of
//     the dilation, as in all of the paper's networks); other parameters are
//     refused with an explanation.
//
// Node ids: endpoints 0..E-1, then the routers stage by stage, class-major.
// Ports: an endpoint has outputs 0..c-1 and inputs c..2c-1; a stage-s router
// has outputs 0..radix*d_s-1 (output j*d_s + copy in direction j) and inputs
// radix*d_s..2*radix*d_s-1.  Links are directed stage by stage.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/topology.h"

namespace menger {

enum class MinWiring { NonInterwired, Replicated, Random, Deterministic };
enum class MinPackaging { Paired, Shifted };

struct MinParams {
  std::uint32_t stages = 3;
  std::uint32_t radix = 4;
  std::uint32_t dilation = 2;        // d, also the endpoint connection count c
  MinWiring wiring = MinWiring::Deterministic;
  std::uint32_t last_dilation = 1;   // dilation of the last stage's routers
  std::uint64_t seed = 1;            // random wiring only
  MinPackaging packaging = MinPackaging::Paired;
};

class Multistage : public Topology {
 public:
  explicit Multistage(const MinParams& p);  // throws InputError on impossible parameters

  std::string spec() const override;
  std::uint64_t node_count() const override { return port_base_.size() - 1; }
  NodeKind kind(NodeId v) const override { return v < endpoints_ ? NodeKind::Endpoint : NodeKind::Switch; }
  std::string label(NodeId v) const override;
  PortId port_count(NodeId v) const override { return static_cast<PortId>(port_base_[v + 1] - port_base_[v]); }
  std::optional<PortPeer> peer(NodeId v, PortId p) const override;
  PortDir port_dir(NodeId v, PortId p) const override { return p < outputs(v) ? PortDir::Out : PortDir::In; }
  std::vector<Component> packages() const override { return packages_; }
  void add_formula_vars(FormulaVars& vars) const override;

  const MinParams& params() const { return p_; }
  std::uint32_t endpoints() const { return endpoints_; }
  // Stage (1-based) of a router; 0 for an endpoint.
  std::uint32_t stage_of(NodeId v) const;
  NodeId router(std::uint32_t stage, std::uint32_t index) const { return stage_base_[stage] + index; }
  std::uint32_t routers_in_stage(std::uint32_t stage) const { return stage_base_[stage + 1] - stage_base_[stage]; }
  std::uint32_t stage_dilation(std::uint32_t stage) const { return dil_[stage]; }

 private:
  MinParams p_;
  std::uint32_t endpoints_ = 0;
  std::vector<std::uint32_t> dil_;         // [s]: dilation of stage s (index 0: endpoint connections)
  std::vector<std::uint32_t> per_class_;   // [s]: routers per class (index 0: all endpoints)
  std::vector<NodeId> stage_base_;         // [s]: first node id of stage s; [stages+1] = node count
  std::vector<std::uint64_t> port_base_;
  std::vector<PortPeer> peers_;
  std::vector<Component> packages_;

  std::uint32_t outputs(NodeId v) const;
  void check_params() const;
  void layout();
  void wire_transition(std::uint32_t s);
  void wire_outputs();
  void pack_last_stage();
  void connect(NodeId from, PortId out, NodeId to, PortId in);
};

}  // namespace menger
