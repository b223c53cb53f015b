#include "core/verdict.h"

#include "core/json_io.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <optional>
#include <string>

namespace menger {

std::string_view to_string(VerdictKind k) {
  switch (k) {
    case VerdictKind::Holds: return "HOLDS";
    case VerdictKind::Fails: return "FAILS";
    case VerdictKind::Estimate: return "ESTIMATE";
    case VerdictKind::Unknown: return "UNKNOWN";
  }
  return "?";
}

std::optional<VerdictKind> parse_verdict_kind(std::string_view text) {
  std::string t(text);
  std::transform(t.begin(), t.end(), t.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (t == "holds") return VerdictKind::Holds;
  if (t == "fails") return VerdictKind::Fails;
  if (t == "estimate") return VerdictKind::Estimate;
  if (t == "unknown") return VerdictKind::Unknown;
  return std::nullopt;
}

}  // namespace menger

namespace menger {

nlohmann::json to_json(const Verdict& v) {
  nlohmann::json j = {{"verdict", std::string(to_string(kind_of(v)))}};
  std::visit(
      [&j](const auto& x) {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, Holds>) {
          if (!x.certificate.is_null()) j["certificate"] = x.certificate;
        } else if constexpr (std::is_same_v<T, Fails>) {
          j["witness"] = x.witness;
        } else if constexpr (std::is_same_v<T, Estimate>) {
          j["estimate"] = {{"value", x.value}, {"low", x.low}, {"high", x.high}, {"confidence", x.confidence}};
        } else {
          j["reason"] = x.reason;
          j["coverage"] = x.coverage;
        }
      },
      v);
  return j;
}

namespace {

// An estimate's number: to_json writes a NaN (an estimate of no trials) as
// null, as nlohmann writes every non-finite number.
double estimate_number(const nlohmann::json& e, const std::string& key) {
  if (e.is_object() && e.contains(key) && e.at(key).is_null()) return std::numeric_limits<double>::quiet_NaN();
  return json_at<double>(e, key);
}

}  // namespace

Verdict verdict_from_json(const nlohmann::json& j) {
  const auto kind = parse_verdict_kind(json_at<std::string>(j, "verdict"));
  if (!kind) throw InputError("field 'verdict' names no verdict");
  switch (*kind) {
    case VerdictKind::Holds:
      return Holds{j.value("certificate", nlohmann::json())};
    case VerdictKind::Fails:
      if (!j.contains("witness")) throw InputError("missing field 'witness'");
      return Fails{j.at("witness")};
    case VerdictKind::Estimate: {
      if (!j.contains("estimate")) throw InputError("missing field 'estimate'");
      const nlohmann::json& e = j.at("estimate");
      return Estimate{estimate_number(e, "value"), estimate_number(e, "low"), estimate_number(e, "high"),
                      json_at<double>(e, "confidence")};
    }
    case VerdictKind::Unknown:
      return Unknown{json_at<std::string>(j, "reason"), json_at<double>(j, "coverage")};
  }
  throw InputError("field 'verdict' names no verdict");
}

}  // namespace menger
