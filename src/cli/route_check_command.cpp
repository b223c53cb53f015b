// menger route-check SPEC --routing NAME --faults nodes|links --k K: does the
// routing deliver every required pair under every fault set of size <= K?
// menger replay WITNESS: re-execute a failure the search found.
// Under mpirun the chunks are spread over the ranks (`farm`) and rank 0 alone prints.
#include <unistd.h>

#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/question_options.h"
#include "core/error.h"
#include "core/input_file.h"
#include "core/json_io.h"
#include "core/version.h"
#include "io/progress_display.h"
#include "setup/answer.h"
#include "setup/setup.h"
#include "verify/deadlock/deadlock_evidence.h"
#include "verify/route/route_witness.h"

namespace menger {

namespace {

// The subject (model and routing), the question, and what the CLI adds: where to
// write the witness, the budget, the output format.
struct RouteCheckArgs {
  std::string spec, routing, witness, failures_csv;
  RouteCheckQuestion q;
  WitnessDrawing drawing;
  unsigned budget = 0;
  bool json = false;
};

std::string trace_text(const RouteWitness& w) {
  std::string s;
  for (const auto& t : w.trace) {
    s += t.node + (t.state == "-" ? "" : " [" + t.state + "]");
    if (t.moved) s += "  -p" + std::to_string(t.port) + (t.vc ? "/vc" + std::to_string(t.vc) : "") + "->  ";
  }
  return s;
}

std::string verdict_line(const RouteCheckResult& r, const FaultModel& m, unsigned k) {
  const std::string unit = to_string(m.spec().units);
  if (r.status == RouteCheckResult::Status::Holds)
    return "HOLDS: delivers every pair under every set of <= " + std::to_string(k) + " faults (" + unit + ")";
  if (r.status == RouteCheckResult::Status::Unknown) return "UNKNOWN: " + r.coverage.text();
  const std::size_t n = r.failure->faults.count();
  std::string line = "FAILS: " + std::to_string(n) + " fault" + (n == 1 ? "" : "s") + " (" + unit + ") " +
                     (n == 1 ? "defeats" : "defeat") + " it";
  if (r.minimum_proved)
    line += n == 0 ? " (without faults)" : " (minimum; it tolerates any " + std::to_string(n - 1) + ")";
  else
    line += " (minimum not proved: " + r.coverage.text() + ")";
  return line;
}

void print_witness(const RouteWitness& w, const std::optional<Recheck>& check) {
  std::cout << "fault set    {";
  for (std::size_t i = 0; i < w.fault_set.size(); ++i) std::cout << (i ? ", " : "") << w.fault_set[i];
  std::cout << "}\npair         " << w.source << " -> " << w.destination
            << (w.disconnected ? " (the faults disconnect it)" : "") << "\noutcome      " << w.outcome
            << (w.detail.empty() ? "" : ": " + w.detail) << "\ntrace        " << trace_text(w) << "\n";
  if (check && !check->valid)
    for (const auto& p : check->problems) std::cout << "problem      the witness does not check: " << p << "\n";
}

std::string pair_text(const Network& net, const RoutePair& p) { return net.label(p.s) + " -> " + net.label(p.d); }

std::string units_text(const FaultModel& m, const std::vector<std::size_t>& units) {
  std::string s;
  for (std::size_t u : units) s += (s.empty() ? "" : ", ") + m.universe().label(u);
  return "{" + s + "}";
}

// --failures N: each listed set with the pairs it breaks (the first few of them).
void print_failing_sets(const RouteCheckResult& r, const FaultModel& m) {
  constexpr std::size_t kPairsShown = 6;
  if (r.failing_sets.empty()) return;
  const std::size_t size = r.failing_sets[0].units.size();
  std::cout << "failing sets " << r.failing_sets_found << " set" << (r.failing_sets_found == 1 ? "" : "s") << " of "
            << size << " fault" << (size == 1 ? "" : "s") << " break some pair; the first " << r.failing_sets.size()
            << ", with the pairs each breaks:\n";
  for (const FailingSet& f : r.failing_sets) {
    std::cout << "  " << units_text(m, f.units) << "  " << f.pairs.size() << " pair" << (f.pairs.size() == 1 ? "" : "s")
              << ":";
    for (std::size_t i = 0; i < f.pairs.size() && i < kPairsShown; ++i)
      std::cout << (i ? ", " : " ") << pair_text(m.network(), f.pairs[i]);
    if (f.pairs.size() > kPairsShown) std::cout << " and " << f.pairs.size() - kPairsShown << " more";
    std::cout << "\n";
  }
}

// --failures-csv FILE: one row per listed (fault set, pair), every field quoted (labels hold commas).
void write_failing_csv(const RouteCheckResult& r, const FaultModel& m, const std::string& file) {
  std::ofstream out(file);
  if (!out) throw InputError("cannot write " + file);
  const auto quoted = [](const std::string& text) {
    std::string q = "\"";
    for (char c : text) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
  };
  out << "fault_set,source,destination\n";
  for (const FailingSet& f : r.failing_sets)
    for (const RoutePair& p : f.pairs)
      out << quoted(units_text(m, f.units)) << "," << quoted(m.network().label(p.s)) << ","
          << quoted(m.network().label(p.d)) << "\n";
}

// The search's counts: runs against the naive baseline, pairs, and runs by fault set size.
void print_search(const RouteCheckResult& r) {
  std::ostringstream ratio;
  ratio.precision(3);
  ratio << r.naive_runs << " naive, " << r.naive_runs / std::max<double>(1, static_cast<double>(r.runs())) << "x fewer";
  std::cout << "search       " << r.engine << ", " << r.runs() << " routing runs (" << ratio.str() << "), "
            << r.pairs_examined << " of " << r.pairs_total << " pairs examined"
            << (r.symmetry_used ? " (" + r.symmetry + ")" : "") << ", " << r.seconds << " s\n";
  std::cout << "by size     ";
  for (std::size_t j = 0; j < r.levels.size(); ++j) {
    const auto& l = r.levels[j];
    if (l.runs) std::cout << " |F|=" << j << ": " << l.runs << " runs, " << l.failures << " failed, " << l.disconnected << " cut;";
  }
  std::cout << "\n";
  if (r.symmetry_used)
    std::cout << "             (runs: of the pairs examined; failed and cut: of every pair, each examined pair "
                 "counted for its orbit)\n";
}

// The proof written (HOLDS), with its independent re-check; or why none was.
void print_proof(const RouteCheckArgs& args, const Answer& a) {
  if (args.q.proof.empty()) return;
  if (!a.proof) {
    std::cout << "proof        none written: " << a.unproved << "\n";
    return;
  }
  const auto& p = std::get<RouteProofFile>(*a.proof);
  std::cout << "proof        written to " << p.path << " (" << p.bytes << " bytes, "
            << (p.runs ? static_cast<double>(p.bytes) / static_cast<double>(p.runs) : 0.0)
            << " bytes per run; menger check-proof " << p.path << ")\n";
  if (a.proof_recheck && a.proof_recheck->valid) std::cout << "re-checked   " << a.proof_recheck->summary << "\n";
  else if (a.proof_recheck)
    for (const auto& why : a.proof_recheck->problems) std::cout << "problem      " << why << "\n";
  else std::cout << "not checked  " << a.unproved << "\n";
}

void print_text(const RouteCheckArgs& args, const Answer& a) {
  const RouteCheckQuestion& q = args.q;
  const RouteCheckResult& r = a.result_as<RouteCheckResult>();
  const Subject& s = a.subject;
  const std::string knowledge = s.routing->reads_faults() ? std::string(to_string(s.routing->knowledge())) + " fault knowledge"
                                                           : "static: reads no faults";
  std::cout << "model        " << s.net->spec() << "\nrouting      " << s.routing->spec() << " (" << knowledge
            << ")\nfaults       " << s.model->describe()
            << (q.excuse_disconnected ? "; pairs the faults disconnect are excused" : "") << "\n";
  if (q.choices == "some")
    std::cout << "choices      some: a pair is delivered when some choice sequence reaches it (the path bound "
                 "applies to the shortest)\n";
  if (q.path_bound) std::cout << "path bound   " << *q.path_bound << "\n";
  std::cout << "verdict      " << verdict_line(r, *s.model, q.k) << "\n";
  const auto* w = std::get_if<RouteWitness>(&a.evidence);
  if (w) print_witness(*w, a.recheck);
  print_failing_sets(r, *s.model);
  print_search(r);
  std::cout << resumed_line(r.coverage) << kept_line(q.checkpoint, r.coverage.settled == r.coverage.total);
  if (const std::uint64_t cut = r.disconnected())
    std::cout << "disconnected " << cut << " explored (fault set, pair) cases had no fault-free path at all"
              << (r.symmetry_used ? " (of every pair)" : "") << "\n";
  if (w && !args.witness.empty())
    std::cout << "witness      written to " << args.witness << " (menger replay " << args.witness << ")\n";
  if (!args.failures_csv.empty()) std::cout << "failing sets written to " << args.failures_csv << "\n";
  print_proof(args, a);
}

int run_route_check(const RouteCheckArgs& args, const ShardFarm* farm, const Invocation& in) {
  const Budget budget = verb_budget(in.root, args.budget);
  if (!args.failures_csv.empty() && args.q.failures == 0)
    throw InputError("--failures-csv writes the sets --failures N lists; give --failures too");
  const bool speaks = !farm || farm->coordinator();
  ProgressDisplay display(speaks, in.progress);
  const SpecResolver specs = builtin_specs(budget);
  const Answer a = answer_route_check(args.q, subject_of(make_route_setup(args.spec, args.routing, args.q.faults, budget)),
                                      Context{budget, display.sink(), farm}, &specs);
  display.finish();
  if (!speaks) return 0;  // rank 0 merged the answer and prints it
  if (const auto* w = std::get_if<RouteWitness>(&a.evidence); w && !args.witness.empty()) {
    std::ofstream out(args.witness);
    if (!out) throw InputError("cannot write " + args.witness);
    out << json_text(to_json(*w), 2) << "\n";
  }
  if (!args.failures_csv.empty()) write_failing_csv(a.result_as<RouteCheckResult>(), *a.subject.model, args.failures_csv);
  const std::string drawn = draw_witness(a, args.drawing);
  if (args.json) std::cout << json_text(to_json(a, Timings::Include), 2) << "\n";
  else print_text(args, a);
  if (!args.json && !drawn.empty()) std::cout << "picture      " << drawn << "\n";
  if ((a.recheck && !a.recheck->valid) || (a.proof_recheck && !a.proof_recheck->valid)) return 3;
  if (a.verdict == VerdictKind::Unknown) return 4;
  return a.verdict == VerdictKind::Holds ? 0 : 1;
}

// The files a witness was computed from, as they are now (verify/
// evidence_inputs.h): a changed or unreadable one refutes the witness without
// a replay, which would replay another question.
int refuted_by_inputs(const EvidenceInputs& inputs) {
  const auto changed = changed_inputs(inputs);
  for (const auto& p : changed) std::cout << "problem      " << p << "\n";
  return changed.empty() ? 0 : 1;
}

// A deadlock witness: the packets are followed again and the blocking re-checked.
int replay_deadlock(const nlohmann::json& j, const std::string& file, const Budget& budget) {
  const DeadlockEvidence e = deadlock_evidence_from_json(j);
  if (!e.deadlock) throw InputError(file + " is a deadlock-freedom certificate; check it with menger check-cert");
  if (refuted_by_inputs(e.inputs)) return 1;
  const EvidenceCheck c = check_deadlock_evidence(e, budget);
  std::cout << "model        " << e.model << "\nrouting      " << e.routing << "\nfault set    " << e.fault_set.size()
            << " " << e.faults_model << " unit(s)\n";
  if (c.valid) {
    std::cout << "replay       confirmed: " << c.summary << "\n";
    return 0;
  }
  for (const auto& p : c.problems) std::cout << "problem      " << p << "\n";
  return 1;  // refuted: the evidence does not show what it says
}

// The witness is read through read_input_file and parse_json (core/
// input_file.h, core/json_io.h: no directory or device, no key written twice).
int run_replay(const std::string& file, const Budget& budget) {
  const InputFile in = read_input_file(file, "witness", budget);
  const nlohmann::json j = parse_json(in.text, "witness " + file, budget);
  if (is_deadlock_evidence(j)) return replay_deadlock(j, file, budget);
  RouteWitness w = witness_from_json(j);
  if (refuted_by_inputs(w.inputs)) return 1;
  ReplayReport rep = replay(w, budget);
  std::cout << "model        " << w.model << "\nrouting      " << w.routing << "\nfault set    " << w.fault_set.size()
            << " " << w.faults_model << " unit(s)\npair         " << w.source << " -> " << w.destination
            << "\noutcome      " << to_string(rep.run.outcome) << (rep.run.detail.empty() ? "" : ": " + rep.run.detail)
            << "\ntrace        " << trace_text(w) << "\n";
  if (rep.same) {
    std::cout << "replay       confirmed: the same outcome and trace; the trace checks out independently\n";
    return 0;
  }
  for (const auto& p : rep.problems) std::cout << "problem      " << p << "\n";
  return 1;  // refuted: the evidence does not show what it says
}

}  // namespace

void add_route_check_command(CLI::App& app, CommandRegistry& commands, const ShardFarm* farm) {
  auto a = std::make_shared<RouteCheckArgs>();
  auto* sub = app.add_subcommand("route-check", "does a routing deliver every pair under every set of <= K faults?");
  sub->add_option("spec", a->spec, "model spec")->required();
  sub->add_option("--routing", a->routing, "routing spec (see `menger list`)")->required();
  add_question_options(sub, a->q);
  sub->add_option("--witness", a->witness, "write the failure (JSON) for `menger replay`");
  sub->add_option("--failures-csv", a->failures_csv,
                  "write the sets --failures lists as CSV: fault_set, source, destination, a row per pair broken");
  add_drawing_options(sub, a->drawing);
  add_budget_option(sub, a->budget, "seconds allowed (default: no limit); UNKNOWN when it runs out");
  sub->add_flag("--json", a->json, "print JSON");
  add_help_footer(sub,
                  "  menger route-check \"torus(4,4)\" --routing dor --k 1\n"
                  "  menger route-check \"hdn(base=hypercube(3), k=2, s=[4,2])\" --routing hdn-ft1 --k 2 "
                  "--faults links --witness w.json\n",
                  "0 HOLDS, 1 FAILS (the least failing fault set found), 4 UNKNOWN (budget, memory or Ctrl-C; "
                  "what was covered is printed)");
  commands.emplace_back(sub, [a, farm](const Invocation& in) { return run_route_check(*a, farm, in); });

  auto file = std::make_shared<std::string>();
  auto budget = std::make_shared<unsigned>(0);
  auto* rep = app.add_subcommand("replay", "re-execute a routing failure or deadlock witness and check it");
  rep->add_option("witness", *file, "witness file written by route-check --witness")->required();
  add_budget_option(rep, *budget, "seconds allowed (default: no limit); exit 4 when they run out");
  add_help_footer(rep, "  menger replay w.json\n",
                  "0 the witness is confirmed, 1 it is refuted (or its input files changed), 4 UNKNOWN (budget)");
  commands.emplace_back(rep, [file, budget](const Invocation& in) { return run_replay(*file, verb_budget(in.root, *budget)); });
}

}  // namespace menger
