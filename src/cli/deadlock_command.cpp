// menger deadlock SPEC --routing NAME [--escape VCS] [--faults U --k K]:
// can the routing deadlock?  FREE with a certificate (check-cert), DEADLOCK
// with a witness (replay), or UNKNOWN saying why (verify/deadlock/deadlock.h).
#include <fstream>
#include <iostream>
#include <unistd.h>

#include "cli/commands.h"
#include "cli/question_options.h"
#include "core/error.h"
#include "core/json_io.h"
#include "core/version.h"
#include "io/progress_display.h"
#include "setup/questions.h"
#include "setup/setup.h"
#include "verify/deadlock/deadlock_evidence.h"
#include "verify/deadlock/deadlock_search.h"
#include "verify/route/route_witness.h"

namespace menger {

namespace {

// The subject (model and routing), the question, and what the CLI adds: where
// to write the evidence and the graph, the budget, the output format.
struct DeadlockArgs {
  std::string spec, routing, certificate, witness, export_graph;
  DeadlockQuestion q;
  unsigned budget = 0;
  bool json = false;
};

std::string ref_text(const ChannelRef& c, const Network& net) {
  auto v = net.find_node(c.node);
  return c.node + "->" + net.label(net.port(*v, c.port).peer) + (c.vc ? " vc" + std::to_string(c.vc) : "");
}

void print_human(const DeadlockResult& r, const DeadlockEvidence& e, const Network& net) {
  std::cout << "verdict      " << to_string(r.status) << ": " << r.method << "\n";
  if (!r.reason.empty()) std::cout << "             " << r.reason << "\n";
  const DependencyAnalysis& a = r.plain;
  std::cout << "graph        " << a.packets << " packets, " << a.configurations << " reachable configurations, "
            << a.direct_dependencies << " channel dependencies"
            << (a.destinations_explored ? " up to translation" : "") << " over " << a.escape_channels_used.size()
            << " channels" << (a.adaptive ? " (adaptive)" : " (deterministic)") << ", " << a.seconds << " s\n";
  if (!a.acyclic) {
    const ChannelSpace space(net, a.vcs);
    std::cout << "cycle        ";
    for (const auto& d : a.cycle) std::cout << channel_name(net, space, d.from) << "  =>  ";
    std::cout << channel_name(net, space, a.cycle.front().from) << "\n";
    for (const auto& d : a.cycle)
      std::cout << "               " << channel_name(net, space, d.from) << " => " << channel_name(net, space, d.to)
                << "  by packet " << net.label(d.packet.src) << " -> " << net.label(d.packet.dst) << "\n";
    // Issue 42: a FREE verdict printed this cycle with no word on why it is harmless.
    if (r.status == DeadlockResult::Status::Free)
      std::cout << "             harmless: "
                << (r.escape ? "the escape channels let every packet on it leave (Duato's condition above)"
                             : "the verdict above shows that no reachable configuration of packets fills it")
                << "\n";
  }
  for (const auto& t : r.escape_attempts) std::cout << "escape try   " << t << "\n";
  if (a.gap) std::cout << "note         the routing does not deliver everywhere: " << a.gap->what << "\n";
  if (e.deadlock) {
    std::cout << "deadlock     " << e.packets.size() << " packets:\n";
    for (const auto& p : e.packets) {
      std::cout << "               " << p.source << " -> " << p.destination << " holds " << ref_text(p.channel, net)
                << (p.state == "-" ? "" : " [" + p.state + "]") << ", waits for";
      for (const auto& q : p.requests) std::cout << " " << ref_text(q, net);
      std::cout << "\n";
    }
  }
}

// The plain channel dependency graph (every VC), one "from to" line per
// dependency, channel ids as numbered by ChannelSpace; names in comments.
// For peers (bench/deadlock_vs_networkx.py) and for inspection.
void export_graph(const Routing& routing, const FaultModel& model, const std::string& file) {
  DependencyAnalysis stats;
  const ConfigurationGraph g = configuration_graph(routing, model, {}, stats);
  std::ofstream out(file);
  if (!out) throw InputError("cannot write " + file);
  out << "# channel dependency graph of " << routing.spec() << " on " << model.network().spec() << ": "
      << stats.escape_channels_used.size() << " channels used, " << g.edges.size() << " dependencies\n";
  for (const auto& e : g.edges) out << e.from << " " << e.to << "\n";
}

// What deadlock printed about one question: its subject, the search, the
// analysis the verdict rests on, the failing set (or none) and the evidence.
struct DeadlockOutput {
  const DeadlockArgs& args;
  const RouteSetup& setup;
  const DeadlockSearchResult& search;
  const DeadlockResult& result;
  const FaultSet& faults;
  const std::optional<DeadlockEvidence>& evidence;
  const Budget& budget;
};

// The question, then the result's one view (verify/deadlock/deadlock_search.h), then the evidence.
void print_json(const DeadlockOutput& o) {
  const Routing& routing = *o.setup.routing;
  nlohmann::json j{{"model", o.setup.net->spec()}, {"routing", routing.spec()}, {"vcs", routing.vcs()},
                   {"k", o.args.q.k}, {"menger", {{"version", kVersion}}}, {"question", question::to_json_view(o.args.q)}};
  j.update(to_json(o.search, *o.setup.model, Timings::Include));
  j["evidence"] = o.evidence ? to_json(*o.evidence) : nlohmann::json(nullptr);
  std::cout << json_text(j, 2) << "\n";
}

void print_text(const DeadlockOutput& o) {
  const DeadlockArgs& a = o.args;
  const DeadlockSearchResult& s = o.search;
  const Routing& routing = *o.setup.routing;
  std::cout << "model        " << o.setup.net->spec() << "\nrouting      " << routing.spec() << " (" << routing.vcs()
            << " virtual channel" << (routing.vcs() == 1 ? "" : "s") << ")\n";
  if (a.q.k)
    std::cout << "faults       every set of <= " << a.q.k << " " << a.q.faults << ": " << s.analyses
              << " fault sets analysed" << (s.symmetry.empty() ? "" : " (" + s.symmetry + ")") << ", " << s.seconds
              << " s\n";
  if (!s.complete) std::cout << "verdict      UNKNOWN: " << o.budget.reason() << "; " << s.coverage.text() << "\n";
  std::cout << resumed_line(s.coverage) << kept_line(a.q.checkpoint, s.complete);
  if (s.failing) std::cout << "fault set    " << o.faults.to_string(o.setup.model->universe()) << "\n";
  print_human(o.result, o.evidence ? *o.evidence : DeadlockEvidence{}, *o.setup.net);
  if (o.evidence && !o.evidence->deadlock && !a.certificate.empty())
    std::cout << "certificate  written to " << a.certificate << " (menger check-cert " << a.certificate << ")\n";
  if (o.evidence && o.evidence->deadlock && !a.witness.empty())
    std::cout << "witness      written to " << a.witness << " (menger replay " << a.witness << ")\n";
}

int run_deadlock(const DeadlockArgs& a, const ShardFarm* farm, const Budget& root) {
  const Budget budget = verb_budget(root, a.budget);
  RouteSetup setup = make_route_setup(a.spec, a.routing, a.q.faults, budget);
  const Routing& routing = *setup.routing;
  DeadlockSearchOptions opt = deadlock_search_options(a.q, routing, question::kCli);
  opt.budget = budget;
  opt.farm = farm;
  const bool speaks = !farm || farm->coordinator();
  ProgressDisplay display(speaks);
  opt.progress = display.sink();
  const DeadlockSearchResult s = search_deadlock_faults(routing, *setup.model, opt);
  display.finish();
  if (!speaks) return 0;  // rank 0 merged the answer and prints it
  const FaultSet none(setup.model->universe().size());
  const FaultSet& faults = s.failing ? *s.failing : none;
  // The evidence: for FREE the fault-free analysis (the search re-proves each set);
  // otherwise the failing set's.
  if (!s.failing_result && !s.fault_free) throw InternalError("the deadlock search analysed nothing");
  const DeadlockResult& r = s.failing_result ? *s.failing_result : *s.fault_free;
  std::optional<DeadlockEvidence> ev;
  if (r.status != DeadlockResult::Status::Unknown) ev = make_deadlock_evidence(routing, *setup.model, faults, r);
  if (ev) write_deadlock_evidence(*ev, a.certificate, a.witness);
  if (!a.export_graph.empty()) export_graph(routing, *setup.model, a.export_graph);
  const DeadlockOutput out{a, setup, s, r, faults, ev, budget};
  a.json ? print_json(out) : print_text(out);
  if (!s.complete || r.status == DeadlockResult::Status::Unknown) return 4;
  return r.status == DeadlockResult::Status::Free ? 0 : 1;
}

}  // namespace

void add_deadlock_command(CLI::App& app, CommandRegistry& commands, const ShardFarm* farm) {
  auto a = std::make_shared<DeadlockArgs>();
  auto* sub = app.add_subcommand("deadlock", "can a routing deadlock? (channel dependency graph, Duato's condition)");
  sub->add_option("spec", a->spec, "model spec")->required();
  sub->add_option("--routing", a->routing, "routing spec (see `menger list`)")->required();
  add_question_options(sub, a->q);
  add_budget_option(sub, a->budget, "seconds allowed for --k (default: no limit); UNKNOWN when it runs out");
  sub->add_option("--certificate", a->certificate, "write the FREE certificate (JSON) for `menger check-cert`");
  sub->add_option("--witness", a->witness, "write the DEADLOCK witness (JSON) for `menger replay`");
  sub->add_option("--export-graph", a->export_graph,
                  "write the fault-free channel dependency graph (every VC) as an edge list of channel ids");
  sub->add_flag("--json", a->json, "print JSON");
  add_help_footer(sub,
                  "  menger deadlock \"torus(4,4)\" --routing duato-torus --certificate free.json\n"
                  "  menger deadlock \"torus(4,4)\" --routing \"dor(flow=bubble)\" --faults links --k 1\n",
                  "0 FREE, 1 DEADLOCK (a witness), 4 UNKNOWN (budget, memory, Ctrl-C, or the exact check could "
                  "not decide)");
  commands.emplace_back(sub, [a, farm](const Budget& root) { return run_deadlock(*a, farm, root); });
}

}  // namespace menger
