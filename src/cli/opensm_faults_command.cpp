// menger opensm-faults NET --engine E [--k K]: the subnet manager in the loop
// (src/setup/opensm_faults.h).  OpenSM re-routes the fabric of an ibsim net
// file (or ibnetdiscover's output) after every set of <= k failed links or
// switches; each set's tables are checked for credit loops and unrouted pairs.
// Under mpirun the fault sets are spread over the ranks and rank 0 alone prints.
#include <iostream>
#include <map>

#include "cli/commands.h"
#include "cli/question_options.h"
#include "core/json_io.h"
#include "setup/opensm_faults.h"
#include "verify/deadlock/deadlock_evidence.h"

namespace menger {

namespace {

struct OpensmFaultsArgs {
  OpensmFaultsQuestion q;
  std::string net, witness;
  unsigned budget = 0;
  bool json = false, all = false;
};

void print_loop(const nlohmann::json& check) {
  std::size_t i = 0;
  for (const auto& b : check.at("loop"))
    std::cout << "  " << ++i << ". " << b.at("node").get<std::string>() << " port " << b.at("port") << " VL "
              << b.at("vl") << " -> " << b.at("peer").get<std::string>() << " port " << b.at("peer_port")
              << "   held by LID " << b.at("slid") << " -> LID " << b.at("dlid") << "\n";
}

std::string outcome_text(const SmFaultSetOutcome& s) {
  std::string t;
  switch (s.kind) {
    case SmFaultSetOutcome::Kind::Clean: t = "no credit loop, " + std::to_string(s.pairs) + " pairs routed"; break;
    case SmFaultSetOutcome::Kind::CreditLoop:
      t = "CREDIT LOOP through " + std::to_string(s.check.at("loop").size()) + " buffers";
      break;
    case SmFaultSetOutcome::Kind::Unrouted: t = "UNROUTED: " + s.detail; break;
    case SmFaultSetOutcome::Kind::NotRouted: t = "NOT ROUTED: " + s.detail; break;
    case SmFaultSetOutcome::Kind::Unknown: t = "unknown: " + s.detail; break;
  }
  if (!s.cut_off.empty())
    t += "; " + std::to_string(s.cut_off.size()) + (s.cut_off.size() == 1 ? " adapter" : " adapters") +
         " cut off from the SM";
  return t + (s.resumed ? " (tables from the work directory)" : "");
}

void print_text(const OpensmFaultsArgs& args, const Answer& a) {
  const OpensmFaultsResult& r = a.result_as<OpensmFaultsResult>();
  std::map<std::string, std::size_t> counts;
  for (const auto& s : r.sets) ++counts[to_string(s.kind)];
  std::cout << "fabric       " << r.net << "\n"
            << "question     OpenSM " << r.engine << " re-routes after every set of <= " << r.k << " failed "
            << r.faults << " (" << r.unit_names.size() << " units): " << r.total_sets << " fault sets\n"
            << "examined     " << r.sets.size() << " of " << r.total_sets << " fault sets;";
  for (const auto& [kind, n] : counts) std::cout << " " << n << " " << kind;
  std::cout << "\n" << resumed_line(a.coverage);
  for (const auto& s : r.sets)
    if (args.all || s.kind != SmFaultSetOutcome::Kind::Clean)
      std::cout << "  " << r.set_text(s) << ": " << outcome_text(s) << "\n";
  if (!r.sets.empty())
    std::cout << "speed        " << r.sets.size() << " fault sets in " << r.seconds << " s ("
              << (r.seconds > 0 ? 60.0 * double(r.sets.size()) / r.seconds : 0.0) << " per minute)\n";
  const SmFaultSetOutcome* least = r.least_failing();
  if (a.verdict == VerdictKind::Holds)
    std::cout << "verdict      HOLDS: after every set of <= " << r.k << " failed " << r.faults
              << ", OpenSM's tables have no credit loop and route every pair the subnet manager reaches\n";
  else if (least) {
    std::cout << "verdict      FAILS: " << r.failing() << " failing fault set" << (r.failing() == 1 ? "" : "s") << "; the least: " << r.set_text(*least)
              << ": " << outcome_text(*least) << "\n";
    if (least->kind == SmFaultSetOutcome::Kind::CreditLoop) print_loop(least->check);
  } else {
    std::cout << "verdict      UNKNOWN: " << a.reason << "\n";
  }
  if (a.recheck) std::cout << "re-checked   " << (a.recheck->valid ? a.recheck->summary : "INVALID") << "\n";
  if (!a.unchecked.empty()) std::cout << "not checked  the loop was not re-checked: " << a.unchecked << "\n";
  if (!r.workdir.empty()) std::cout << "tables       " << r.workdir << " (set-N/: one directory per fault set)\n";
  if (!r.complete && !r.workdir.empty())
    std::cout << "resume       the same command with --workdir " << r.workdir << " takes the sets settled so far from it\n";
  if (!args.witness.empty() && std::get_if<DeadlockEvidence>(&a.evidence))
    std::cout << "witness      written to " << args.witness << " (menger replay " << args.witness << ")\n";
}

int run(const OpensmFaultsArgs& args, const ShardFarm* farm, const Invocation& in) {
  const Budget budget = verb_budget(in.root, args.budget);
  const bool speaks = !farm || farm->coordinator();
  ProgressDisplay display(speaks, in.progress);
  const Answer a = answer_opensm_faults(args.net, args.q, Context{budget, display.sink(), farm});
  display.finish();
  if (!speaks) return 0;  // rank 0 merged the answer and prints it
  if (const auto* e = std::get_if<DeadlockEvidence>(&a.evidence); e && !args.witness.empty())
    write_deadlock_evidence(*e, "", args.witness);
  if (args.json) std::cout << json_text(to_json(a, Timings::Include), 2) << "\n";
  else print_text(args, a);
  if (a.recheck && !a.recheck->valid) return 3;
  if (a.verdict == VerdictKind::Unknown) return 4;
  return a.verdict == VerdictKind::Holds ? 0 : 1;
}

}  // namespace

void add_opensm_faults_command(CLI::App& app, CommandRegistry& commands, const ShardFarm* farm) {
  auto a = std::make_shared<OpensmFaultsArgs>();
  auto* sub = app.add_subcommand("opensm-faults", "InfiniBand: OpenSM re-routes after every set of <= k failed links "
                                                  "or switches; are its new tables free of credit loops?");
  sub->add_option("net", a->net, "the fabric: an ibsim net file, or ibnetdiscover's output")->required();
  add_question_options(sub, a->q);
  add_budget_option(sub, a->budget, "seconds allowed (default: no limit); UNKNOWN when it runs out");
  sub->add_option("--witness", a->witness, "write the least failing set's credit loop as a witness for `menger replay`");
  sub->add_flag("--all", a->all, "list every fault set, not only those that are not clean");
  sub->add_flag("--json", a->json, "print JSON");
  add_help_footer(sub,
                  "  menger opensm-faults proofs/known/infiniband/torus-4x4.net --engine updn "
                  "--roots proofs/known/infiniband/torus-4x4.roots --sls zero\n"
                  "  menger opensm-faults proofs/known/infiniband/mesh-4x4.net --engine dor --faults switches "
                  "--sls zero --workdir runs/dor --witness loop.json\n",
                  "0 no credit loop and every pair routed after every set, 1 some set fails (a loop, an unrouted "
                  "pair, or the engine cannot route), 4 UNKNOWN (budget, Ctrl-C, OpenSM did not come up)");
  commands.emplace_back(sub, [a, farm](const Invocation& in) { return run(*a, farm, in); });
}

}  // namespace menger
