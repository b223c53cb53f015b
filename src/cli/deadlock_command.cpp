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
#include "setup/answer.h"
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
  WitnessDrawing drawing;
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

// The evidence's independent re-check, when it was made.
// The proof written, with its independent re-check; or why none was.
void print_proof(const DeadlockQuestion& q, const Answer& a) {
  if (q.proof.empty()) return;
  if (!a.proof) {
    std::cout << "proof        none written: " << a.unproved << "\n";
    return;
  }
  const auto& p = std::get<DeadlockProofFile>(*a.proof);
  std::cout << "proof        written to " << p.path << " (" << p.bytes << " bytes, " << p.sets
            << " fault sets with their certificates, every set of <= " << p.k << "; menger check-proof " << p.path
            << ")\n";
  if (a.proof_recheck && a.proof_recheck->valid) std::cout << "re-checked   " << a.proof_recheck->summary << "\n";
  else if (a.proof_recheck)
    for (const auto& why : a.proof_recheck->problems) std::cout << "problem      the proof does not check: " << why << "\n";
  else std::cout << "not checked  " << a.unproved << "\n";
}

void print_recheck(const Answer& a) {
  if (!a.unchecked.empty()) std::cout << "not checked  the evidence was not re-checked: " << a.unchecked << "\n";
  if (!a.recheck) return;
  if (a.recheck->valid) std::cout << "re-checked   " << a.recheck->summary << "\n";
  for (const auto& p : a.recheck->problems) std::cout << "problem      the evidence does not check: " << p << "\n";
}

void print_text(const DeadlockArgs& args, const Answer& a) {
  const DeadlockSearchResult& s = a.result_as<DeadlockSearchResult>();
  const Routing& routing = *a.subject.routing;
  std::cout << "model        " << a.subject.net->spec() << "\nrouting      " << routing.spec() << " (" << routing.vcs()
            << " virtual channel" << (routing.vcs() == 1 ? "" : "s") << ")\n";
  if (args.q.k)
    std::cout << "faults       every set of <= " << args.q.k << " " << args.q.faults << ": " << s.analyses
              << " fault sets analysed" << (s.symmetry.empty() ? "" : " (" + s.symmetry + ")") << ", " << s.seconds
              << " s\n";
  if (!s.complete) std::cout << "verdict      UNKNOWN: " << a.reason << "\n";  // the budget's reason and the coverage
  std::cout << resumed_line(s.coverage) << kept_line(args.q.checkpoint, s.complete);
  if (s.failing) std::cout << "fault set    " << s.failing->to_string(a.subject.model->universe()) << "\n";
  const auto* e = std::get_if<DeadlockEvidence>(&a.evidence);
  print_human(s.failing_result ? *s.failing_result : *s.fault_free, e ? *e : DeadlockEvidence{}, *a.subject.net);
  print_recheck(a);
  print_proof(args.q, a);
  if (e && !e->deadlock && !args.certificate.empty())
    std::cout << "certificate  written to " << args.certificate << " (menger check-cert " << args.certificate << ")\n";
  if (e && e->deadlock && !args.witness.empty())
    std::cout << "witness      written to " << args.witness << " (menger replay " << args.witness << ")\n";
}

int run_deadlock(const DeadlockArgs& args, const ShardFarm* farm, const Invocation& in) {
  const Budget budget = verb_budget(in.root, args.budget);
  const bool speaks = !farm || farm->coordinator();
  ProgressDisplay display(speaks, in.progress);
  const SpecResolver specs = builtin_specs(budget);
  const Answer a = answer_deadlock(args.q, subject_of(make_route_setup(args.spec, args.routing, args.q.faults, budget)),
                                   Context{budget, display.sink(), farm}, question::kCli, &specs);
  display.finish();
  if (!speaks) return 0;  // rank 0 merged the answer and prints it
  if (const auto* e = std::get_if<DeadlockEvidence>(&a.evidence)) write_deadlock_evidence(*e, args.certificate, args.witness);
  if (!args.export_graph.empty()) export_graph(*a.subject.routing, *a.subject.model, args.export_graph);
  const std::string drawn = draw_witness(a, args.drawing);
  if (args.json) std::cout << json_text(to_json(a, Timings::Include), 2) << "\n";
  else print_text(args, a);
  if (!args.json && !drawn.empty()) std::cout << "picture      " << drawn << "\n";
  if ((a.recheck && !a.recheck->valid) || (a.proof_recheck && !a.proof_recheck->valid)) return 3;
  if (a.verdict == VerdictKind::Unknown) return 4;
  return a.verdict == VerdictKind::Holds ? 0 : 1;
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
  add_drawing_options(sub, a->drawing);
  sub->add_flag("--json", a->json, "print JSON");
  add_help_footer(sub,
                  "  menger deadlock \"torus(4,4)\" --routing duato-torus --certificate free.json\n"
                  "  menger deadlock \"torus(4,4)\" --routing \"dor(flow=bubble)\" --faults links --k 1\n",
                  "0 FREE, 1 DEADLOCK (a witness), 4 UNKNOWN (budget, memory, Ctrl-C, or the exact check could "
                  "not decide)");
  commands.emplace_back(sub, [a, farm](const Invocation& in) { return run_deadlock(*a, farm, in); });
}

}  // namespace menger
