// menger credit-loops DIR: can the routing OpenSM programmed into an
// InfiniBand subnet deadlock?  DIR holds OpenSM's dump files
// (models/infiniband_fabric.h); the routing is opensm-tables
// (models/routing_infiniband.cpp), a buffer is a (link direction, VL) pair, and
// the engine is the deadlock engine's Dally-Seitz check (verify/deadlock/deadlock.h):
// InfiniBand forwarding is deterministic, so a cycle is a credit loop, with one
// packet per buffer to fill it.  Reports name switches by description and
// GUID, ports by their physical numbers, lanes by VL.
#include <fstream>
#include <iostream>
#include <set>

#include "cli/commands.h"
#include "cli/question_options.h"
#include "core/error.h"
#include "core/json_io.h"
#include "core/version.h"
#include "models/infiniband_fabric.h"
#include "setup/credit_loops.h"
#include "setup/setup.h"
#include "verify/deadlock/deadlock_evidence.h"
#include "verify/route/route_witness.h"

namespace menger {

namespace {

struct CreditLoopArgs {
  CreditLoopsQuestion q;
  std::string dir, fabric, certificate, witness;
  bool json = false;
};

std::string buffer_text(const InfinibandFabric& fabric, const Buffer& b) {
  return fabric.describe(b.tail) + " port " + std::to_string(b.port) + " VL " + std::to_string(b.vl) + " -> " +
         fabric.label(b.head) + " port " + std::to_string(b.head_port);
}

std::string packet_text(const InfinibandFabric& fabric, const PacketRef& p) {
  return "LID " + std::to_string(fabric.info(p.src).lid) + " -> LID " + std::to_string(fabric.info(p.dst).lid) + " (" +
         fabric.label(p.src) + " -> " + fabric.label(p.dst) + ")";
}

void print_summary(const InfinibandFabric& fabric, const Network& net, const Routing& routing,
                   const DependencyAnalysis& a) {
  NodeId switches = 0;
  for (NodeId v = 0; v < net.num_nodes(); ++v) switches += fabric.info(v).is_switch;
  const ChannelSpace space(net, a.vcs);
  std::set<unsigned> vls;
  for (ChannelId c : a.escape_channels_used) vls.insert(space.info(c).vc);
  std::cout << "subnet       " << fabric.dump_dir().string() << ": " << switches << " switches, "
            << net.num_nodes() - switches << " adapter ports, " << net.num_links() << " links\n"
            << "routing      " << routing.spec() << "\n"
            << "paths        " << a.packets << " adapter-port pairs, " << a.direct_dependencies
            << " buffer dependencies over " << a.escape_channels_used.size() << " (link, VL) buffers, VLs used:";
  for (unsigned vl : vls) std::cout << " " << vl;
  std::cout << "; " << a.seconds << " s\n";
}

void print_loop(const InfinibandFabric& fabric, const Network& net, const DependencyAnalysis& a) {
  const ChannelSpace space(net, a.vcs);
  std::cout << "verdict      CREDIT LOOP through " << a.cycle.size() << " buffers\n";
  for (std::size_t i = 0; i < a.cycle.size(); ++i) {
    const auto& d = a.cycle[i];
    std::cout << "  " << i + 1 << ". " << buffer_text(fabric, buffer_of(net, fabric, space, d.from)) << "\n"
              << "       held by a packet " << packet_text(fabric, d.packet) << " that waits for buffer "
              << (i + 2 > a.cycle.size() ? 1 : i + 2) << "\n";
  }
}

void print_text(const CreditLoopArgs& args, const Answer& a) {
  const Network& net = *a.subject.net;
  const InfinibandFabric& fabric = fabric_of(a);
  const DeadlockResult& r = a.result_as<DeadlockResult>();
  print_summary(fabric, net, *a.subject.routing, r.plain);
  if (!r.plain.acyclic) print_loop(fabric, net, r.plain);
  else std::cout << "verdict      NO CREDIT LOOPS: the (link, VL) buffer dependency graph is acyclic (Dally and Seitz)\n";
  if (r.plain.gap) std::cout << "unrouted     " << r.plain.gap->what << "\n";
  if (a.recheck) std::cout << "re-checked   " << (a.recheck->valid ? a.recheck->summary : "INVALID") << "\n";
  if (a.recheck && !a.recheck->valid)
    for (const auto& p : a.recheck->problems) std::cout << "problem      the evidence does not check: " << p << "\n";
  if (!a.unchecked.empty()) std::cout << "not checked  the evidence was not re-checked: " << a.unchecked << "\n";
  const auto* ev = std::get_if<DeadlockEvidence>(&a.evidence);
  if (ev && !ev->deadlock && !args.certificate.empty())
    std::cout << "certificate  written to " << args.certificate << " (menger check-cert " << args.certificate << ")\n";
  if (ev && ev->deadlock && !args.witness.empty())
    std::cout << "witness      written to " << args.witness << " (menger replay " << args.witness << ")\n";
}

int run_credit_loops(const CreditLoopArgs& args, const Budget& budget) {
  const Answer a = answer_credit_loops(args.dir, args.fabric, args.q, Context{budget, {}, nullptr});
  if (const auto* ev = std::get_if<DeadlockEvidence>(&a.evidence)) write_deadlock_evidence(*ev, args.certificate, args.witness);
  if (args.json) std::cout << json_text(to_json(a, Timings::Include), 2) << "\n";
  else print_text(args, a);
  if (a.recheck && !a.recheck->valid) return 3;
  if (a.verdict == VerdictKind::Fails) return 1;
  return a.verdict == VerdictKind::Holds ? 0 : 4;  // 4: e.g. a pair OpenSM left unrouted
}

}  // namespace

void add_credit_loops_command(CLI::App& app, CommandRegistry& commands) {
  auto a = std::make_shared<CreditLoopArgs>();
  auto* sub = app.add_subcommand("credit-loops", "InfiniBand: credit loops of the routing OpenSM programmed "
                                                 "(its dump files: opensm-subnet.lst, opensm-lfts.dump, ...)");
  sub->add_option("dir", a->dir, "OpenSM dump directory (--dump_files_dir), with path-sls.txt")->required();
  sub->add_option("--fabric", a->fabric, "read the fabric from this ibnetdiscover output, or from a subnet list "
                                         "when the name ends in .lst (ibdiagnet.lst), not DIR/opensm-subnet.lst");
  add_question_options(sub, a->q);
  sub->add_option("--certificate", a->certificate, "write the loop-free certificate (JSON) for `menger check-cert`");
  sub->add_option("--witness", a->witness, "write the credit loop as a deadlock witness for `menger replay`");
  sub->add_flag("--json", a->json, "print JSON");
  add_help_footer(sub, "  menger credit-loops proofs/known/infiniband/torus-4x4-minhop --witness loop.json\n",
                  "0 no credit loop, 1 a credit loop (a witness), 4 no loop among the routed pairs but OpenSM left "
                  "some pair unrouted");
  commands.emplace_back(sub, [a](const Invocation& in) { return run_credit_loops(*a, in.root); });
}

}  // namespace menger
