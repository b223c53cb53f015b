#include "claims/runner.h"

#include <algorithm>
#include <set>

#include "claims/reliability_study.h"  // complete type for the study cache
#include "core/deadline.h"
#include "core/error.h"
#include "io/study_plot.h"
#include "models/registry.h"

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
  // The instance's budget covers building its network and symmetry too
  // (core/deadline.h); the engines' own deadlines end no later.
  const DeadlineScope budget_scope(ctx.budget() ? std::optional(start + *ctx.budget()) : std::nullopt);
  try {
    const Checker checker =
        kind.prepare(instance_property(claim, inst, kind.keys->exclusive_keys()), "claim file " + claim.file.string());
    auto topology = Registry::builtin().build(inst.model, claim.file.parent_path());
    o.canonical_model = topology->spec();
    o.result = checker(topology, ctx);
  } catch (const BudgetExhausted& e) {
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

ProveReport prove(const std::vector<fs::path>& paths, const ProveOptions& opts) {
  ProveReport report;
  RunContext ctx(opts.budget, opts.artifacts);
  std::set<std::string> ids;
  const auto files = collect_claim_files(paths);
  std::size_t done = 0;
  for (const auto& [file, default_id] : files) {
    if (opts.progress) opts.progress(done++, files.size(), file);
    ClaimOutcome co;
    co.file = file;
    try {
      co.claim = read_claim(file, default_id);
      if (!opts.filter.empty() && co.claim->id.find(opts.filter) == std::string::npos) continue;
      if (!ids.insert(co.claim->id).second) throw InputError("claim file " + file.string() + ": duplicate id " + co.claim->id);
      const PropertyKind* kind = find_property_kind(co.claim->kind);
      if (!kind) {
        std::string known;
        for (const auto& k : property_kinds()) known += (known.empty() ? "" : ", ") + k.name;
        throw InputError("claim file " + file.string() + ": unknown property kind '" + co.claim->kind +
                         "' (known: " + known + ")");
      }
      for (const ClaimInstance& inst : co.claim->instances)
        co.instances.push_back(run_instance(*co.claim, inst, *kind, ctx));
    } catch (const InputError& e) {
      co.error = e.what();
    }
    report.claims.push_back(std::move(co));
  }
  report.figure_errors = draw_figures(ctx);
  return report;
}

}  // namespace menger
