#include "verify/certificate.h"

#include <algorithm>

#include "core/error.h"

namespace menger {

namespace {

constexpr const char* kFormat = "menger-tolerance-certificate/1";

nlohmann::json path_json(const UnitPath& p) {
  nlohmann::json a = nlohmann::json::array();
  for (std::size_t i = 0; i < p.ports.size(); ++i) {
    a.push_back(p.nodes[i]);
    a.push_back(p.ports[i]);
  }
  a.push_back(p.nodes.back());
  return a;
}

UnitPath path_from(const nlohmann::json& a) {
  if (!a.is_array() || a.size() % 2 == 0) throw InputError("certificate: a path must list node, port, ..., node");
  UnitPath p;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto x = a[i].get<std::uint64_t>();
    if (x > 0xFFFFFFFFull) throw InputError("certificate: node or port out of range in a path");
    if (i % 2 == 0) p.nodes.push_back(static_cast<NodeId>(x));
    else p.ports.push_back(static_cast<PortId>(x));
  }
  return p;
}

}  // namespace

nlohmann::json to_json(const ToleranceCertificate& c) {
  nlohmann::json faults = {{"units", to_string(c.faults.units)}, {"pairs", to_string(c.faults.pairs)}};
  if (!c.faults.groups.empty()) {
    nlohmann::json g = nlohmann::json::array();
    for (const Component& k : c.faults.groups) g.push_back({{"label", k.label}, {"nodes", k.nodes}});
    faults["groups"] = g;
  }
  if (!c.faults.weights.empty()) faults["weights"] = c.faults.weights;
  nlohmann::json pairs = nlohmann::json::array();
  for (const CertifiedPair& p : c.pairs) {
    nlohmann::json paths = nlohmann::json::array();
    for (const UnitPath& path : p.paths) paths.push_back(path_json(path));
    nlohmann::json jp = {{"s", p.source}, {"t", p.target}, {"paths", paths}};
    if (p.unbreakable) jp["unbreakable"] = true;
    if (std::any_of(p.amounts.begin(), p.amounts.end(), [](std::uint64_t a) { return a != 1; })) jp["amounts"] = p.amounts;
    pairs.push_back(jp);
  }
  nlohmann::json j = {{"format", kFormat},
                      {"model", c.model},
                      {"faults", faults},
                      {"min_cut", c.min_cut ? nlohmann::json(*c.min_cut) : nlohmann::json(nullptr)},
                      {"kind", c.kind},
                      {"reduction", c.reduction},
                      {"pairs", pairs}};
  if (c.pivot != kNoNode) j["pivot"] = c.pivot;
  if (!c.fan.empty()) j["fan"] = c.fan;
  if (c.witness)
    j["witness"] = {{"units", c.witness->units}, {"s", c.witness->source}, {"t", c.witness->target}};
  return j;
}

ToleranceCertificate certificate_from_json(const nlohmann::json& j) {
  try {
    if (j.value("format", "") != kFormat) throw InputError(std::string("certificate: format is not ") + kFormat);
    ToleranceCertificate c;
    c.model = j.at("model").get<std::string>();
    const auto& f = j.at("faults");
    c.faults.units = parse_unit_choice(f.at("units").get<std::string>());
    c.faults.pairs = parse_pair_choice(f.at("pairs").get<std::string>());
    if (f.contains("groups"))
      for (const auto& g : f.at("groups")) c.faults.groups.push_back({g.at("label"), g.at("nodes")});
    if (f.contains("weights")) c.faults.weights = f.at("weights").get<std::vector<std::uint32_t>>();
    if (!j.at("min_cut").is_null()) c.min_cut = j.at("min_cut").get<std::uint64_t>();
    c.kind = j.at("kind").get<std::string>();
    c.reduction = j.value("reduction", "");
    if (j.contains("pivot")) c.pivot = j.at("pivot").get<NodeId>();
    if (j.contains("fan")) c.fan = j.at("fan").get<std::vector<NodeId>>();
    if (j.contains("witness")) {
      const auto& w = j.at("witness");
      c.witness = BreakingWitness{w.at("units").get<std::vector<std::size_t>>(), w.at("s").get<NodeId>(),
                                  w.at("t").get<NodeId>()};
    }
    for (const auto& jp : j.at("pairs")) {
      CertifiedPair p;
      p.source = jp.at("s").get<NodeId>();
      p.target = jp.at("t").get<NodeId>();
      p.unbreakable = jp.value("unbreakable", false);
      for (const auto& path : jp.at("paths")) p.paths.push_back(path_from(path));
      p.amounts = jp.contains("amounts") ? jp.at("amounts").get<std::vector<std::uint64_t>>()
                                         : std::vector<std::uint64_t>(p.paths.size(), 1);
      if (p.amounts.size() != p.paths.size()) throw InputError("certificate: amounts and paths differ in number");
      c.pairs.push_back(std::move(p));
    }
    return c;
  } catch (const nlohmann::json::exception& e) {
    throw InputError(std::string("certificate: ") + e.what());
  }
}

}  // namespace menger
