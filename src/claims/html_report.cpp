#include "claims/html_report.h"

#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "claims/witness_picture.h"
#include "core/error.h"
#include "core/json_io.h"
#include "core/version.h"
#include "setup/specs.h"

namespace menger {

namespace fs = std::filesystem;

namespace {

std::string esc(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

// One stylesheet, inlined in every page so that each page stands alone.
const char* const kStyle = R"CSS(
body { font-family: "DejaVu Sans", sans-serif; margin: 1.5em; color: #222; max-width: 110em; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 1.6em; } h3 { font-size: 1em; }
table { border-collapse: collapse; width: 100%; font-size: 0.85em; }
th, td { border-bottom: 1px solid #ddd; padding: 0.25em 0.5em; text-align: left; vertical-align: top; }
th { background: #f3f3f3; position: sticky; top: 0; }
td.num { font-family: "DejaVu Sans Mono", monospace; white-space: nowrap; }
code, pre { font-family: "DejaVu Sans Mono", monospace; font-size: 0.9em; }
pre { background: #f7f7f7; padding: 0.6em; overflow-x: auto; white-space: pre-wrap; }
.v-HOLDS { color: #1a7f37; font-weight: bold; } .v-FAILS { color: #c62828; font-weight: bold; }
.v-ESTIMATE { color: #1f5fa8; font-weight: bold; } .v-UNKNOWN, .v-ERROR { color: #b26b00; font-weight: bold; }
.differs { background: #fff0f0; } .filters { margin: 1em 0; } .filters label { margin-right: 1em; }
blockquote { border-left: 4px solid #ccc; margin: 0.5em 0; padding-left: 1em; color: #444; }
.instance { border-top: 2px solid #eee; margin-top: 1.5em; } figure { margin: 1em 0; }
figure img { max-width: 100%; border: 1px solid #eee; } .summary span { margin-right: 1.2em; }
tr.claim th { position: static; background: #fafafa; font-weight: normal; padding-top: 0.9em; }
tr.claim th a { font-weight: bold; margin-right: 0.6em; } .note { color: #666; font-size: 0.9em; }
)CSS";

// Filtering: instance rows carry data-paper, data-verdict and data-expected
// (the text filter also reads their claim's heading); a heading hides with
// the last of its rows.  The state is kept in location.hash
// ("#paper=001&verdict=FAILS").
const char* const kScript = R"JS(
function readHash() {
  const state = {};
  for (const part of location.hash.replace(/^#/, '').split('&')) {
    const [k, v] = part.split('=');
    if (k) state[decodeURIComponent(k)] = decodeURIComponent(v || '');
  }
  return state;
}
function applyFilters() {
  const paper = document.getElementById('f-paper').value;
  const verdict = document.getElementById('f-verdict').value;
  const differs = document.getElementById('f-differs').checked;
  const text = document.getElementById('f-text').value.toLowerCase();
  let shown = 0;
  for (const group of document.querySelectorAll('#verdicts tbody')) {
    const head = group.querySelector('tr.claim');
    const about = head ? head.textContent.toLowerCase() : '';
    let any = false;
    for (const row of group.querySelectorAll('tr.instance-row')) {
      const ok = (!paper || row.dataset.paper === paper) && (!verdict || row.dataset.verdict === verdict) &&
                 (!differs || row.dataset.expected === 'no') &&
                 (!text || (about + ' ' + row.textContent.toLowerCase()).includes(text));
      row.hidden = !ok;
      if (ok) shown++, any = true;
    }
    if (head) head.hidden = !any;  // a claim's heading shows while one of its instances does
  }
  document.getElementById('shown').textContent = shown;
  const parts = [];
  if (paper) parts.push('paper=' + encodeURIComponent(paper));
  if (verdict) parts.push('verdict=' + encodeURIComponent(verdict));
  if (differs) parts.push('differs=1');
  if (text) parts.push('text=' + encodeURIComponent(text));
  history.replaceState(null, '', parts.length ? '#' + parts.join('&') : location.pathname);
}
function loadState() {
  const s = readHash();
  document.getElementById('f-paper').value = s.paper || '';
  document.getElementById('f-verdict').value = s.verdict || '';
  document.getElementById('f-differs').checked = s.differs === '1';
  document.getElementById('f-text').value = s.text || '';
  applyFilters();
}
window.addEventListener('hashchange', loadState);
window.addEventListener('DOMContentLoaded', () => {
  for (const id of ['f-paper', 'f-verdict', 'f-differs', 'f-text'])
    for (const event of ['input', 'change']) document.getElementById(id).addEventListener(event, applyFilters);
  loadState();
});
)JS";

void page_head(std::ostream& out, const std::string& title) {
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" << esc(title)
      << "</title>\n<style>" << kStyle << "</style>\n";
}

std::string verdict_of(const nlohmann::json& inst) { return inst.value("verdict", std::string("ERROR")); }

std::string seconds_text(const nlohmann::json& inst) {
  if (!inst.contains("seconds")) return "";
  std::ostringstream s;
  s.precision(2);
  s << std::fixed << inst["seconds"].get<double>() << " s";
  return s.str();
}

// Claim ids become file names: letters, digits, '-' and '_' kept, the rest
// '-'; a clash gets a number.
std::vector<std::string> page_names(const nlohmann::json& claims) {
  std::vector<std::string> names;
  std::set<std::string> used;
  for (const auto& c : claims) {
    std::string n = c.value("id", c.value("file", std::string("claim")));
    for (char& ch : n)
      if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_') ch = '-';
    std::string unique = n;
    for (int k = 2; used.count(unique); ++k) unique = n + "-" + std::to_string(k);
    used.insert(unique);
    names.push_back(unique + ".html");
  }
  return names;
}

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  if (!out) throw InputError("cannot write " + path.string());
  out << text;
}

// ---- the index ---------------------------------------------------------------

void summary_block(std::ostream& out, const nlohmann::json& report) {
  std::map<std::string, std::size_t> by;
  for (const auto& c : report["claims"])
    for (const auto& i : c["instances"]) ++by[verdict_of(i)];
  const auto& s = report["summary"];
  out << "<p class=\"summary\"><span>claims <b id=\"count-claims\">" << s["claims"].get<std::size_t>()
      << "</b></span><span>instances <b id=\"count-instances\">" << s["instances"].get<std::size_t>()
      << "</b></span><span>as expected <b id=\"count-as-expected\">" << s["as_expected"].get<std::size_t>()
      << "</b></span>";
  for (const char* v : {"HOLDS", "FAILS", "ESTIMATE", "UNKNOWN", "ERROR"})
    out << "<span class=\"v-" << v << "\">" << v << " <b id=\"count-" << v << "\">" << by[v] << "</b></span>";
  out << "</p>\n";
}

void filter_block(std::ostream& out, const nlohmann::json& report) {
  std::set<std::string> papers;
  for (const auto& c : report["claims"])
    if (c.contains("source")) papers.insert(c["source"].value("paper", ""));
  out << "<div class=\"filters\"><label>Paper <select id=\"f-paper\"><option value=\"\">all</option>";
  for (const auto& p : papers) out << "<option>" << esc(p) << "</option>";
  out << "</select></label><label>Verdict <select id=\"f-verdict\"><option value=\"\">all</option>";
  for (const char* v : {"HOLDS", "FAILS", "ESTIMATE", "UNKNOWN", "ERROR"}) out << "<option>" << v << "</option>";
  out << "</select></label><label><input type=\"checkbox\" id=\"f-differs\"> only those that differ from their "
         "expectation</label><label>Text <input type=\"search\" id=\"f-text\"></label> <span id=\"shown\"></span> "
         "instances shown</div>\n";
}

// A claim's heading row: its id (to its page), what the paper says and where.
void claim_row(std::ostream& out, const nlohmann::json& c, const std::string& page) {
  std::string says = c.value("title", c.value("error", ""));
  const std::string where = c.contains("source") ? c["source"].value("where", "") : "";
  // "HDN degree (Theorem 1)" already says where: not "(Theorem 1) (Theorem 1)".
  if (!where.empty() && says.find(where) == std::string::npos) says += " (" + where + ")";
  out << "<tr class=\"claim\"><th colspan=\"6\"><a href=\"claims/" << page << "\">"
      << esc(c.value("id", c.value("file", ""))) << "</a> <span class=\"says\">" << esc(says) << "</span></th></tr>\n";
}

// One instance under its claim's heading: the claim's text is the heading's, not repeated.
void index_row(std::ostream& out, const nlohmann::json& c, const nlohmann::json& i, const std::string& page,
               std::size_t n) {
  const std::string verdict = verdict_of(i), paper = c.contains("source") ? c["source"].value("paper", "") : "";
  const bool ok = i.value("as_expected", false);
  out << "<tr class=\"instance-row" << (ok ? "" : " differs") << "\" data-paper=\"" << esc(paper) << "\" data-verdict=\""
      << verdict << "\" data-expected=\"" << (ok ? "yes" : "no") << "\">";
  out << "<td><a href=\"claims/" << page << "#instance-" << n << "\"><code>" << esc(i.value("model", ""))
      << "</code></a>" << (i.contains("note") ? " <span class=\"note\">" + esc(i.value("note", "")) + "</span>" : "")
      << "</td>";
  out << "<td class=\"num\">" << esc(i.value("paper_value", "")) << "</td><td class=\"num\">"
      << esc(i.value("menger_value", "")) << "</td><td class=\"v-" << verdict << "\">" << verdict << "</td><td>"
      << (ok ? "yes" : "no, expected " + esc(i.value("expect", ""))) << "</td><td class=\"num\">" << seconds_text(i)
      << "</td></tr>\n";
}

std::string index_page(const nlohmann::json& report, const std::vector<std::string>& pages) {
  std::ostringstream out;
  page_head(out, "Menger: verdicts");
  out << "<script>" << kScript << "</script>\n</head>\n<body>\n<h1>Menger: verdicts of the claim catalog</h1>\n"
      << "<p>Menger " << esc(report["menger"].value("version", "")) << " (" << esc(report["menger"].value("build", ""))
      << ").  Each claim is a heading with its instances under it; the claim's page has their evidence.</p>\n";
  summary_block(out, report);
  filter_block(out, report);
  out << "<table id=\"verdicts\"><thead><tr><th>Claim / instance</th><th>Paper</th>"
         "<th>Menger</th><th>Verdict</th><th>As expected</th><th>Time</th></tr></thead>\n";
  for (std::size_t k = 0; k < report["claims"].size(); ++k) {
    const auto& c = report["claims"][k];
    out << "<tbody>\n";
    claim_row(out, c, pages[k]);
    if (c["instances"].empty())  // a claim file that could not be read: one ERROR row under its error
      out << "<tr class=\"instance-row differs\" data-paper=\"\" data-verdict=\"ERROR\" data-expected=\"no\"><td><a href=\"claims/"
          << pages[k] << "\">" << esc(c.value("file", "")) << "</a></td><td></td><td></td>"
          << "<td class=\"v-ERROR\">ERROR</td><td>no</td><td></td></tr>\n";
    for (std::size_t n = 0; n < c["instances"].size(); ++n) index_row(out, c, c["instances"][n], pages[k], n);
    out << "</tbody>\n";
  }
  out << "</table>\n</body>\n</html>\n";
  return out.str();
}

// ---- a claim's page ------------------------------------------------------------

struct ClaimAssets {
  std::vector<std::string> plots;  // file names under plots/, per instance
};

// The instance's plots: its own curve and its combined figure (the claim's
// `plot` and `figure` keys), copied from the artifacts folder when there.
std::vector<std::string> copy_plots(const Claim& claim, const ClaimInstance& inst, const HtmlReportOptions& html) {
  std::vector<std::string> found;
  if (html.artifacts.empty()) return found;
  const toml::table p = instance_property(claim, inst);
  for (const char* key : {"plot", "figure"}) {
    const auto name = p[key].value<std::string>();
    if (!name) continue;
    const fs::path svg = html.artifacts / (*name + ".svg");
    if (!fs::exists(svg)) continue;
    fs::copy_file(svg, html.dir / "plots" / svg.filename(), fs::copy_options::overwrite_existing);
    found.push_back(svg.filename().string());
  }
  return found;
}

// The witness drawn on its topology: the figure's HTML, or why there is none.
std::string witness_figure(const Claim& claim, const nlohmann::json& inst, const std::string& stem,
                           const HtmlReportOptions& html, std::vector<std::string>& problems) {
  if (!inst.contains("witness") || verdict_of(inst) != "FAILS") return "";
  try {
    // The canonical model names its files as resolved when the claim ran
    // (relative to the working directory, or absolute): resolving them beside
    // the claim file again doubled the claim's folder ("proofs/known/proofs/
    // known/...") whenever `prove` was given a relative path.  Only the
    // claim's own text resolves beside the claim file.
    const std::string canonical = inst.value("canonical_model", "");
    const auto topology = canonical.empty() ? build_topology(inst.value("model", ""), claim.file.parent_path())
                                            : build_topology(canonical, {});
    const Network net(topology);
    const WitnessMarks marks = read_witness_marks(net, inst["witness"]);
    if (marks.empty()) return "";
    std::string caption;
    write_file(html.dir / "witness" / (stem + ".dot"), witness_dot(net, marks, html.picture_nodes, caption));
    if (auto why = draw_with_graphviz(html.dir / "witness" / (stem + ".dot"), html.dir / "witness" / (stem + ".svg"))) {
      problems.push_back(stem + ": no picture: " + *why);
      return "<p>No picture: " + esc(*why) + "; the Graphviz source is <a href=\"../witness/" + stem + ".dot\">" + stem +
             ".dot</a>.</p>\n";
    }
    return "<figure><img src=\"../witness/" + stem + ".svg\" alt=\"the witness on " + esc(net.spec()) +
           "\"><figcaption>The witness on " + esc(caption) +
           ": faulty elements red, the pair or the packet's ends dark blue, the route blue, deadlocked packets' "
           "channels orange (held solid, requested dotted)." +
           (marks.unresolved.empty() ? "" : " Not found in the network: " + esc(marks.unresolved.front()) + ".") +
           "</figcaption></figure>\n";
  } catch (const std::exception& e) {
    problems.push_back(stem + ": no picture: " + e.what());
    return "<p>No picture: " + esc(e.what()) + "</p>\n";
  }
}

// A deadlock witness's packets in the page's text (issue 42: they were only
// in the folded JSON): each packet's ends, the channel it holds and the
// channels it waits for, as (node, port, VC) the way `menger replay` reads them.
std::string channel_text(const nlohmann::json& c) {
  if (!c.is_array() || c.size() != 3) return esc(c.dump());
  return esc(c[0].is_string() ? c[0].get<std::string>() : c[0].dump()) + " port " + esc(c[1].dump()) +
         (c[2] == 0 ? "" : " VC " + esc(c[2].dump()));
}

std::string deadlock_packets(const nlohmann::json& inst) {
  if (verdict_of(inst) != "FAILS" || !inst.contains("witness")) return "";
  const nlohmann::json& w = inst["witness"];
  if (!w.is_object() || !w.contains("packets") || !w["packets"].is_array() || w["packets"].empty()) return "";
  std::ostringstream out;
  out << "<table class=\"packets\"><caption>The deadlocked packets: each holds one channel and waits for channels "
         "the others hold</caption>\n<thead><tr><th>Packet</th><th>Holds</th><th>Waits for</th><th>State</th></tr>"
         "</thead>\n<tbody>\n";
  for (const auto& p : w["packets"]) {
    std::string waits;
    for (const auto& r : p.value("requests", nlohmann::json::array())) waits += (waits.empty() ? "" : "; ") + channel_text(r);
    out << "<tr><td>" << esc(p.value("source", "?")) << " &rarr; " << esc(p.value("destination", "?")) << "</td><td>"
        << channel_text(p.value("channel", nlohmann::json())) << "</td><td>" << waits << "</td><td>"
        << esc(p.value("state", "")) << "</td></tr>\n";
  }
  out << "</tbody></table>\n";
  return out.str();
}

// A route-tolerance or deadlock-under-faults instance's proof
// (verify/route/route_proof.h, verify/deadlock/deadlock_proof.h), when its
// claim wrote one: what the independent checker re-checked.
std::string proof_paragraph(const nlohmann::json& i) {
  const nlohmann::json* d = i.contains("details") && i["details"].is_object() ? &i["details"] : nullptr;
  if (!d || !d->contains("proof")) return "";
  const nlohmann::json& p = (*d)["proof"];
  const char* checker = p.contains("sets") ? "deadlock_proof_check.h" : "route_proof_check.h";
  return "<p class=\"proof\"><b>Proof re-checked independently</b> (verify/check/" + std::string(checker) + ", "
         "without the search): " + esc(p.value("rechecked", "")) + ".  " + std::to_string(p.value("bytes", 0)) +
         " bytes of gzip.</p>\n";
}

void instance_section(std::ostream& out, const Claim* claim, const ClaimInstance* ci, const nlohmann::json& i,
                      std::size_t n, const std::string& stem, const HtmlReportOptions& html,
                      std::vector<std::string>& problems) {
  const std::string verdict = verdict_of(i);
  out << "<section class=\"instance\" id=\"instance-" << n << "\">\n<h2><code>" << esc(i.value("model", ""))
      << "</code>: <span class=\"v-" << verdict << "\">" << verdict << "</span></h2>\n<p>Expected "
      << esc(i.value("expect", "")) << (i.value("as_expected", false) ? " (as expected)" : "; <b>differs</b>")
      << ".  Canonical model <code>" << esc(i.value("canonical_model", "")) << "</code>.";
  if (i.contains("paper_value") || i.contains("menger_value"))
    out << "  The paper: <b>" << esc(i.value("paper_value", "-")) << "</b>; Menger: <b>"
        << esc(i.value("menger_value", "-")) << "</b>.";
  if (!seconds_text(i).empty()) out << "  Time " << seconds_text(i) << ".";
  out << "</p>\n";
  if (i.contains("error")) out << "<p class=\"v-ERROR\">Error: " << esc(i["error"].get<std::string>()) << "</p>\n";
  if (i.contains("explanation")) {
    out << "<pre>";
    for (const auto& line : i["explanation"]) out << esc(line.get<std::string>()) << "\n";
    out << "</pre>\n";
  }
  if (i.contains("note")) out << "<p><i>Note:</i> " << esc(i["note"].get<std::string>()) << "</p>\n";
  out << proof_paragraph(i);
  out << deadlock_packets(i);
  if (claim && ci) {
    out << witness_figure(*claim, i, stem, html, problems);
    for (const std::string& plot : copy_plots(*claim, *ci, html))
      out << "<figure><img src=\"../plots/" << esc(plot) << "\" alt=\"" << esc(plot) << "\"><figcaption>" << esc(plot)
          << "</figcaption></figure>\n";
  }
  for (const char* key : {"witness", "certificate", "details"})
    if (i.contains(key) && !i[key].is_null())
      out << "<details><summary>" << key << " (JSON)</summary><pre>" << esc(json_text(i[key], 1)) << "</pre></details>\n";
  out << "</section>\n";
}

std::string claim_page(const ClaimOutcome& outcome, const nlohmann::json& c, const std::string& page,
                       const HtmlReportOptions& html, std::vector<std::string>& problems) {
  std::ostringstream out;
  const std::string id = c.value("id", c.value("file", ""));
  page_head(out, "Menger: " + id);
  out << "</head>\n<body>\n<p><a href=\"../index.html\">All verdicts</a></p>\n<h1>" << esc(id) << ": "
      << esc(c.value("title", "")) << "</h1>\n<p>Claim file <code>" << esc(c.value("file", "")) << "</code>, kind <code>"
      << esc(c.value("kind", "")) << "</code>.</p>\n";
  if (c.contains("error")) out << "<p class=\"v-ERROR\">Error: " << esc(c["error"].get<std::string>()) << "</p>\n";
  if (c.contains("statement")) out << "<h2>Statement</h2>\n<p>" << esc(c["statement"].get<std::string>()) << "</p>\n";
  if (c.contains("source")) {
    const auto& s = c["source"];
    out << "<p>Paper " << esc(s.value("paper", "")) << ", " << esc(s.value("where", "")) << ".</p>\n";
    if (!s.value("quote", "").empty()) out << "<blockquote>" << esc(s.value("quote", "")) << "</blockquote>\n";
  }
  const std::string base = page.substr(0, page.size() - 5);
  for (std::size_t n = 0; n < c["instances"].size(); ++n)
    instance_section(out, outcome.claim ? &*outcome.claim : nullptr,
                     n < outcome.instances.size() ? &outcome.instances[n].instance : nullptr, c["instances"][n], n,
                     base + "-" + std::to_string(n), html, problems);
  out << "</body>\n</html>\n";
  return out.str();
}

}  // namespace

std::vector<std::string> write_html_report(const ProveReport& r, const ReportOptions& opts,
                                           const HtmlReportOptions& html) {
  std::error_code ec;
  for (const char* sub : {"claims", "plots", "witness"}) fs::create_directories(html.dir / sub, ec);
  if (ec) throw InputError("cannot create " + html.dir.string() + ": " + ec.message());
  const nlohmann::json report = report_json(r, opts);
  const std::vector<std::string> pages = page_names(report["claims"]);
  std::vector<std::string> problems;
  write_file(html.dir / "index.html", index_page(report, pages));
  for (std::size_t k = 0; k < r.claims.size(); ++k)
    write_file(html.dir / "claims" / pages[k], claim_page(r.claims[k], report["claims"][k], pages[k], html, problems));
  return problems;
}

}  // namespace menger
