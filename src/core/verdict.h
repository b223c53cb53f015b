// The answer of a check (DESIGN.md "Verdict", STYLE.md point 1): a value, not a
// class tree.  FAILS carries a witness and HOLDS a certificate where one
// exists, both as JSON that `menger replay` / `menger check-cert` re-read;
// UNKNOWN says why and how much was covered.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace menger {

struct Holds {
  nlohmann::json certificate;  // null when the property has none
};
struct Fails {
  nlohmann::json witness;
};
struct Estimate {
  double value = 0, low = 0, high = 0;  // point estimate and confidence interval
  double confidence = 0.95;
};
struct Unknown {
  std::string reason;      // e.g. "budget exhausted"
  double coverage = 0;     // fraction of the work done, in [0, 1]
};

using Verdict = std::variant<Holds, Fails, Estimate, Unknown>;

enum class VerdictKind { Holds, Fails, Estimate, Unknown };

inline VerdictKind kind_of(const Verdict& v) { return static_cast<VerdictKind>(v.index()); }
std::string_view to_string(VerdictKind k);  // "HOLDS", "FAILS", "ESTIMATE", "UNKNOWN"
// Parses "holds" / "fails" / "estimate" / "unknown" (any case); nullopt otherwise.
std::optional<VerdictKind> parse_verdict_kind(std::string_view text);

}  // namespace menger

namespace menger {
// {"verdict": "FAILS", "witness": ...} and the like.
nlohmann::json to_json(const Verdict& v);
// The inverse of to_json (shards of `menger prove` cross processes and
// checkpoints as JSON); throws InputError on anything to_json does not write.
Verdict verdict_from_json(const nlohmann::json& j);
}  // namespace menger
