// A reliability study (issue 6): one of the papers' experiments run on one
// model over a list of points, shared by `menger montecarlo` and the
// `estimate` claim kind so that both compute the same numbers the same way.
//
//   completeness  001 section 4: random component faults until the network is
//                 incomplete; P(complete | f) for f = 0..max_faults and the
//                 expected number of faults tolerated.  `best_of` N repeats it
//                 on wirings seed=1..N and keeps the best ("ten random networks
//                 were generated, and the one with the highest fault-tolerant
//                 characteristics was selected", 001 section 5).  Exact
//                 P(complete | f) by enumeration wherever C(units, f) <= exact_limit.
//   routing       002 and 004 section 4: per point, m faulty units, a random pair
//                 of healthy terminals, every routing on the same configuration.
//                 Exact values by enumeration (exact_routing.h) wherever the runs
//                 it costs are at most exact_limit.
//                 Points are fault counts, or rates of the units (m = round(rate x units),
//                 004: "20% (1152 faulty nodes)" of 5760).
//   combinations  003 section 5: per point, m faulty units; the combination is
//                 tolerated when every routing delivers every pair the faults
//                 leave connected (verify/reliability/reliability.h).  Exact fractions by
//                 enumerating every combination wherever its worst-case runs
//                 are at most exact_limit (exact_combinations).
// Trials of point m draw from streams keyed by m (montecarlo.h), so adding a
// point never changes another point's numbers.
//
// Under a farm (request.sampling.farm: mpirun), every process runs the study
// in step (montecarlo.h, "Processes").  Which samples a study runs, and in
// what order, depends on the request only (a deadline, the one thing that
// could cut a routing curve short, is refused under a farm), so every process
// makes the same calls.  Exact values and the checkpoint are the
// coordinator's alone, and only its result holds the study.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/number_text.h"  // parse_points, parse_number: the points of a request
#include "core/routing.h"
#include "core/topology.h"
#include "io/study_output.h"   // the study's table, CSV and JSON
#include "io/study_plot.h"     // its plots and combined figures
#include "verify/reliability/study_result.h"
#include "question/montecarlo_question.h"
#include "setup/answer.h"
#include "verify/reliability/montecarlo.h"
#include "verify/route/route_run.h"

namespace menger {

struct StudyRequest {
  std::string experiment;              // completeness | routing | combinations
  std::string faults;                  // unit choice (fault_model.h); default: components / nodes
  std::vector<std::string> routings;   // routing: the routings compared
  std::vector<std::size_t> counts;     // routing: fault counts, or
  std::vector<double> rates;           //   fault rates in [0, 1]
  std::optional<std::size_t> max_faults;  // completeness: the curve's last f (default: all units)
  std::uint64_t best_of = 0;           // completeness: wirings seed=1..best_of, keep the best
  std::uint64_t exact_limit = 0;       // completeness: enumerate when C(units, f) <= this;
                                       // routing: when exact_routing_cost() <= this;
                                       // combinations: when exact_combinations_cost() <= this
  std::uint32_t hop_limit = 0;
  ChoiceRule choices = ChoiceRule::Every;  // how adaptive choices are read (verify/route/route_run.h)
  bool naive = false;                  // the blind baseline (bench/): completeness and combinations
                                       //   without their shortcuts, exact routing from every terminal
  SampleOptions sampling;              // seed, trials, half_width, confidence, deadline
  // Builds each of `routings` on the study's network; unset: the built-in
  // registry (models/routing_registry.h).  The Python package hands one that
  // also knows routings written in Python (python/src/verbs.cpp).  Not part of
  // the question (canonical_text): a spec names one routing either way.
  std::function<std::unique_ptr<Routing>(const std::string& spec, const Network& net)> routing_builder;
  // Where relative file names in `routings` resolve (the claim file's
  // directory; empty: the working directory).  Not in canonical_text, which
  // checkpoints carry: a claim's study cache keys on it (RunContext::study).
  std::filesystem::path base_dir;
};

// The study question `q` asks, comparing `routings` (the subject): the one
// place a montecarlo question becomes a request, for every front end (issue
// 37).  Throws InputError, naming fields as `front` spells them after
// `where` (a claim's place; "" for the others), for points that do not parse
// and for options that belong to another experiment.  The deadline, the farm
// and the routing builder are the caller's.
StudyRequest study_request(const MonteCarloQuestion& q, std::vector<std::string> routings, question::Front front,
                           const std::string& where = {});

// The request as one canonical text: every field that decides the result
// (not the deadline), numbers written exactly, the default fault units spelled
// out.  Two requests with the same text give the same study, however the claim
// file wrote them ("0..20" and "0..20:1"; an omitted faults and its default).
std::string canonical_text(const StudyRequest& request);

// Throws InputError on a bad request (unknown experiment, routing, fault kind,
// impossible counts, a deadline under a farm).
StudyResult run_study(const std::shared_ptr<const Topology>& topology, const StudyRequest& request);

// The same study with a checkpoint (verify/reliability/montecarlo_checkpoint.h): settled
// shards are read from `checkpoint` and new ones appended, so that a run
// killed and started again gives the uninterrupted result.  The file is bound
// to study_question(); another question's file is refused (InputError).  The
// result's `resumed` says how many shards came from the file; with
// `recheck_resumed` each is sampled again and compared with its record.
StudyResult run_study(const std::shared_ptr<const Topology>& topology, const StudyRequest& request,
                      const std::filesystem::path& checkpoint, bool recheck_resumed = false);
// The montecarlo question answered (src/setup/answer.h), for the CLI and
// Python: `request` (study_request of q, with the caller's routing builder)
// run under `ctx`, from q's checkpoint when it names one.  ESTIMATE when every
// point was sampled as asked (the estimates are the result's curve), UNKNOWN
// with the trials done when the budget ran out.  Its subject is the study's:
// each routing builds its own network of `topology`.
Answer answer_montecarlo(const MonteCarloQuestion& q, StudyRequest request,
                         const std::shared_ptr<const Topology>& topology, const Context& ctx);

// What a checkpoint names: the model's canonical spec, the canonical request, the tool version.
nlohmann::json study_question(const Topology& topology, const StudyRequest& request);

}  // namespace menger
