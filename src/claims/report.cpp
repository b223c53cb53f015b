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

void print_wrapped(std::ostream& out, const std::string& prefix, const std::string& text, std::size_t indent_by = 0);

// A note as an indented paragraph: TOML multi-line strings keep their breaks.
void print_note(std::ostream& out, const std::string& note) {
  std::string text = note;
  while (!text.empty() && (text.front() == '\n' || text.front() == ' ')) text.erase(text.begin());
  std::string indent = "  note: ";
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    print_wrapped(out, indent, text.substr(start, end - start), 8);
    indent = "        ";
    start = end + 1;
  }
}

std::string pad(const std::string& s, std::size_t w) { return s + std::string(w > s.size() ? w - s.size() : 0, ' '); }

}  // namespace

namespace {

// The terminal table fits this many columns (issue 23): the claim id heads its
// instances, and a model spec too long for its column is cut and named [mN],
// with the whole spec under "Models" in the details.
constexpr std::size_t kTableWidth = 120;

struct Row {
  std::string model, expect, verdict, paper, menger, ok, time;
};

// `s` cut to `w` characters; `tag` marks where the whole text is.
std::string fit(const std::string& s, std::size_t w, const std::string& tag = "") {
  if (s.size() <= w) return s;
  const std::size_t keep = w > tag.size() + 3 ? w - tag.size() - 3 : 0;
  return s.substr(0, keep) + "..." + tag;
}

struct Table {
  std::vector<std::pair<std::string, std::vector<Row>>> claims;  // id, its rows
  std::vector<std::string> abbreviated;                          // specs cut in the table, [m1] first
};

Table table_rows(const ProveReport& r, const ReportOptions& opts) {
  Table t;
  for (const auto& c : r.claims) {
    std::vector<Row> rows;
    if (!c.error.empty()) rows.push_back({"-", "-", "ERROR", "", "", "differs", ""});
    for (const auto& i : c.instances) {
      Row row{i.instance.model, lower(to_string(i.instance.expect)), verdict_cell(i), "", "",
              i.as_expected() ? "ok" : "differs", opts.timing ? seconds(i.seconds) : ""};
      if (i.result) row.paper = i.result->paper_value, row.menger = i.result->menger_value;
      rows.push_back(row);
    }
    t.claims.emplace_back(c.claim ? c.claim->id : c.file.string(), std::move(rows));
  }
  return t;
}

void print_table(std::ostream& out, Table& t) {
  // Column widths: the content's, the paper's and Menger's numbers capped, the
  // model taking what is left of kTableWidth.
  std::size_t expect = 6, verdict = 7, paper = 0, menger = 0, model = 13, time = 4;
  for (const auto& [id, rows] : t.claims)
    for (const Row& row : rows) {
      expect = std::max(expect, row.expect.size()), verdict = std::max(verdict, row.verdict.size());
      paper = std::max(paper, row.paper.size()), menger = std::max(menger, row.menger.size());
      model = std::max(model, row.model.size() + 2), time = std::max(time, row.time.size());
    }
  if (paper) paper = std::clamp<std::size_t>(paper, 5, 14);
  if (menger) menger = std::clamp<std::size_t>(menger, 6, 20);
  const std::size_t rest = (expect + 2) + (verdict + 2) + (paper ? paper + 2 : 0) + (menger ? menger + 2 : 0) + 9 + time;
  model = std::min(model, kTableWidth - rest - 2);
  std::map<std::string, std::string> tags;
  const auto line = [&](const std::string& m, const Row& row) {
    std::string text = pad(m, model + 2) + pad(row.expect, expect + 2) + pad(row.verdict, verdict + 2);
    if (paper) text += pad(fit(row.paper, paper), paper + 2);
    if (menger) text += pad(fit(row.menger, menger), menger + 2);
    text += pad(row.ok, 9) + row.time;
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out << text << "\n";
  };
  line("CLAIM / MODEL", {"", "EXPECT", "VERDICT", paper ? "PAPER" : "", menger ? "MENGER" : "", "", time ? "TIME" : ""});
  for (const auto& [id, rows] : t.claims) {
    out << fit(id, kTableWidth) << "\n";
    for (const Row& row : rows) {
      std::string m = row.model;
      if (m.size() > model - 2) {
        auto [it, added] = tags.emplace(m, "[m" + std::to_string(tags.size() + 1) + "]");
        if (added) t.abbreviated.push_back(m);
        m = fit(m, model - 2, " " + it->second);
      }
      line("  " + m, row);
    }
  }
}

// A details line wrapped at spaces to kTableWidth, continued under its text
// (a word longer than the line stays whole), or `indent_by` spaces in.
void print_wrapped(std::ostream& out, const std::string& prefix, const std::string& text, std::size_t indent_by) {
  const std::string indent(indent_by ? indent_by : prefix.size() + 2, ' ');
  std::string line = prefix;
  std::size_t start = 0, room = kTableWidth;
  bool first_word = true;
  while (start <= text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    if (!first_word && line.size() + 1 + word.size() > room) {
      out << line << "\n";
      line = indent + word;
    } else {
      line += (first_word ? "" : " ") + word;
    }
    first_word = false;
    start = end + 1;
  }
  out << line << "\n";
}

}  // namespace

void print_report(std::ostream& out, const ProveReport& r, const ReportOptions& opts) {
  Table table = table_rows(r, opts);
  print_table(out, table);

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
      out << "\n";
      print_wrapped(out, id + "  ", i.instance.model, 4);
      out << "  expected " << lower(to_string(i.instance.expect)) << ", got " << verdict_cell(i)
          << (i.as_expected() ? "" : "  <-- differs from the expectation") << "\n";
      if (!i.error.empty()) print_wrapped(out, "  error: ", i.error);
      if (i.result)
        for (const auto& line : i.result->explanation) print_wrapped(out, "  ", line);
      if (!i.instance.note.empty()) print_note(out, i.instance.note);
    }
  }

  for (const std::string& e : r.figure_errors) {
    if (!header) out << "\nDetails\n", header = true;
    out << "\nERROR " << e << "\n";
  }

  if (!table.abbreviated.empty()) {
    out << "\nModels cut short in the table\n";
    for (std::size_t k = 0; k < table.abbreviated.size(); ++k)
      out << "  [m" << k + 1 << "] " << table.abbreviated[k] << "\n";
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
  // A verdict resting on a checkpoint is never shown as a fresh one (issue 36).
  if (r.resumed) print_wrapped(out, "Resumed: ", r.resumed->text() + ".");
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
    if (c.resumed) jc["resumed"] = true;
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
        if (!i.result->paper_value.empty()) ji["paper_value"] = i.result->paper_value;
        if (!i.result->menger_value.empty()) ji["menger_value"] = i.result->menger_value;
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
                  {"all_as_expected", r.all_as_expected()},
                  {"resumed", r.resumed ? to_json(*r.resumed) : nlohmann::json()}};
  j["claims"] = claims;
  if (!r.figure_errors.empty()) j["figure_errors"] = r.figure_errors;
  return j;
}

}  // namespace menger
