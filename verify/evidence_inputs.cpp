#include "verify/evidence_inputs.h"

#include <cctype>

#include "core/checkpoint_file.h"
#include "core/error.h"
#include "core/input_file.h"
#include "core/text.h"

namespace menger {

namespace {

bool is_digest(const std::string& d) {
  constexpr std::string_view kPrefix = "sha256:";
  if (d.size() != kPrefix.size() + 64 || d.compare(0, kPrefix.size(), kPrefix) != 0) return false;
  for (std::size_t i = kPrefix.size(); i < d.size(); ++i)
    if (!std::isxdigit(static_cast<unsigned char>(d[i])) || std::isupper(static_cast<unsigned char>(d[i]))) return false;
  return true;
}

}  // namespace

// The same files a checkpoint's question names (core/checkpoint_file.h): one
// rule for what a question was computed from.
EvidenceInputs evidence_inputs(const Network& net, const Routing* routing) {
  return question_inputs(net.topology(), routing).get<EvidenceInputs>();
}

nlohmann::json inputs_json(const EvidenceInputs& inputs) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [path, digest] : inputs) j[path] = digest;
  return j;
}

EvidenceInputs inputs_from_json(const nlohmann::json& j) {
  if (!j.is_object()) throw InputError("field 'inputs' must be an object of file digests");
  EvidenceInputs out;
  for (const auto& [path, digest] : j.items()) {
    if (!digest.is_string() || !is_digest(digest.get<std::string>()))
      throw InputError("inputs: the digest of " + excerpt(path) + " must be \"sha256:\" and 64 hex digits");
    out[path] = digest.get<std::string>();
  }
  return out;
}

std::vector<std::string> changed_inputs(const EvidenceInputs& recorded) {
  std::vector<std::string> problems;
  for (const auto& [path, digest] : recorded) {
    const std::string now = current_digest(path);
    if (now.empty())
      problems.push_back("input " + path + " was read with digest " + digest +
                         " but cannot be read now: the evidence cannot be tied to the file");
    else if (now != digest)
      problems.push_back("input " + path + " has changed since the evidence was computed (" + digest + " then, " +
                         now + " now): the re-check would answer another question");
  }
  return problems;
}

}  // namespace menger
