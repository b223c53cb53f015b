// Property kinds of the claim runner.  A kind reads the [property] table of a
// claim once (validating it through its key table) and returns a checker that
// evaluates one model.  Each engine registers its kind next to `structure` in
// property_kinds.cpp, through table_property_kind below.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <utility>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <toml++/toml.h>

#include "claims/property_keys.h"
#include "core/budget.h"
#include "core/progress.h"
#include "core/topology.h"
#include "core/verdict.h"
#include "io/figure.h"
#include "verify/structure/structure.h"

namespace menger {

struct CheckResult {
  Verdict verdict;
  std::vector<std::string> explanation;  // human lines: what was compared, the witness
  nlohmann::json details;                // the same, for machines
  // The paper's number and Menger's, short enough for a table cell (the
  // report shows them side by side); empty where the claim states no number.
  std::string paper_value{}, menger_value{};
};

// Shared state of one `menger prove` run: the per-instance budget and caches
// that let several claims about one model reuse its expensive facts.
struct StudyRequest;
struct StudyResult;

class RunContext {
 public:
  // `root`: the command's budget (its memory limit and cancellation); each
  // instance gets `seconds` of it from its start (none: no time limit).
  // `progress`: where the engines of an instance report (empty: nowhere).
  explicit RunContext(std::optional<std::chrono::seconds> seconds, std::filesystem::path artifacts = {},
                      Budget root = Budget(), Progress progress = {})
      : seconds_(seconds), artifacts_(std::move(artifacts)), root_(std::move(root)), instance_(root_),
        progress_(std::move(progress)) {}
  // Starts an instance: its budget covers building its network and symmetry
  // and every engine it asks.
  void start_instance();
  // The budget of the instance being checked.
  const Budget& budget() const { return instance_; }
  const Progress& progress() const { return progress_; }
  // Structural facts of a model, shared by every claim naming the same spec.
  // The deadline is set when the facts are first requested.
  StructureFacts& structure(const std::shared_ptr<const Topology>& topology);
  // The reliability study of a model, run once per model and parsed request
  // (reliability_study.h's canonical_text: "0..20" and "0..20:1" are one
  // request), so that several claims about one curve sample it once.  A study
  // the budget cut short is run again when asked for again; the deadline is
  // set when a study starts.
  std::shared_ptr<const StudyResult> study(const std::shared_ptr<const Topology>& topology, const StudyRequest& request);
  // Where claims write their artifacts (CSV, plots); empty: nowhere.
  const std::filesystem::path& artifacts() const { return artifacts_; }
  // Combined figures: instances add their curves while the claims run, and
  // the runner draws each figure once after the last claim (io/study_plot.h's
  // draw_figure sorts the curves, so the figure does not depend on the order
  // the claims ran in).
  void add_figure_curve(const std::string& figure, FigureCurve curve) { figures_[figure].push_back(std::move(curve)); }
  const std::map<std::string, std::vector<FigureCurve>>& figures() const { return figures_; }
  // The curves added so far, leaving none (a shard of `menger prove` sends its claim's curves to the coordinator).
  std::map<std::string, std::vector<FigureCurve>> take_figures() { return std::exchange(figures_, {}); }

 private:
  std::optional<std::chrono::seconds> seconds_;
  std::filesystem::path artifacts_;
  Budget root_;
  Budget instance_;
  Progress progress_;
  std::map<std::string, std::shared_ptr<const StudyResult>> studies_;
  std::map<std::string, std::vector<FigureCurve>> figures_;
  std::map<std::string, std::unique_ptr<StructureFacts>> structure_;
};

using Checker = std::function<CheckResult(const std::shared_ptr<const Topology>&, RunContext&)>;

struct PropertyKind {
  std::string name;
  std::string description;
  // Validates the [property] table (throws InputError naming `where`) and
  // returns the checker; relative file names in its specs resolve in `base_dir`.
  std::function<Checker(const toml::table& property, const std::string& where, const std::filesystem::path& base_dir)>
      prepare;
  // The kind's [property] keys (property_keys.h): its parser, its errors, the
  // keys an instance override replaces and its lines in `menger list`.
  const PropertyKeys* keys = nullptr;
};

// The registration every kind shares: its table (which names and describes
// the kind) reads the [property] values once per instance, `read` turns them
// into the kind's claim (throwing InputError naming `where` for what the table
// cannot say), and `check` evaluates the claim on each model.
template <class Claim>
PropertyKind table_property_kind(const PropertyKeys& keys, Claim (*read)(const PropertyValues&, const std::string& where),
                                 CheckResult (*check)(const Claim&, const std::shared_ptr<const Topology>&, RunContext&)) {
  PropertyKind k{keys.kind(), keys.description(), {}, &keys};
  k.prepare = [&keys, read, check](const toml::table& prop, const std::string& where,
                                   const std::filesystem::path& base_dir) -> Checker {
    auto claim = std::make_shared<const Claim>(read(keys.read(prop, where, base_dir), where));
    return [claim, check](const std::shared_ptr<const Topology>& t, RunContext& ctx) { return check(*claim, t, ctx); };
  };
  return k;
}

const std::vector<PropertyKind>& property_kinds();
const PropertyKind* find_property_kind(const std::string& name);

// The kinds, defined one per file.
PropertyKind structure_property_kind();
PropertyKind tolerance_property_kind();
PropertyKind route_tolerance_property_kind();
PropertyKind deadlock_free_property_kind();
PropertyKind estimate_property_kind();
PropertyKind same_routing_property_kind();
PropertyKind opensm_faults_property_kind();

}  // namespace menger
