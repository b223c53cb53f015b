// menger check-proof FILE: re-check a route-check proof (verify/route/
// route_proof.h) with verify/check/route_proof_check.h, which shares no code
// with the search that wrote it.
#include <iostream>

#include "cli/commands.h"
#include "setup/setup.h"
#include "verify/check/route_proof_check.h"

namespace menger {

namespace {

int run_check_proof(const std::string& file, const Budget& budget) {
  const RouteProofReport r = check_route_proof(file, builtin_specs(budget));
  if (!r.verdict_question.empty()) std::cout << "question  " << r.verdict_question << "\n";
  if (r.valid) {
    std::cout << "VALID     " << r.summary << "\n";
    return 0;
  }
  std::cout << "INVALID\n";
  for (const auto& p : r.problems) std::cout << "  " << p << "\n";
  return 1;
}

}  // namespace

void add_check_proof_command(CLI::App& app, CommandRegistry& commands) {
  auto file = std::make_shared<std::string>();
  auto budget = std::make_shared<unsigned>(0);
  auto* sub = app.add_subcommand("check-proof", "re-check a route-check proof without the search that wrote it");
  sub->add_option("file", *file, "proof written by menger route-check --proof")->required();
  add_budget_option(sub, *budget, "seconds allowed (default: no limit); exit 4 when they run out");
  add_help_footer(sub, "  menger route-check \"torus(4,4)\" --routing dor --k 0 --proof p.gz\n  menger check-proof p.gz\n",
                  "0 the proof is valid, 1 it is not (or its input files changed), 4 UNKNOWN (budget)");
  commands.emplace_back(sub, [file, budget](const Invocation& in) {
    return run_check_proof(*file, verb_budget(in.root, *budget));
  });
}

}  // namespace menger
