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
#include "setup/questions.h"
#include "setup/specs.h"
#include "verify/symmetry/automorphisms.h"
#include "verify/structure/structure.h"

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

// The automorphism group (verify/symmetry/automorphisms.h): its order, node orbits
// and, where the node orbits are few enough to take one stabiliser each,
// orbits of ordered pairs of distinct nodes.
struct GroupFacts {
  std::string order;
  std::size_t node_orbits = 0;
  std::optional<std::uint64_t> pair_orbits;
  std::size_t generators = 0;
};

constexpr std::size_t kMaxStabilisers = 256;

GroupFacts group_facts(const Network& net, Preserve preserve, const Budget& budget) {
  const NodeGroup g = network_automorphisms(net, {}, preserve, budget);
  GroupFacts f{g.order, g.orbit_count(), std::nullopt, g.generators.size()};
  if (f.node_orbits <= kMaxStabilisers) f.pair_orbits = ordered_pair_orbits(net, g, preserve, budget);
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
std::string cut_short_text(const DistanceSummary& d, const Budget& budget) {
  const double done = d.sources_total ? double(d.sources_done) / double(d.sources_total) : 0.0;
  return std::string(budget.exhausted("searching distances", done).what()) + ": " +
         std::to_string(d.sources_done) + " of " + std::to_string(d.sources_total) + " BFS sources";
}

// What info found: the facts, the distance summary and the groups (or why they are missing).
struct InfoFacts {
  std::string model;
  std::vector<std::pair<std::string, Observed>> rows;
  DistanceSummary distances;
  std::optional<GroupFacts> group, port_group;
  std::string group_note;  // why the group is missing although asked for
  Budget budget;           // what the facts were found under (why they are cut short)
};

InfoFacts info_facts(const std::shared_ptr<const Topology>& topology, const InfoQuestion& q, const Budget& budget) {
  StructureOptions opts = structure_options(q);
  opts.budget = budget;
  StructureFacts facts(topology, opts);
  InfoFacts f{topology->spec(), {}, {}, {}, {}, {}, budget};
  for (const auto& o : StructureFacts::observables()) f.rows.emplace_back(o.name, facts.get(o.name));
  f.distances = facts.distances();
  if (!q.automorphisms) return f;
  try {
    f.group = group_facts(facts.network(), Preserve::Links, budget);
    f.port_group = group_facts(facts.network(), Preserve::Ports, budget);
  } catch (const BudgetExhausted& e) {  // keep the distances found so far
    f.group.reset();
    f.port_group.reset();
    f.group_note = std::string("not computed: ") + e.what();
  }
  return f;
}

void print_json(const InfoFacts& f, const InfoQuestion& q) {
  nlohmann::json j;
  j["model"] = f.model;
  j["question"] = question::to_json_view(q);
  for (const auto& [name, o] : f.rows) j[name] = to_json(o);  // the views of verify/structure/structure.h
  j["distances"] = to_json(f.distances);
  if (f.group) {
    j["automorphisms"] = group_json(*f.group);
    j["port_automorphisms"] = group_json(*f.port_group);
  }
  if (!f.group_note.empty()) j["automorphisms_note"] = f.group_note;
  j["menger"] = {{"version", kVersion}, {"build", build_description()}};
  std::cout << json_text(j, 2) << "\n";
}

void print_text(const InfoFacts& f, double secs) {
  std::cout << "model         " << f.model << "\n";
  for (const auto& [name, o] : f.rows) {
    if (!o.value && o.note.rfind("there are no", 0) == 0) continue;  // e.g. switch_degree of a torus
    std::cout << name << std::string(name.size() < 24 ? 24 - name.size() : 1, ' ') << observed_text(o) << "\n";
  }
  if (f.group) {
    std::cout << "automorphisms           " << group_text(*f.group) << "\n";
    std::cout << "  keeping ports         " << group_text(*f.port_group) << "\n";
  }
  if (!f.group_note.empty()) std::cout << "automorphisms           " << f.group_note << "\n";
  std::cout << "\n";
  const DistanceSummary& d = f.distances;
  if (!d.complete()) std::cout << "UNKNOWN      " << cut_short_text(d, f.budget) << "; the counts and degrees above are exact\n";
  else if (!f.group_note.empty()) std::cout << "UNKNOWN      the automorphism group: " << f.group_note << "\n";
  // global_control (--threads) caps parallelism below the arena's concurrency.
  const auto threads = std::min<std::size_t>(
      static_cast<std::size_t>(tbb::this_task_arena::max_concurrency()),
      tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism));
  std::cout << (d.complete() ? "exact: " : "INCOMPLETE: ") << d.sources_done << " of " << d.sources_total
            << " BFS sources" << (d.by_symmetry ? " (vertex-transitive family: one source stands for all)" : "")
            << ", " << threads << " threads, " << secs << " s\n";
}

int run_info(const InfoArgs& a, const Invocation& in) {
  const Budget budget = verb_budget(in.root, a.budget);
  const auto start = std::chrono::steady_clock::now();
  auto topology = build_topology(a.spec, {}, budget);
  const InfoFacts f = info_facts(topology, a.q, budget);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  a.json ? print_json(f, a.q) : print_text(f, secs);
  // Exit 4 (UNKNOWN) when the budget cut the distances or the group short.
  return f.distances.complete() && f.group_note.empty() ? 0 : 4;
}

}  // namespace

void add_info_command(CLI::App& app, CommandRegistry& commands) {
  auto args = std::make_shared<InfoArgs>();
  auto* sub = app.add_subcommand("info", "counts, degrees, diameter and average distance of a network");
  sub->add_option("spec", args->spec, "model spec, e.g. \"hdn(base=torus(3,2,5), k=2, s=[15,5])\"")->required();
  sub->add_flag("--json", args->json, "print JSON instead of text");
  add_question_options(sub, args->q);
  add_budget_option(sub, args->budget, "seconds allowed for the whole command (default: no limit)");
  add_help_footer(sub, "  menger info \"torus(8,8,8)\"\n  menger info \"dragonfly(p=2, a=4, h=2)\" --json\n",
                  "0 every fact exact, 4 UNKNOWN (the budget cut the distances or the group short; the counts "
                  "and degrees printed are exact)");
  commands.emplace_back(sub, [args](const Invocation& in) { return run_info(*args, in); });
}

}  // namespace menger
