#include "claims/runner.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>

#include "claims/reliability_study.h"  // complete type for the study cache
#include "core/budget.h"
#include "core/error.h"
#include "core/checkpoint_file.h"
#include "core/input_file.h"
#include "core/json_io.h"
#include "core/shard_checkpoint.h"
#include "core/version.h"
#include "io/study_plot.h"
#include "setup/specs.h"

namespace menger {

namespace fs = std::filesystem;

std::size_t ProveReport::instances() const {
  std::size_t n = 0;
  for (const auto& c : claims) n += c.instances.size();
  return n;
}

std::size_t ProveReport::as_expected() const {
  std::size_t n = 0;
  for (const auto& c : claims)
    for (const auto& i : c.instances) n += i.as_expected();
  return n;
}

std::size_t ProveReport::errors() const {
  std::size_t n = figure_errors.size();
  for (const auto& c : claims) {
    n += !c.error.empty();
    for (const auto& i : c.instances) n += !i.error.empty();
  }
  return n;
}

std::vector<std::pair<fs::path, std::string>> collect_claim_files(const std::vector<fs::path>& paths) {
  std::vector<std::pair<fs::path, std::string>> out;
  for (const fs::path& p : paths) {
    if (!fs::exists(p)) throw InputError("no such claim file or directory: " + p.string());
    if (!fs::is_directory(p)) {
      out.emplace_back(p, p.stem().string());
      continue;
    }
    std::vector<fs::path> found;
    for (const auto& e : fs::recursive_directory_iterator(p))
      if (e.is_regular_file() && e.path().extension() == ".toml") found.push_back(e.path());
    std::sort(found.begin(), found.end());
    for (const fs::path& f : found) {
      fs::path rel = fs::relative(f, p);
      rel.replace_extension();
      out.emplace_back(f, rel.generic_string());
    }
  }
  return out;
}

namespace {

InstanceOutcome run_instance(const Claim& claim, const ClaimInstance& inst, const PropertyKind& kind,
                             RunContext& ctx) {
  InstanceOutcome o{inst, {}, std::nullopt, {}, 0};
  const auto start = std::chrono::steady_clock::now();
  // The instance's budget covers building its network and symmetry too.
  ctx.start_instance();
  try {
    const Checker checker =
        kind.prepare(instance_property(claim, inst, kind.keys->exclusive_keys()), "claim file " + claim.file.string(),
                     claim.file.parent_path());
    auto topology = build_topology(inst.model, claim.file.parent_path(), ctx.budget());
    o.canonical_model = topology->spec();
    o.result = checker(topology, ctx);
    // Ctrl-C ends the whole run: an instance it cut short is no verdict of the
    // claim's, and must never reach the checkpoint as one (an engine that
    // noticed it returned its own UNKNOWN instead of throwing).
    if (ctx.budget().cause() == StopCause::Interrupted) throw ctx.budget().exhausted("checking " + inst.model);
  } catch (const BudgetExhausted& e) {
    if (e.cause() == StopCause::Interrupted) throw;
    o.result = CheckResult{Unknown{e.what(), 0}, {std::string("UNKNOWN: ") + e.what() + "; nothing was decided"},
                           {{"budget_ran_out_while", e.phase()}, {"fraction_of_that_done", e.fraction_done()}}};
  } catch (const InputError& e) {
    o.error = e.what();
  } catch (const InternalError& e) {
    o.error = e.what();
  } catch (const std::bad_alloc&) {
    o.error = "out of memory while checking " + inst.model;
  }
  o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return o;
}

// Each combined figure once, with every curve the instances added: drawn
// here, after the last claim, it is the same whatever order the claims ran in.
std::vector<std::string> draw_figures(const RunContext& ctx) {
  std::vector<std::string> errors;
  for (const auto& [name, curves] : ctx.figures()) {
    try {
      draw_figure(name, curves, ctx.artifacts());
    } catch (const InputError& e) {
      errors.push_back("figure " + name + ": " + e.what());
    }
  }
  return errors;
}

}  // namespace

namespace {

// ---- a claim's outcome as JSON (shards cross processes and checkpoints) -----

nlohmann::json curve_json(const std::string& figure, const FigureCurve& c) {
  return {{"figure", figure}, {"label", c.label},       {"csv", c.csv},           {"xlabel", c.xlabel},
          {"ylabel", c.ylabel}, {"x_column", c.x_column}, {"y_column", c.y_column}, {"exact_column", c.exact_column},
          {"x_scale", c.x_scale}};
}

std::pair<std::string, FigureCurve> curve_from_json(const nlohmann::json& j) {
  FigureCurve c{json_at<std::string>(j, "label"), json_at<std::string>(j, "csv"), json_at<std::string>(j, "xlabel"),
                json_at<std::string>(j, "ylabel")};
  c.x_column = json_at<std::size_t>(j, "x_column");
  c.y_column = json_at<std::size_t>(j, "y_column");
  c.exact_column = json_at<std::size_t>(j, "exact_column");
  c.x_scale = json_at<double>(j, "x_scale");
  return {json_at<std::string>(j, "figure"), c};
}

nlohmann::json instance_json(const InstanceOutcome& o) {
  nlohmann::json result;
  if (o.result)
    result = {{"verdict", to_json(o.result->verdict)}, {"explanation", o.result->explanation},
              {"details", o.result->details}, {"paper_value", o.result->paper_value},
              {"menger_value", o.result->menger_value}};
  return {{"canonical_model", o.canonical_model}, {"result", result}, {"error", o.error}, {"seconds", o.seconds}};
}

InstanceOutcome instance_from_json(const ClaimInstance& inst, const nlohmann::json& j) {
  InstanceOutcome o{inst, json_at<std::string>(j, "canonical_model"), std::nullopt, json_at<std::string>(j, "error"),
                    json_at<double>(j, "seconds")};
  if (!j.contains("result")) throw InputError("missing field 'result'");
  if (const nlohmann::json& r = j.at("result"); !r.is_null()) {
    if (!r.contains("details")) throw InputError("missing field 'details'");
    o.result = CheckResult{verdict_from_json(r.value("verdict", nlohmann::json())),
                           json_at<std::vector<std::string>>(r, "explanation"), r.at("details"),
                           r.value("paper_value", std::string()), r.value("menger_value", std::string())};
  }
  return o;
}

// The curves the claims added to ctx since the last call, leaving it none.
nlohmann::json take_curves(RunContext& ctx) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& [name, curves] : ctx.take_figures())
    for (const FigureCurve& c : curves) out.push_back(curve_json(name, c));
  return out;
}

// ---- planning: the same on every process ------------------------------------

const PropertyKind& kind_of_claim(const Claim& claim, const fs::path& file) {
  if (const PropertyKind* kind = find_property_kind(claim.kind)) return *kind;
  std::string known;
  for (const auto& k : property_kinds()) known += (known.empty() ? "" : ", ") + k.name;
  throw InputError("claim file " + file.string() + ": unknown property kind '" + claim.kind + "' (known: " + known +
                   ")");
}

// The report's claims before any instance runs: each file read, filtered and
// checked for a duplicate id and a known kind (nullopt: filtered out).
std::optional<ClaimOutcome> plan_claim(const fs::path& file, const std::string& default_id, const ProveOptions& opts,
                                       std::set<std::string>& ids) {
  ClaimOutcome co;
  co.file = file;
  try {
    co.claim = read_claim(file, default_id);
    if (!opts.filter.empty() && co.claim->id.find(opts.filter) == std::string::npos) return std::nullopt;
    if (!ids.insert(co.claim->id).second)
      throw InputError("claim file " + file.string() + ": duplicate id " + co.claim->id);
    kind_of_claim(*co.claim, file);
  } catch (const InputError& e) {
    co.error = e.what();
  }
  return co;
}

void run_claim(ClaimOutcome& co, RunContext& ctx) {
  const PropertyKind& kind = kind_of_claim(*co.claim, co.file);
  for (const ClaimInstance& inst : co.claim->instances) co.instances.push_back(run_instance(*co.claim, inst, kind, ctx));
}

// A hash of a claim file's text, so that a checkpoint of an edited catalog is
// another question.  FNV-1a, 64 bits: change detection, not security, so no
// cryptographic library is worth a dependency here.
std::string text_hash(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::uint64_t h = 14695981039346656037ull;
  for (char c; in.get(c);) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  char out[17];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
  return out;
}

// ---- the sharded run: a checkpoint, a farm, or both --------------------------

class ShardedProve {
 public:
  ShardedProve(ProveReport& report, RunContext& ctx, const ProveOptions& opts) : report_(report), ctx_(ctx), opts_(opts) {
    for (std::size_t i = 0; i < report.claims.size(); ++i)
      if (report.claims[i].claim && report.claims[i].error.empty()) shards_.push_back(i);
  }

  void run() {
    if (opts_.farm) run_farm();
    else run_here();
    note_resumed();
    for (auto& [figure, curve] : curves_) ctx_.add_figure_curve(figure, std::move(curve));
  }

 private:
  ProveReport& report_;
  RunContext& ctx_;
  const ProveOptions& opts_;
  std::vector<std::size_t> shards_;  // report claims to check, in order
  std::optional<ShardCheckpoint> checkpoint_;
  std::vector<std::pair<std::string, FigureCurve>> curves_;  // merged, in shard order

  ClaimOutcome& claim(std::size_t shard) { return report_.claims[shards_[shard]]; }

  std::uint64_t taken_ = 0, rechecked_ = 0;  // records merged from the checkpoint, and checked again of those

  // The claim's outcome, the curves it added and the files it read (with
  // their digests: a record whose inputs changed is refused on resume).
  std::string settle(std::size_t shard) {
    ClaimOutcome co = claim(shard);  // a copy: the report's own is filled by merge()
    nlohmann::json inputs = nlohmann::json::object();
    {
      const InputWatch watch;
      run_claim(co, ctx_);
      for (const InputRecord& f : watch.files()) inputs[f.path] = f.digest;
    }
    nlohmann::json instances = nlohmann::json::array();
    for (const InstanceOutcome& o : co.instances) instances.push_back(instance_json(o));
    return json_text({{"instances", instances}, {"curves", take_curves(ctx_)}, {"inputs", inputs}});
  }

  // A record without what differs from run to run (its shard number and its
  // instances' seconds): what --recheck-resumed compares.
  static nlohmann::json comparable(nlohmann::json j) {
    j.erase("shard");
    j.erase("check");
    if (j.contains("instances") && j["instances"].is_array())
      for (auto& i : j["instances"])
        if (i.is_object()) i.erase("seconds");
    return j;
  }

  // Folds shard i's result into the report and its curves into curves_.
  // (The figures of ctx_ are only touched after the last shard: under a farm,
  // this process settles shards on another thread meanwhile.)
  void merge(std::size_t shard, const nlohmann::json& j) {
    ClaimOutcome& co = claim(shard);
    const auto instances = j.at("instances");
    if (!instances.is_array() || instances.size() != co.claim->instances.size())
      throw InputError("a record of " + co.file.string() + " does not hold one outcome per instance");
    for (std::size_t i = 0; i < instances.size(); ++i)
      co.instances.push_back(instance_from_json(co.claim->instances[i], instances[i]));
    for (const auto& c : j.at("curves")) curves_.push_back(curve_from_json(c));
  }

  // Opens the checkpoint, if any, and merges its records; returns the first
  // shard still to check.  Under a farm it runs in the job's start, where a
  // damaged file stops every process (the farm rethrows it on the coordinator).
  std::size_t replay() {
    if (opts_.checkpoint.empty()) return 0;
    checkpoint_.emplace(opts_.checkpoint, "menger-prove-checkpoint/2", question());
    const auto& records = checkpoint_->records();
    if (records.size() > shards_.size()) checkpoint_->damaged(shards_.size(), "it lies beyond the last claim");
    if (opts_.recheck_resumed) return 0;
    for (std::size_t i = 0; i < records.size(); ++i) {
      try {
        check_record(i);
        merge(i, records[i]);
        claim(i).resumed = true;
        ++taken_;
      } catch (const InputError& e) {
        checkpoint_->damaged(i, e.what());
      } catch (const nlohmann::json::exception& e) {
        checkpoint_->damaged(i, e.what());
      }
    }
    return records.size();
  }

  // Record i names its claim file, and the files it read are unchanged.
  void check_record(std::size_t i) const {
    const nlohmann::json& rec = checkpoint_->records()[i];
    require_keys(rec, {"shard", "file", "instances", "curves", "inputs"}, "a claim's record");
    if (json_at<std::string>(rec, "file") != claim_file(i))
      throw InputError("it holds claim file " + rec.value("file", std::string()) + ", not " + claim_file(i));
    if (!rec.contains("inputs") || !rec.at("inputs").is_object()) throw InputError("missing field 'inputs'");
    if (const std::string changed = changed_input(rec.at("inputs")); !changed.empty())
      throw InputError("its claim was checked with an input that changed since: " + changed);
  }

  std::string claim_file(std::size_t shard) const { return report_.claims[shards_[shard]].file.generic_string(); }

  void record(std::size_t shard, nlohmann::json j) {
    if (!checkpoint_) return;
    j["file"] = claim(shard).file.generic_string();
    if (shard < checkpoint_->records().size()) {  // recheck_resumed: the file holds this claim already
      if (comparable(j) != comparable(checkpoint_->records()[shard]))
        checkpoint_->damaged(shard, "checked again (--recheck-resumed), its claim gives " + json_text(comparable(j)));
      claim(shard).resumed = true;
      ++taken_;
      ++rechecked_;
      return;
    }
    checkpoint_->append(std::move(j));
  }

  void note_resumed() {
    if (checkpoint_ && taken_ > 0)
      report_.resumed = resumption(*checkpoint_, "claim files", taken_, rechecked_, "the input files they were checked with",
                                   "their instances' verdicts and details");
  }

  void progress(std::size_t shard) {
    if (opts_.progress) opts_.progress(shard, shards_.size(), claim(shard).file);
  }

  void run_here() {
    for (std::size_t i = replay(); i < shards_.size(); ++i) {
      progress(i);
      const nlohmann::json j = parse_json(settle(i), "a claim's outcome");
      merge(i, j);
      record(i, j);
    }
  }

  void run_farm() {
    ShardJob job;
    job.count = shards_.size();
    job.start = [&] { return replay(); };
    job.context = [&](std::size_t i) -> std::optional<std::string> {
      progress(i);
      return std::string();
    };
    job.work = [&](std::size_t i, const std::string&) { return settle(i); };
    job.merge = [&](std::size_t i, const std::string& text) {
      const nlohmann::json j = parse_json(text, "a claim's outcome from another process");
      merge(i, j);
      record(i, j);
      return true;
    };
    opts_.farm->run(job);
  }

  nlohmann::json question() const {
    nlohmann::json files = nlohmann::json::array();
    for (std::size_t i : shards_)
      files.push_back(report_.claims[i].file.generic_string() + " " + text_hash(report_.claims[i].file));
    return {{"claims", files},
            {"budget", opts_.budget ? nlohmann::json(opts_.budget->count()) : nlohmann::json()},
            {"artifacts", opts_.artifacts.generic_string()},
            {"menger", kVersion}};
  }
};

}  // namespace

ProveReport prove(const std::vector<fs::path>& paths, const ProveOptions& opts) {
  ProveReport report;
  RunContext ctx(opts.budget, opts.artifacts, opts.root_budget, opts.instance_progress);
  std::set<std::string> ids;
  const auto files = collect_claim_files(paths);
  for (const auto& [file, default_id] : files)
    if (auto co = plan_claim(file, default_id, opts, ids)) report.claims.push_back(std::move(*co));
  if (opts.farm || !opts.checkpoint.empty()) {
    ShardedProve(report, ctx, opts).run();
    if (opts.farm && !opts.farm->coordinator()) return report;  // rank 0 draws the figures
  } else {
    std::size_t done = 0;
    for (ClaimOutcome& co : report.claims) {
      if (opts.progress) opts.progress(done++, report.claims.size(), co.file);
      if (co.claim && co.error.empty()) run_claim(co, ctx);
    }
  }
  report.figure_errors = draw_figures(ctx);
  return report;
}

}  // namespace menger
