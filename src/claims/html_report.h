// The HTML view of one ProveReport (issue 23): `menger prove --html DIR`.
//
// DIR/index.html   the verdict table (claim, model, what the paper says and its
//                  number beside Menger's value, verdict, time), filtered by
//                  paper, verdict, expectation and text with a few lines of
//                  plain JavaScript (no framework); the filter state lives in
//                  the address's #fragment, so a filtered view can be shared.
// DIR/claims/*.html one page per claim: statement, the paper's words, every
//                  instance's evidence (explanation, witness or certificate,
//                  details), its plots, and for a counterexample a picture of
//                  the witness on the topology (claims/witness_picture.h).
// DIR/plots/       the claims' SVG plots, copied from the artifacts folder.
// DIR/witness/     the pictures (SVG) and their Graphviz sources (DOT).
//
// Self-contained: every file the pages load is in DIR, nothing is fetched
// from the network.  The counts are those of report_json, the same report.
#pragma once

#include <filesystem>
#include <vector>

#include "claims/report.h"

namespace menger {

struct HtmlReportOptions {
  std::filesystem::path dir;        // where to write
  std::filesystem::path artifacts;  // where the claims wrote their plots (empty: none)
  std::size_t picture_nodes = 400;  // larger networks are drawn around the witness
};

// Writes the report; throws InputError when DIR cannot be written.  Pictures
// that cannot be drawn (no Graphviz) are named on their page, not fatal.
// Returns the problems met (one line each), for the caller to print.
std::vector<std::string> write_html_report(const ProveReport& r, const ReportOptions& opts,
                                           const HtmlReportOptions& html);

}  // namespace menger
