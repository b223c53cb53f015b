// The `opensm-faults` property kind: after every set of <= k failed links or
// switches, do the tables OpenSM itself computes again stay free of credit
// loops and route every pair the subnet manager reaches?  (issue 41)
//
//   [property]
//   kind = "opensm-faults"
//   engine = "updn"            # OpenSM's -R name
//   faults = "links"           # links (between switches) | switches | links+switches
//   k = 1
//   roots = "torus.roots"      # optional files, resolved beside the claim file
//   sls = "zero"               # optional: path SLs (file: asked of the SA; zero: SL 0)
//
//   [[instance]]
//   model = 'ibsim(file="infiniband/torus-4x4.net")'
//
// Every key is a field of the question (src/question/opensm_faults_question.h);
// the model must be an ibsim(file=...) fabric, which OpenSM routes under ibsim
// (src/setup/opensm_faults.h).  HOLDS: no set fails; FAILS carries the least
// failing set, and for a credit loop the loop, re-checked by the independent
// checker of verify/check/ before the verdict is reported.
#include "claims/property.h"
#include "claims/property_keys.h"
#include "claims/question_keys.h"
#include "core/error.h"
#include "models/ibsim_net.h"
#include "setup/opensm_faults.h"

namespace menger {

namespace {

struct SmClaim {
  OpensmFaultsQuestion q;
  std::filesystem::path base_dir;
};

const PropertyKeys& sm_keys() {
  static const PropertyKeys keys(
      "opensm-faults",
      "after every set of <= k failed links or switches, OpenSM's re-computed tables have no credit loop and route "
      "every pair the subnet manager reaches (OpenSM run under ibsim)",
      question_keys<OpensmFaultsQuestion>());
  return keys;
}

SmClaim read_opensm_faults_claim(const PropertyValues& v, const std::string&) {
  SmClaim c{{}, v.base_dir()};
  read_question_keys(v, c.q);
  return c;
}

void fill_cells(CheckResult& out, const SmClaim& c, const Answer& a) {
  const OpensmFaultsResult& r = a.result_as<OpensmFaultsResult>();
  out.paper_value = "loop-free (<= " + std::to_string(c.q.k) + ")";
  if (a.verdict == VerdictKind::Holds) out.menger_value = out.paper_value;
  else if (const auto* least = r.least_failing())
    out.menger_value = std::string(to_string(least->kind)) + " at " + std::to_string(least->units.size());
  else out.menger_value = "unknown";
}

CheckResult check_opensm_faults_claim(const SmClaim& c, const std::shared_ptr<const Topology>& topology, RunContext& ctx) {
  const auto net = ibsim_net_file(*topology);
  if (!net)
    throw InputError("the opensm-faults kind asks OpenSM to route a fabric file: its model is ibsim(file=...), not " +
                     topology->spec());
  const Answer a = answer_opensm_faults(*net, c.q, Context{ctx.budget(), ctx.progress(), nullptr}, c.base_dir);
  const OpensmFaultsResult& r = a.result_as<OpensmFaultsResult>();
  CheckResult out{Holds{}, {}, nlohmann::json::object()};
  fill_cells(out, c, a);
  out.explanation.push_back("claim: OpenSM " + c.q.engine + " re-routes " + topology->spec() +
                            " without credit loops or unrouted pairs after every set of <= " + std::to_string(c.q.k) +
                            " failed " + c.q.faults);
  std::size_t clean = 0;
  for (const auto& s : r.sets) clean += s.kind == SmFaultSetOutcome::Kind::Clean;
  out.explanation.push_back(std::to_string(r.sets.size()) + " of " + std::to_string(r.total_sets) +
                            " fault sets routed by OpenSM and checked: " + std::to_string(clean) + " clean, " +
                            std::to_string(r.failing()) + " failing");
  out.details = {{"engine", c.q.engine}, {"k", c.q.k}, {"faults", c.q.faults}, {"result", to_json(a, Timings::Omit)}};
  if (a.recheck && !a.recheck->valid) throw InternalError("the credit loop's evidence does not check");
  if (a.recheck) out.explanation.push_back("re-checked independently: " + a.recheck->summary);
  if (const auto* least = r.least_failing()) {
    out.explanation.push_back("least failing set: " + r.set_text(*least) + " (" + to_string(least->kind) +
                              (least->detail.empty() ? "" : ": " + least->detail) + ")");
    std::string loop;
    if (least->kind == SmFaultSetOutcome::Kind::CreditLoop)
      for (const auto& b : least->check.at("loop"))
        loop += (loop.empty() ? "" : " -> ") + b.at("node").get<std::string>() + "[" + b.at("port").dump() + "] VL " +
                b.at("vl").dump();
    if (!loop.empty()) out.explanation.push_back("credit loop: " + loop);
  }
  out.verdict = verdict_of(a);
  return out;
}

}  // namespace

PropertyKind opensm_faults_property_kind() { return table_property_kind(sm_keys(), read_opensm_faults_claim, check_opensm_faults_claim); }

}  // namespace menger
