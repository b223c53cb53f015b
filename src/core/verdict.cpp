#include "core/verdict.h"

#include <algorithm>
#include <cctype>
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

}  // namespace menger
