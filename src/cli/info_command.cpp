// menger info SPEC: the structural facts of one network, exact, in parallel.
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>
#include <tbb/global_control.h>
#include <tbb/task_arena.h>

#include "cli/commands.h"
#include "cli/question_options.h"
#include "core/json_io.h"
#include "core/version.h"
#include "models/registry.h"
#include "setup/questions.h"
#include "verify/automorphisms.h"
#include "verify/structure.h"

namespace menger {

namespace {

struct InfoArgs {
  InfoQuestion q;
  std::string spec;
  bool json = false;
  unsigned budget = 0;
};

std::string observed_text(const Observed& o) {
  if (!o.value) return "- (" + o.note + ")";
  std::string s = to_decimal(*o.value, 8);
  if (denominator(*o.value) != 1) s += "  (exactly " + to_string(*o.value) + ")";
  if (!o.note.empty()) s += "  " + o.note;
  return s;
}

// The automorphism group (verify/automorphisms.h): its order, node orbits
// and, where the node orbits are few enough to take one stabiliser each,
// orbits of ordered pairs of distinct nodes.
struct GroupFacts {
  std::string order;
  std::size_t node_orbits = 0;
  std::optional<std::uint64_t> pair_orbits;
  std::size_t generators = 0;
};

constexpr std::size_t kMaxStabilisers = 256;

GroupFacts group_facts(const Network& net, Preserve preserve) {
  const NodeGroup g = network_automorphisms(net, {}, preserve);
  GroupFacts f{g.order, g.orbit_count(), std::nullopt, g.generators.size()};
  if (f.node_orbits <= kMaxStabilisers) f.pair_orbits = ordered_pair_orbits(net, g, preserve);
  return f;
}

nlohmann::json group_json(const GroupFacts& f) {
  return {{"order", f.order}, {"node_orbits", f.node_orbits},
          {"ordered_pair_orbits", f.pair_orbits ? nlohmann::json(*f.pair_orbits) : nlohmann::json()},
          {"generators", f.generators}};
}

std::string group_text(const GroupFacts& f) {
  return "order " + f.order + ", " + std::to_string(f.node_orbits) + " node orbit" + (f.node_orbits == 1 ? "" : "s") +
         ", " + (f.pair_orbits ? std::to_string(*f.pair_orbits) : "uncounted (over " + std::to_string(kMaxStabilisers) +
                                                                    " node orbits)") +
         " orbits of ordered pairs (" + std::to_string(f.generators) + " generators, nauty, each re-checked)";
}

// "the budget ran out while searching distances (0.1% of it done): 128 of 200000 BFS sources".
std::string cut_short_text(const DistanceSummary& d) {
  const double done = d.sources_total ? double(d.sources_done) / double(d.sources_total) : 0.0;
  return std::string(BudgetExhausted("searching distances", done, stop_cause()).what()) + ": " +
         std::to_string(d.sources_done) + " of " + std::to_string(d.sources_total) + " BFS sources";
}

int run_info(const InfoArgs& a) {
  const DeadlineScope budget_scope(budget_deadline(a.budget));
  const auto start = std::chrono::steady_clock::now();
  auto topology = Registry::builtin().build(a.spec);
  StructureOptions opts = structure_options(a.q);
  if (a.budget) opts.deadline = start + std::chrono::seconds(a.budget);
  StructureFacts facts(topology, opts);
  std::vector<std::pair<std::string, Observed>> rows;
  for (const auto& o : StructureFacts::observables()) rows.emplace_back(o.name, facts.get(o.name));
  const DistanceSummary& d = facts.distances();
  std::optional<GroupFacts> group, port_group;
  std::string group_note;  // why the group is missing although asked for
  if (a.q.automorphisms) {
    try {
      group = group_facts(facts.network(), Preserve::Links);
      port_group = group_facts(facts.network(), Preserve::Ports);
    } catch (const BudgetExhausted& e) {  // keep the distances found so far
      group.reset();
      port_group.reset();
      group_note = std::string("not computed: ") + e.what();
    }
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // global_control (--threads) caps parallelism below the arena's concurrency.
  const auto threads = std::min<std::size_t>(
      static_cast<std::size_t>(tbb::this_task_arena::max_concurrency()),
      tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism));

  if (a.json) {
    nlohmann::json j;
    j["model"] = topology->spec();
    j["question"] = question::to_json_view(a.q);
    for (const auto& [name, o] : rows) j[name] = to_json(o);  // the views of verify/structure.h
    j["distances"] = to_json(d);
    if (group) {
      j["automorphisms"] = group_json(*group);
      j["port_automorphisms"] = group_json(*port_group);
    }
    if (!group_note.empty()) j["automorphisms_note"] = group_note;
    j["menger"] = {{"version", kVersion}, {"build", build_description()}};
    std::cout << json_text(j, 2) << "\n";
  } else {
    std::cout << "model         " << topology->spec() << "\n";
    for (const auto& [name, o] : rows) {
      if (!o.value && o.note.rfind("there are no", 0) == 0) continue;  // e.g. switch_degree of a torus
      std::cout << name << std::string(name.size() < 24 ? 24 - name.size() : 1, ' ') << observed_text(o) << "\n";
    }
    if (group) {
      std::cout << "automorphisms           " << group_text(*group) << "\n";
      std::cout << "  keeping ports         " << group_text(*port_group) << "\n";
    }
    if (!group_note.empty()) std::cout << "automorphisms           " << group_note << "\n";
    std::cout << "\n";
    if (!d.complete()) std::cout << "UNKNOWN      " << cut_short_text(d) << "; the counts and degrees above are exact\n";
    else if (!group_note.empty()) std::cout << "UNKNOWN      the automorphism group: " << group_note << "\n";
    std::cout << (d.complete() ? "exact: " : "INCOMPLETE: ") << d.sources_done << " of " << d.sources_total
              << " BFS sources" << (d.by_symmetry ? " (vertex-transitive family: one source stands for all)" : "")
              << ", " << threads << " threads, " << secs << " s\n";
  }
  // Exit 4 (UNKNOWN) when the budget cut the distances or the group short.
  return d.complete() && group_note.empty() ? 0 : 4;
}

}  // namespace

void add_info_command(CLI::App& app, CommandRegistry& commands) {
  auto args = std::make_shared<InfoArgs>();
  auto* sub = app.add_subcommand("info", "counts, degrees, diameter and average distance of a network");
  sub->add_option("spec", args->spec, "model spec, e.g. \"hdn(base=torus(3,2,5), k=2, s=[15,5])\"")->required();
  sub->add_flag("--json", args->json, "print JSON instead of text");
  add_question_options(sub, args->q);
  sub->add_option("--budget", args->budget, "seconds allowed for the whole command (default: no limit)");
  commands.emplace_back(sub, [args] { return run_info(*args); });
}

}  // namespace menger
