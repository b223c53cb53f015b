#include "cli/commands.h"

namespace menger {

void register_commands(CLI::App& app, CommandRegistry& commands, const ShardFarm* farm) {
  add_list_command(app, commands);
  add_info_command(app, commands);
  add_export_command(app, commands);
  add_prove_command(app, commands);
  add_tolerance_command(app, commands);
  add_check_cert_command(app, commands);
  add_route_check_command(app, commands, farm);
  add_deadlock_command(app, commands);
  add_credit_loops_command(app, commands);
  add_montecarlo_command(app, commands);
}

}  // namespace menger
