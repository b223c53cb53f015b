// `menger export` on whatever a network file can hold: a network read from a
// hostile file (as fuzz_network_file reads it) is written in each export
// format and read back.  The writers must not fail on any label, and
// src/io/export.h promises that export then import is the identity, so a
// read-back that differs from the original is a finding, as is a read-back
// that fails, except where the format cannot carry a label (stated below):
// there export must refuse with one clear error.
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "core/network.h"
#include "core/text.h"
#include "fuzz_support.h"
#include "io/export.h"
#include "models/families.h"

namespace {

using menger::Network;

std::vector<std::string> labels_of(const Network& net) {
  std::vector<std::string> out;
  for (menger::NodeId v = 0; v < net.num_nodes(); ++v) out.push_back(net.label(v));
  for (menger::LinkId l = 0; l < net.num_links(); ++l) out.push_back(net.link_label(l));
  for (const auto& c : net.packages()) out.push_back(c.label);
  return out;
}

// What a read-back must reproduce: nodes, kinds, ports, links with both port
// numbers and their labels, packages.  Returns the first difference.
std::string difference(const Network& a, const Network& b) {
  if (a.num_nodes() != b.num_nodes() || a.num_links() != b.num_links()) return "node or link count";
  for (menger::NodeId v = 0; v < a.num_nodes(); ++v)
    if (a.label(v) != b.label(v) || a.kind(v) != b.kind(v) || a.num_ports(v) != b.num_ports(v))
      return "node " + std::to_string(v);
  for (menger::LinkId l = 0; l < a.num_links(); ++l) {
    const auto &x = a.link(l), &y = b.link(l);
    if (x.a != y.a || x.b != y.b || x.pa != y.pa || x.pb != y.pb || x.directed != y.directed ||
        a.link_label(l) != b.link_label(l))
      return "link " + std::to_string(l);
  }
  if (a.packages().size() != b.packages().size()) return "package count";
  for (std::size_t i = 0; i < a.packages().size(); ++i)
    if (a.packages()[i].label != b.packages()[i].label || a.packages()[i].nodes != b.packages()[i].nodes)
      return "package " + std::to_string(i);
  return {};
}

void round_trip(const Network& original, menger::ExportFormat format, const char* ext, bool carried) {
  std::ostringstream text;
  try {
    menger::export_network(text, original, format);
  } catch (const menger::InputError& e) {
    if (!carried) return;  // the format cannot carry a label: one clear error is right
    std::cerr << "export as " << ext << " refused a network it can carry: " << e.what() << "\n";
    std::abort();
  }
  const auto file = menger::fuzz::scratch_file(std::string("-export") + ext, text.str());
  std::string diff;
  try {
    const Network copy(menger::read_network_file(file, "file(copy)"));
    diff = difference(original, copy);
  } catch (const menger::InputError& e) {
    if (!carried) return;
    diff = std::string("reading it back: ") + e.what();
  }
  if (carried && !diff.empty()) {
    std::cerr << "export as " << ext << " then import differs: " << diff << "\n";
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const char* const extensions[] = {".graphml", ".dot", ".json", ".edges"};
  const char* ext = extensions[static_cast<std::uint8_t>(data[0] - '0') % 4];
  const auto file = menger::fuzz::scratch_file(ext, menger::fuzz::as_text(data + 1, size - 1));
  menger::fuzz::expect_clean_rejection([&](const menger::Budget& budget) {
    const Network original(menger::read_network_file(file, "file(fuzz)", budget), budget);
    // What each format can carry (src/io/export.cpp): DOT any label; GraphML
    // UTF-8 without what XML 1.0 forbids (control characters, U+FFFE,
    // U+FFFF); JSON UTF-8 (the
    // writer replaces the rest by U+FFFD).  No format carries a network that
    // mixes directed and bidirectional links.
    bool utf8 = true, xml = true, mixed = false;
    for (const auto& l : labels_of(original)) {
      utf8 &= menger::valid_utf8(l);
      for (char c : l) xml &= static_cast<unsigned char>(c) >= 0x20 || c == '\t' || c == '\n' || c == '\r';
      xml &= l.find("\xEF\xBF\xBE") == std::string::npos && l.find("\xEF\xBF\xBF") == std::string::npos;
    }
    for (const auto& l : original.links()) mixed |= l.directed != original.has_directed_links();
    round_trip(original, menger::ExportFormat::Dot, ".dot", !mixed);
    round_trip(original, menger::ExportFormat::GraphML, ".graphml", !mixed && utf8 && xml);
    round_trip(original, menger::ExportFormat::Json, ".json", !mixed && utf8);
  });
  return 0;
}
