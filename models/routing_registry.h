// Registry of routing algorithms (the routing counterpart of registry.h).
//
// A routing is named by a spec like a topology: "dor", "mikant-x-turns",
// "hdn-ft1(base=shortest)".  Each entry has a parameter schema, the paper
// section it implements, and a builder that checks that the network is one the
// algorithm is defined on (an InputError otherwise).  `menger list` prints them.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/routing.h"
#include "models/registry.h"

namespace menger {

struct RoutingFamily {
  std::string name;
  std::string summary;  // one line for `menger list`
  std::string source;   // paper and section
  std::vector<ParamSpec> params;
  // Builds the routing for `net` (which outlives it); throws InputError when
  // the network is not one the algorithm is defined on.
  std::function<std::unique_ptr<Routing>(const Network& net, const BoundParams& params)> build;
};

class RoutingRegistry {
 public:
  void add(RoutingFamily f);
  const RoutingFamily* find(std::string_view name) const;
  const std::vector<RoutingFamily>& families() const { return families_; }
  // `base_dir`: where relative file names in the spec resolve (a claim
  // file's directory; empty: the working directory, as on the command line).
  // `budget` covers reading the files a spec names (Budget{}: no time limit).
  std::unique_ptr<Routing> build(std::string_view spec, const Network& net,
                                 const std::filesystem::path& base_dir = {}, const Budget& budget = Budget()) const;
  static const RoutingRegistry& builtin();

 private:
  std::vector<RoutingFamily> families_;
};

// Canonical routing spec text from the bound parameters ("name" alone when it has none).
std::string canonical_routing_spec(const RoutingFamily& f, const BoundParams& p);

// One registration function per file of routings.
void register_reference_routings(RoutingRegistry& reg);  // routing_reference.cpp
void register_mikant_routings(RoutingRegistry& reg);     // routing_mikant.cpp (002)
void register_hdn_routings(RoutingRegistry& reg);        // routing_hdn.cpp (004)
void register_torus_routings(RoutingRegistry& reg);      // routing_torus.cpp (003)
void register_turn_model_routings(RoutingRegistry& reg); // routing_turn_model.cpp (Glass & Ni)
void register_dateline_routings(RoutingRegistry& reg);   // routing_torus_dateline.cpp (Dally & Seitz, Duato)
void register_infiniband_routings(RoutingRegistry& reg); // routing_infiniband.cpp (OpenSM tables)
void register_fir_routing(RoutingRegistry& reg);          // routing_fir.cpp (003 FIR registers)
void register_duato_bubble_routing(RoutingRegistry& reg); // routing_duato_bubble.cpp (adaptive bubble router)
void register_dragonfly_routings(RoutingRegistry& reg);   // routing_dragonfly.cpp (Kim, Dally, Scott, Abts)
void register_hyperx_routings(RoutingRegistry& reg);      // routing_hyperx.cpp (Ahn et al., HyperX)
void register_slimfly_routings(RoutingRegistry& reg);     // routing_slimfly.cpp (Besta & Hoefler, Slim Fly)
void register_updown_routings(RoutingRegistry& reg);      // routing_updown.cpp (Autonet up*/down*)
void register_clos_routings(RoutingRegistry& reg);        // routing_clos.cpp (fat tree ECMP, D-mod-k, bouncing)
void register_table_routing(RoutingRegistry& reg);         // routing_table_replay.cpp (routing tables as data)
void register_textbook_routings(RoutingRegistry& reg);     // routing_textbook.cpp (Duato's ring, hypercube, array)

}  // namespace menger
