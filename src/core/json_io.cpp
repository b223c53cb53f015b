#include "core/json_io.h"

#include <unordered_set>


namespace menger {

namespace {

// Tracks the keys of every object still open, to refuse one written twice.
class DuplicateKeys {
 public:
  DuplicateKeys(std::string_view what, const Budget& budget) : what_(what), budget_(&budget) {}

  bool operator()(int, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
    using Event = nlohmann::json::parse_event_t;
    if (++events_ % 4096 == 0) budget_->check("parsing " + std::string(what_));
    switch (event) {
      case Event::object_start:
        open_.emplace_back();
        path_.emplace_back();
        break;
      case Event::object_end:
        open_.pop_back();
        path_.pop_back();
        break;
      case Event::key: {
        std::string key = parsed.get<std::string>();
        if (!open_.back().insert(key).second)
          throw InputError(std::string(what_) + ": the key \"" + key + "\" appears twice in one object" +
                           where() + " (which one is meant?)");
        path_.back() = std::move(key);
        break;
      }
      default:
        break;
    }
    return true;
  }

 private:
  std::string where() const {
    std::string at;
    for (std::size_t i = 0; i + 1 < path_.size(); ++i) at += "/" + path_[i];
    return at.empty() ? "" : " (at " + at + ")";
  }
  std::string_view what_;
  const Budget* budget_;
  std::vector<std::unordered_set<std::string>> open_;
  std::vector<std::string> path_;  // the key being read at each open object
  std::uint64_t events_ = 0;
};

}  // namespace

nlohmann::json parse_json(std::string_view text, std::string_view what, const Budget& budget) {
  DuplicateKeys keys(what, budget);
  try {
    return nlohmann::json::parse(text.begin(), text.end(), std::ref(keys));
  } catch (const nlohmann::json::exception& e) {
    throw InputError(std::string(what) + " is not JSON: " + e.what());
  }
}

void require_keys(const nlohmann::json& j, std::initializer_list<std::string_view> known, std::string_view what) {
  if (!j.is_object()) return;
  for (const auto& [key, value] : j.items()) {
    bool ok = false;
    for (std::string_view k : known) ok = ok || k == key;
    if (!ok) {
      std::string list;
      for (std::string_view k : known) list += (list.empty() ? "" : ", ") + std::string(k);
      throw InputError(std::string(what) + ": unknown key \"" + key + "\" (expected " + list + ")");
    }
  }
}

}  // namespace menger
