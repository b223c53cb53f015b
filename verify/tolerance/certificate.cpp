#include "verify/tolerance/certificate.h"

#include <algorithm>

#include "core/error.h"
#include "core/json_io.h"

namespace menger {

namespace {

constexpr const char* kFormat = "menger-tolerance-certificate/1";

// The member `key` of `j`, which must be an object / a list.
const nlohmann::json& object_at(const nlohmann::json& j, const char* key) {
  if (!j.contains(key)) throw InputError(std::string("missing field '") + key + "'");
  if (!j[key].is_object()) throw InputError(std::string("field '") + key + "' must be an object");
  return j[key];
}
const nlohmann::json& list_at(const nlohmann::json& j, const char* key) {
  if (!j.contains(key)) throw InputError(std::string("missing field '") + key + "'");
  if (!j[key].is_array()) throw InputError(std::string("field '") + key + "' must be a list");
  return j[key];
}

}  // namespace

nlohmann::json path_json(const UnitPath& p) {
  nlohmann::json a = nlohmann::json::array();
  for (std::size_t i = 0; i < p.ports.size(); ++i) {
    a.push_back(p.nodes[i]);
    a.push_back(p.ports[i]);
  }
  a.push_back(p.nodes.back());
  return a;
}

UnitPath path_from_json(const nlohmann::json& a) {
  if (!a.is_array() || a.size() % 2 == 0) throw InputError("a path must list node, port, ..., node");
  UnitPath p;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (i % 2 == 0) p.nodes.push_back(json_as<NodeId>(a[i], "path node"));
    else p.ports.push_back(json_as<PortId>(a[i], "path port"));
  }
  return p;
}

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
  if (!c.symmetry.empty()) j["symmetry"] = c.symmetry;
  if (c.witness)
    j["witness"] = {{"units", c.witness->units}, {"s", c.witness->source}, {"t", c.witness->target}};
  j["inputs"] = inputs_json(c.inputs);
  return j;
}

ToleranceCertificate certificate_from_json(const nlohmann::json& j) {
  try {
    if (!j.is_object() || !j.contains("format") || !j["format"].is_string() || j["format"] != kFormat)
      throw InputError(std::string("format is not ") + kFormat);
    require_keys(j, {"format", "model", "faults", "min_cut", "kind", "reduction", "pairs", "pivot", "fan", "symmetry",
                     "witness", "inputs"},
                 "the certificate");
    ToleranceCertificate c;
    c.model = json_at<std::string>(j, "model");
    const auto& f = object_at(j, "faults");
    require_keys(f, {"units", "pairs", "groups", "weights"}, "faults");
    c.faults.units = parse_unit_choice(json_at<std::string>(f, "units"));
    c.faults.pairs = parse_pair_choice(json_at<std::string>(f, "pairs"));
    if (f.contains("groups"))
      for (const auto& g : list_at(f, "groups")) {
        require_keys(g, {"label", "nodes"}, "faults.groups");
        c.faults.groups.push_back({json_at<std::string>(g, "label"), json_at<std::vector<NodeId>>(g, "nodes")});
      }
    if (f.contains("weights")) c.faults.weights = json_at<std::vector<std::uint32_t>>(f, "weights");
    if (!j.at("min_cut").is_null()) c.min_cut = json_at<std::uint64_t>(j, "min_cut");
    c.kind = json_at<std::string>(j, "kind");
    if (j.contains("reduction")) c.reduction = json_at<std::string>(j, "reduction");
    if (j.contains("pivot")) c.pivot = json_at<NodeId>(j, "pivot");
    if (j.contains("fan")) c.fan = json_at<std::vector<NodeId>>(j, "fan");
    if (j.contains("symmetry")) c.symmetry = json_at<std::vector<std::vector<NodeId>>>(j, "symmetry");
    if (j.contains("witness")) {
      const auto& w = object_at(j, "witness");
      require_keys(w, {"units", "s", "t"}, "witness");
      c.witness = BreakingWitness{json_at<std::vector<std::size_t>>(w, "units"), json_at<NodeId>(w, "s"),
                                  json_at<NodeId>(w, "t")};
    }
    if (j.contains("inputs")) c.inputs = inputs_from_json(j["inputs"]);
    for (const auto& jp : list_at(j, "pairs")) {
      require_keys(jp, {"s", "t", "paths", "unbreakable", "amounts"}, "a certified pair");
      CertifiedPair p;
      p.source = json_at<NodeId>(jp, "s");
      p.target = json_at<NodeId>(jp, "t");
      if (jp.contains("unbreakable")) p.unbreakable = json_at<bool>(jp, "unbreakable");
      for (const auto& path : list_at(jp, "paths")) p.paths.push_back(path_from_json(path));
      p.amounts = jp.contains("amounts") ? json_at<std::vector<std::uint64_t>>(jp, "amounts")
                                         : std::vector<std::uint64_t>(p.paths.size(), 1);
      if (p.amounts.size() != p.paths.size()) throw InputError("amounts and paths differ in number");
      c.pairs.push_back(std::move(p));
    }
    return c;
  } catch (const nlohmann::json::exception& e) {
    throw InputError(std::string("certificate: ") + e.what());
  } catch (const InputError& e) {
    throw InputError(std::string("certificate: ") + e.what());
  }
}

}  // namespace menger
