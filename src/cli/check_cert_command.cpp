// menger check-cert FILE: re-validate a certificate with code that shares
// nothing with the engine that wrote it.
//
// The file is read through read_input_file and parse_json (core/input_file.h,
// core/json_io.h: no directory or device, a key written twice refused).  The
// files the certificate was computed from (its `inputs`, verify/
// evidence_inputs.h) must be as they were: a changed or unreadable one makes
// the certificate INVALID without a re-check, which would check another question.
#include <iostream>

#include "cli/commands.h"
#include "core/error.h"
#include "core/input_file.h"
#include "core/json_io.h"
#include "setup/setup.h"
#include "verify/check/certificate_check.h"
#include "verify/deadlock/deadlock_evidence.h"

namespace menger {

namespace {

int report(bool valid, const std::string& summary, const std::vector<std::string>& problems) {
  if (valid) {
    std::cout << "VALID  " << summary << "\n";
    return 0;
  }
  std::cout << "INVALID\n";
  for (const auto& p : problems) std::cout << "  " << p << "\n";
  return 1;
}

int run_check(const std::string& file, const Budget& budget) {
  const InputFile in = read_input_file(file, "certificate", budget);
  const nlohmann::json j = parse_json(in.text, "certificate " + file, budget);
  if (is_deadlock_evidence(j)) {
    const DeadlockEvidence e = deadlock_evidence_from_json(j);
    if (e.deadlock) throw InputError(file + " is a deadlock witness; check it with menger replay");
    if (const auto changed = changed_inputs(e.inputs); !changed.empty()) return report(false, "", changed);
    const EvidenceCheck c = check_deadlock_evidence(e, budget);
    return report(c.valid, c.summary, c.problems);
  }
  const ToleranceCertificate cert = certificate_from_json(j);
  if (const auto changed = changed_inputs(cert.inputs); !changed.empty()) return report(false, "", changed);
  const CheckReport r = check_certificate(cert, 4'000'000'000ull, budget);
  return report(r.valid, r.summary, r.problems);
}

}  // namespace

void add_check_cert_command(CLI::App& app, CommandRegistry& commands) {
  auto file = std::make_shared<std::string>();
  auto budget = std::make_shared<unsigned>(0);
  auto* sub = app.add_subcommand("check-cert", "re-validate a certificate independently of the engine that made it");
  sub->add_option("file", *file, "certificate (JSON) written by menger tolerance or menger deadlock --certificate")->required();
  add_budget_option(sub, *budget, "seconds allowed (default: no limit); exit 4 when they run out");
  add_help_footer(sub, "  menger check-cert cert.json\n",
                  "0 the certificate is valid, 1 it is not (or its input files changed), 4 UNKNOWN (budget)");
  commands.emplace_back(sub, [file, budget](const Invocation& in) { return run_check(*file, verb_budget(in.root, *budget)); });
}

}  // namespace menger
