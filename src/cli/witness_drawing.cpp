// --dot FILE / --svg FILE of route-check, deadlock and tolerance: the answer's
// witness drawn on its network without a claim file (issue 42), with the
// same picture the HTML report draws (claims/witness_picture.h).
#include <fstream>
#include <iostream>

#include "claims/witness_picture.h"
#include "cli/commands.h"
#include "core/error.h"
#include "setup/answer.h"

namespace menger {

namespace {

constexpr std::size_t kDrawnNodes = 400;  // larger networks are drawn around the witness, as in the report

// What the picture marks: a route failure's witness, a deadlocked
// configuration, or tolerance's least breaking set with the pair it
// separates (the certificate proves it; the set is what is drawn).
nlohmann::json drawn_witness(const Answer& a) {
  if (a.verb != "tolerance") return evidence_json(a);
  const nlohmann::json view = to_json(a, Timings::Omit);
  if (view.value("breaking_set", nlohmann::json()).is_null()) return nullptr;
  return {{"breaking_set", view["breaking_set"]}, {"separates", view["separates"]}};
}

void write_text(const std::string& file, const std::string& text) {
  std::ofstream out(file);
  if (!out) throw InputError("cannot write " + file);
  out << text;
}

}  // namespace

void add_drawing_options(CLI::App* sub, WitnessDrawing& d) {
  sub->add_option("--dot", d.dot, "draw the witness on the network as Graphviz DOT (faults red, the pair blue)");
  sub->add_option("--svg", d.svg, "draw it as SVG (Graphviz's neato, which must be installed)");
}

std::string draw_witness(const Answer& a, const WitnessDrawing& d) {
  if (d.dot.empty() && d.svg.empty()) return "";
  const nlohmann::json witness = drawn_witness(a);
  const WitnessMarks marks = witness.is_null() ? WitnessMarks{} : read_witness_marks(*a.subject.net, witness);
  if (marks.empty()) return "nothing to draw: the answer has no witness";
  std::string caption;
  const std::string dot = witness_dot(*a.subject.net, marks, kDrawnNodes, caption);
  const std::string dot_file = d.dot.empty() ? d.svg + ".dot" : d.dot;
  write_text(dot_file, dot);
  if (!d.svg.empty())
    if (auto why = draw_with_graphviz(dot_file, d.svg)) throw InputError("--svg " + d.svg + ": " + *why);
  return "drawn to " + (d.svg.empty() ? d.dot : d.svg) + (caption.empty() ? "" : " (" + caption + ")");
}

}  // namespace menger
