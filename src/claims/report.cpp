#include "claims/report.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "core/version.h"

namespace menger {

namespace {

std::string verdict_cell(const InstanceOutcome& i) {
  if (!i.error.empty()) return "ERROR";
  return std::string(to_string(kind_of(i.result->verdict)));
}

std::string lower(std::string_view s) {
  std::string t(s);
  for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return t;
}

std::string seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2fs", s);
  return buf;
}

// A note as an indented paragraph: TOML multi-line strings keep their breaks.
void print_note(std::ostream& out, const std::string& note) {
  std::string text = note;
  while (!text.empty() && (text.front() == '\n' || text.front() == ' ')) text.erase(text.begin());
  std::string indent = "  note: ";
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    out << indent << text.substr(start, end - start) << "\n";
    indent = "        ";
    start = end + 1;
  }
}

std::string pad(const std::string& s, std::size_t w) { return s + std::string(w > s.size() ? w - s.size() : 0, ' '); }

}  // namespace

void print_report(std::ostream& out, const ProveReport& r, const ReportOptions& opts) {
  struct Row {
    std::string claim, model, expect, verdict, ok, time;
  };
  std::vector<Row> rows;
  rows.push_back({"CLAIM", "MODEL", "EXPECT", "VERDICT", "", opts.timing ? "TIME" : ""});
  for (const auto& c : r.claims) {
    const std::string id = c.claim ? c.claim->id : c.file.string();
    if (!c.error.empty()) {
      rows.push_back({id, "-", "-", "ERROR", "differs", ""});
      continue;
    }
    for (const auto& i : c.instances)
      rows.push_back({id, i.instance.model, lower(to_string(i.instance.expect)), verdict_cell(i),
                      i.as_expected() ? "ok" : "differs", opts.timing ? seconds(i.seconds) : ""});
  }
  std::size_t w[4] = {0, 0, 0, 0};
  for (const Row& row : rows) {
    w[0] = std::max(w[0], row.claim.size());
    w[1] = std::max(w[1], row.model.size());
    w[2] = std::max(w[2], row.expect.size());
    w[3] = std::max(w[3], row.verdict.size());
  }
  for (const Row& row : rows)
    out << pad(row.claim, w[0] + 2) << pad(row.model, w[1] + 2) << pad(row.expect, w[2] + 2)
        << pad(row.verdict, w[3] + 2) << pad(row.ok, 9) << row.time << "\n";

  // Details: every finding, surprise and error, with the numbers behind it.
  bool header = false;
  for (const auto& c : r.claims) {
    const std::string id = c.claim ? c.claim->id : c.file.string();
    if (!c.error.empty()) {
      if (!header) out << "\nDetails\n", header = true;
      out << "\n" << id << ": ERROR " << c.error << "\n";
      continue;
    }
    for (const auto& i : c.instances) {
      const bool holds = i.result && kind_of(i.result->verdict) == VerdictKind::Holds;
      if (holds && i.as_expected() && !opts.verbose) continue;
      if (!header) out << "\nDetails\n", header = true;
      out << "\n" << id << "  " << i.instance.model << "\n";
      out << "  expected " << lower(to_string(i.instance.expect)) << ", got " << verdict_cell(i)
          << (i.as_expected() ? "" : "  <-- differs from the expectation") << "\n";
      if (!i.error.empty()) out << "  error: " << i.error << "\n";
      if (i.result)
        for (const auto& line : i.result->explanation) out << "  " << line << "\n";
      if (!i.instance.note.empty()) print_note(out, i.instance.note);
    }
  }

  for (const std::string& e : r.figure_errors) {
    if (!header) out << "\nDetails\n", header = true;
    out << "\nERROR " << e << "\n";
  }

  std::map<std::string, std::size_t> by_verdict;
  for (const auto& c : r.claims)
    for (const auto& i : c.instances) ++by_verdict[verdict_cell(i)];
  out << "\nSummary: " << r.claims.size() << " claims, " << r.instances() << " instances";
  std::string counts;
  for (const char* v : {"HOLDS", "FAILS", "ESTIMATE", "UNKNOWN", "ERROR"})
    if (by_verdict[v]) counts += " " + std::to_string(by_verdict[v]) + " " + v;
  if (!counts.empty()) out << ":" << counts;
  const auto malformed = static_cast<std::size_t>(
      std::count_if(r.claims.begin(), r.claims.end(), [](const auto& c) { return !c.error.empty(); }));
  if (malformed) out << "; " << malformed << " claim file" << (malformed == 1 ? "" : "s") << " malformed";
  if (!r.figure_errors.empty()) out << "; " << r.figure_errors.size() << " figure" << (r.figure_errors.size() == 1 ? "" : "s") << " not drawn";
  const std::size_t differ = r.instances() - r.as_expected();
  if (r.all_as_expected()) out << "; all as expected.\n";
  else if (differ) out << "; " << differ << " differ from their expectation" << (r.errors() ? ", with errors" : "") << ".\n";
  else out << ".\n";
}

nlohmann::json report_json(const ProveReport& r, const ReportOptions& opts) {
  nlohmann::json claims = nlohmann::json::array();
  for (const auto& c : r.claims) {
    nlohmann::json jc = {{"file", c.file.generic_string()}};
    if (c.claim) {
      jc["id"] = c.claim->id;
      jc["title"] = c.claim->title;
      jc["statement"] = c.claim->statement;
      jc["source"] = {{"paper", c.claim->source.paper}, {"where", c.claim->source.where}, {"quote", c.claim->source.quote}};
      jc["kind"] = c.claim->kind;
    }
    if (!c.error.empty()) jc["error"] = c.error;
    nlohmann::json insts = nlohmann::json::array();
    for (const auto& i : c.instances) {
      nlohmann::json ji = {{"model", i.instance.model},
                           {"canonical_model", i.canonical_model},
                           {"expect", lower(to_string(i.instance.expect))},
                           {"as_expected", i.as_expected()}};
      if (!i.instance.note.empty()) ji["note"] = i.instance.note;
      if (!i.error.empty()) {
        ji["verdict"] = "ERROR";
        ji["error"] = i.error;
      }
      if (i.result) {
        ji.update(to_json(i.result->verdict));
        ji["explanation"] = i.result->explanation;
        ji["details"] = i.result->details;
      }
      if (opts.timing) ji["seconds"] = i.seconds;
      insts.push_back(ji);
    }
    jc["instances"] = insts;
    claims.push_back(jc);
  }
  nlohmann::json j;
  j["menger"] = {{"version", kVersion}, {"build", build_description()}};
  // The thread count is left out on purpose: results, and these bytes, do not depend on it.
  j["options"] = {{"budget_seconds", opts.budget ? nlohmann::json(opts.budget->count()) : nlohmann::json(nullptr)},
                  {"timing", opts.timing}};
  j["summary"] = {{"claims", r.claims.size()},
                  {"instances", r.instances()},
                  {"as_expected", r.as_expected()},
                  {"errors", r.errors()},
                  {"all_as_expected", r.all_as_expected()}};
  j["claims"] = claims;
  if (!r.figure_errors.empty()) j["figure_errors"] = r.figure_errors;
  return j;
}

}  // namespace menger
