// menger tolerance SPEC: how many faults a topology always survives, the least
// fault set that breaks it, and a certificate for the rest.
// Under mpirun the flow engine's blocks of pairs are spread over the ranks
// (`farm`, verify/tolerance/tolerance.h) and rank 0 alone prints.
#include <chrono>
#include <cctype>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/question_options.h"
#include "core/error.h"
#include "core/text.h"
#include "core/input_file.h"
#include "core/json_io.h"
#include "core/version.h"
#include "io/progress_display.h"
#include "setup/answer.h"
#include "setup/questions.h"
#include "setup/setup.h"
#include "setup/specs.h"
#include "verify/check/certificate_check.h"
#include "verify/tolerance/tolerance_engine.h"

namespace menger {

namespace {

// The subject (the model), the question, and what the CLI adds: where to write
// the certificate, the budget, the output format.
struct ToleranceArgs {
  std::string spec, certificate;
  ToleranceQuestion q;
  WitnessDrawing drawing;
  unsigned budget = 0;
  bool json = false;
};

std::string unit_list(const FaultModel& m, const std::vector<std::size_t>& units) {
  std::string s;
  for (std::size_t u : units) s += (s.empty() ? "" : ", ") + m.universe().label(u);
  return "{" + s + "}";
}

// The lines of a user's text file with what `#` starts cut off, numbered from
// 1; blank lines are left out.  Read strictly (core/input_file.h): a device,
// a directory or an endless pipe is refused, a byte-order mark dropped.
std::vector<std::pair<int, std::string>> content_lines(const std::string& file, std::string_view what,
                                                      const Budget& budget) {
  const InputFile in = read_input_file(file, what, budget);
  std::vector<std::pair<int, std::string>> out;
  std::istringstream text(in.text);
  std::string line;
  for (int number = 1; std::getline(text, line); ++number) {
    if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    if (line.find_first_not_of(" \t\r") != std::string::npos) out.emplace_back(number, line);
  }
  return out;
}

std::string at_line(const std::string& file, int number) { return file + ": line " + std::to_string(number) + ": "; }

// Component groups, one per line: "name: node node ...".  A name given twice,
// a node named twice in a group, or a group without nodes is an error.
std::vector<Component> read_groups(const std::string& file, const Network& net, const Budget& budget) {
  std::vector<Component> groups;
  std::set<std::string> names;
  for (const auto& [number, line] : content_lines(file, "fault groups", budget)) {
    std::istringstream words(line);
    std::string label;
    words >> label;
    if (label.size() < 2 || label.back() != ':')
      throw InputError(at_line(file, number) + "expected 'name: node node ...', got '" + excerpt(line) + "'");
    Component c{label.substr(0, label.size() - 1), {}};
    if (!names.insert(c.label).second) throw InputError(at_line(file, number) + "group " + c.label + " is named twice");
    std::set<NodeId> seen;
    for (std::string node; words >> node;) {
      auto v = net.find_node(node);
      if (!v) throw InputError(at_line(file, number) + "no node labelled " + node);
      if (!seen.insert(*v).second) throw InputError(at_line(file, number) + "node " + node + " is listed twice");
      c.nodes.push_back(*v);
    }
    if (c.nodes.empty()) throw InputError(at_line(file, number) + "group " + c.label + " names no node");
    groups.push_back(std::move(c));
  }
  return groups;
}

// Unit weights, one per line: "WEIGHT UNIT-LABEL" (the label as `menger
// tolerance` prints it); unlisted units weigh 1.  Every line that is not blank
// or a comment must be one: a weight of decimal digits in 1..10^6 and the
// label of a unit not listed before (a line skipped would make the least
// breaking weight lower than the truth).
std::vector<std::uint32_t> read_weights(const std::string& file, const FaultModel& m, const Budget& budget) {
  std::map<std::string, std::size_t> unit;
  for (std::size_t u = 0; u < m.universe().size(); ++u) unit[m.universe().label(u)] = u;
  std::vector<std::uint32_t> w(m.universe().size(), 1);
  std::vector<char> listed(m.universe().size(), 0);
  for (const auto& [number, line] : content_lines(file, "unit weights", budget)) {
    std::istringstream words(line);
    std::string weight_text, label;
    words >> weight_text;
    std::getline(words >> std::ws, label);
    while (!label.empty() && std::isspace(static_cast<unsigned char>(label.back()))) label.pop_back();
    const bool digits = !weight_text.empty() && weight_text.size() <= 7 &&
                        weight_text.find_first_not_of("0123456789") == std::string::npos;
    const unsigned long weight = digits ? std::stoul(weight_text) : 0;
    auto it = unit.find(label);
    if (!digits || weight < 1 || weight > 1'000'000 || it == unit.end())
      throw InputError(at_line(file, number) + "expected 'WEIGHT UNIT' with WEIGHT in 1..10^6 (decimal digits) and a " +
                       to_string(m.spec().units) + " unit label, got '" + excerpt(line) + "'");
    if (listed[it->second]) throw InputError(at_line(file, number) + "unit " + label + " is weighed twice");
    listed[it->second] = 1;
    w[it->second] = static_cast<std::uint32_t>(weight);
  }
  return w;
}

// The fault model of the question: its units and pairs, with the groups and weights its files give.
FaultModel fault_model_of(const ToleranceQuestion& q, const Network& net, const Budget& budget) {
  FaultModelSpec spec = tolerance_fault_spec(q, net);
  if (q.groups) spec.groups = read_groups(*q.groups, net, budget);
  if (q.weights) spec.weights = read_weights(*q.weights, FaultModel(net, spec, budget), budget);
  return FaultModel(net, spec, budget);
}

// "tolerance    survives any 2 faults; 3 can break it", the set and the pair it separates.
void print_tolerance(const FaultModel& model, const ToleranceOutcome& o) {
  if (!o.min_cut) {
    if (o.complete) std::cout << "tolerance    unbounded: no fault set disconnects a required pair\n";
    return;
  }
  const std::uint64_t c = *o.min_cut;
  const bool weighted = model.weighted();
  if (o.complete && c == 0)
    std::cout << "tolerance    none: a required pair is disconnected without any fault\n";
  else if (o.complete && c == 1 && !weighted)
    std::cout << "tolerance    0: a single fault can break it\n";
  else if (o.complete)
    std::cout << "tolerance    survives any " << (weighted ? "faults of total weight <= " : "") << c - 1
              << (weighted ? "" : c - 1 == 1 ? " fault" : " faults") << "; " << c << " can break it\n";
  else
    std::cout << "so far       a breaking set of " << (weighted ? "weight " : "") << c << " (an upper bound)\n";
  const Network& net = model.network();
  std::cout << "breaks with  " << unit_list(model, o.breaking_set) << "\n"
            << "separating   " << net.label(o.source) << " -> " << net.label(o.target) << "\n";
}

void print_certificate_check(const ToleranceArgs& args, const Answer& a) {
  const std::optional<Recheck>& check = a.recheck;
  if (check)
    std::cout << "certificate  " << (check->valid ? "valid (independent check): " + check->summary : "INVALID")
              << (args.certificate.empty() ? "" : "; written to " + args.certificate) << "\n";
  if (check && !check->valid)
    for (const auto& p : check->problems) std::cout << "  problem: " << p << "\n";
  if (!check && args.q.certificate)
    std::cout << "certificate  none: " << a.result_as<ToleranceOutcome>().certificate_note
              << (args.certificate.empty() ? "" : "; nothing written to " + args.certificate) << "\n";
}

void print_text(const ToleranceArgs& args, const Answer& a) {
  const FaultModel& model = *a.subject.model;
  const ToleranceOutcome& o = a.result_as<ToleranceOutcome>();
  std::cout << "model        " << model.network().spec() << "\nfaults       " << model.describe() << "\n";
  if (!o.complete)
    std::cout << "INCOMPLETE   " << a.reason << "\n" << kept_line(args.q.checkpoint, false);
  else std::cout << resumed_line(o.coverage);
  print_tolerance(model, o);
  std::cout << "engine       " << o.engine << ", " << o.method << ", " << o.work << ", " << a.seconds << " s\n";
  print_certificate_check(args, a);
}

int run_tolerance(const ToleranceArgs& args, const ShardFarm* farm, const Invocation& in) {
  const Budget budget = verb_budget(in.root, args.budget);
  auto net = std::make_shared<const Network>(build_topology(args.spec, {}, budget), budget);
  auto model = std::make_shared<const FaultModel>(fault_model_of(args.q, *net, budget));
  const bool speaks = !farm || farm->coordinator();
  ProgressDisplay display(speaks, in.progress);
  const Answer a = answer_tolerance(args.q, Subject{net, model, nullptr}, Context{budget, display.sink(), farm},
                                    builtin_specs(budget));
  display.finish();
  if (!speaks) return 0;  // rank 0 merged the answer and prints it
  if (const auto* cert = std::get_if<ToleranceCertificate>(&a.evidence); cert && !args.certificate.empty()) {
    std::ofstream out(args.certificate);
    if (!out) throw InputError("cannot write " + args.certificate);
    out << json_text(to_json(*cert)) << "\n";
  }
  const std::string drawn = draw_witness(a, args.drawing);
  if (args.json) std::cout << json_text(to_json(a, Timings::Include), 2) << "\n";
  else print_text(args, a);
  if (!args.json && !drawn.empty()) std::cout << "picture      " << drawn << "\n";
  if (a.recheck && !a.recheck->valid) return 3;
  return a.verdict == VerdictKind::Holds ? 0 : 4;  // 4: UNKNOWN, as in every verb with a --budget
}

}  // namespace

void add_tolerance_command(CLI::App& app, CommandRegistry& commands, const ShardFarm* farm) {
  auto args = std::make_shared<ToleranceArgs>();
  auto* sub = app.add_subcommand("tolerance", "exact fault tolerance: least breaking fault set, with a certificate");
  sub->add_option("spec", args->spec, "model spec")->required();
  add_question_options(sub, args->q);
  sub->add_option("--certificate", args->certificate, "write the certificate (JSON) to this file");
  add_drawing_options(sub, args->drawing);
  add_budget_option(sub, args->budget, "seconds allowed (default: no limit)");
  sub->add_flag("--json", args->json, "print JSON");
  add_help_footer(sub,
                  "  menger tolerance \"hypercube(5)\"\n"
                  "  menger tolerance \"mikant(3,3)\" --faults links --certificate cert.json\n",
                  "0 the exact answer, 4 INCOMPLETE (budget, memory or Ctrl-C; the bound so far is printed)");
  commands.emplace_back(sub, [args, farm](const Invocation& in) { return run_tolerance(*args, farm, in); });
}

}  // namespace menger
