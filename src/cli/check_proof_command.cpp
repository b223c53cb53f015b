// menger check-proof FILE: re-check a proof -- a route-check's (verify/route/
// route_proof.h) or a deadlock search's (verify/deadlock/deadlock_proof.h) --
// with its checker in verify/check/, which shares no code with the search
// that wrote it.  The file's header names which.
#include <iostream>

#include "cli/commands.h"
#include "core/error.h"
#include "setup/setup.h"
#include "verify/check/deadlock_proof_check.h"
#include "verify/check/route_proof_check.h"
#include "verify/deadlock/deadlock_proof.h"
#include "verify/route/route_proof.h"

namespace menger {

namespace {

struct Report {
  bool valid = false;
  std::string question, summary;
  std::vector<std::string> problems;
};

Report check(const std::string& file, const SpecResolver& specs) {
  std::string format;
  try {
    format = proof_file_format(file);
  } catch (const InputError& e) {
    return {false, "", "", {e.what()}};
  }
  if (format == kDeadlockProofFormat) {
    const DeadlockProofReport r = check_deadlock_proof(file, specs);
    return {r.valid, r.verdict_question, r.summary, r.problems};
  }
  if (format == kRouteProofFormat) {
    const RouteProofReport r = check_route_proof(file, specs);
    return {r.valid, r.verdict_question, r.summary, r.problems};
  }
  return {false, "", "", {"not a proof Menger writes (format '" + format + "'; menger-route-proof or " +
                          "menger-deadlock-proof)"}};
}

int run_check_proof(const std::string& file, const Budget& budget) {
  const Report r = check(file, builtin_specs(budget));
  if (!r.question.empty()) std::cout << "question  " << r.question << "\n";
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
  auto* sub = app.add_subcommand("check-proof", "re-check a route-check or deadlock proof without the search that wrote it");
  sub->add_option("file", *file, "proof written by menger route-check --proof or menger deadlock --proof")->required();
  add_budget_option(sub, *budget, "seconds allowed (default: no limit); exit 4 when they run out");
  add_help_footer(sub,
                  "  menger route-check \"torus(4,4)\" --routing dor --k 0 --proof p.gz\n  menger check-proof p.gz\n"
                  "  menger deadlock \"torus(4,4)\" --routing ft-torus --k 2 --proof d.gz\n  menger check-proof d.gz\n",
                  "0 the proof is valid, 1 it is not (or its input files changed), 4 UNKNOWN (budget)");
  commands.emplace_back(sub, [file, budget](const Invocation& in) {
    return run_check_proof(*file, verb_budget(in.root, *budget));
  });
}

}  // namespace menger
