// boardlab: play, check and measure board games defined in YAML and Lua.
#include <fmt/format.h>

#include <iostream>
#include <map>

#include "commands.h"
#include "common.h"
#include "core/diagnostics.h"
#include "version.h"

using namespace boardlab;
using namespace boardlab::cli;

int main(int argc, char** argv) {
  CLI::App app{"boardlab: a data-driven board-game interpreter"};
  app.require_subcommand(1);
  app.set_version_flag("--version", fmt::format("boardlab {}{}", kVersion, *kCommit ? fmt::format(" (commit {})", kCommit) : ""));
  std::map<std::string, Runner> runners;
  for (auto add : {add_list, add_options, add_check, add_moves, add_perft, add_bench, add_play, add_playouts, add_agents, add_match, add_agent, add_replay, add_simulate, add_merge,
                   add_compare, add_sweep, add_new, add_test, add_train, add_serve, add_help}) {
    Runner r = add(app);
    runners[app.get_subcommands({}).back()->get_name()] = r;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? kExitOk : kExitUsage;
  }
  try {
    return runners.at(app.get_subcommands().front()->get_name())();
  } catch (const DefinitionError& e) {
    std::cerr << e.what();
    return kExitUsage;
  } catch (const UsageError& e) {
    std::cerr << "boardlab: " << e.what() << "\n";
    return kExitUsage;
  } catch (const std::invalid_argument& e) {  // the library's word for bad input
    std::cerr << "boardlab: " << e.what() << "\n";
    return kExitUsage;
  } catch (const ScriptError& e) {
    std::cerr << "boardlab: script error: " << e.what() << "\n";
    return kExitFailure;
  } catch (const std::exception& e) {
    std::cerr << "boardlab: " << e.what() << "\n";
    return kExitFailure;
  }
}
