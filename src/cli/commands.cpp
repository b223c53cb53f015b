#include "cli/commands.h"

#include <array>

namespace menger {

bool spreads_over_ranks(std::string_view verb) {
  // The verbs whose engines hand their shards to a ShardFarm; the others
  // would only run the same work R times, so mpirun -n R > 1 refuses them.
  static constexpr std::array<std::string_view, 6> kSpread{"route-check", "deadlock",      "tolerance",
                                                           "montecarlo",  "opensm-faults", "prove"};
  for (std::string_view v : kSpread)
    if (v == verb) return true;
  return false;
}

std::string ranked_verbs() {
  std::string out;
  for (std::string_view v : {"route-check", "deadlock", "tolerance", "montecarlo", "opensm-faults", "prove"})
    if (spreads_over_ranks(v)) out += (out.empty() ? "" : ", ") + std::string(v);
  return out;
}

void register_commands(CLI::App& app, CommandRegistry& commands, const ShardFarm* farm) {
  add_list_command(app, commands);
  add_info_command(app, commands);
  add_export_command(app, commands);
  add_prove_command(app, commands, farm);
  add_tolerance_command(app, commands, farm);
  add_check_cert_command(app, commands);
  add_check_proof_command(app, commands);
  add_route_check_command(app, commands, farm);
  add_deadlock_command(app, commands, farm);
  add_credit_loops_command(app, commands);
  add_opensm_faults_command(app, commands, farm);
  add_montecarlo_command(app, commands, farm);
}

}  // namespace menger
