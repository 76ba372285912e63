// `boardlab list` (the bundled games and the user's), `boardlab options` (a game's options),
// `boardlab help` and `boardlab check` (a definition's errors, then random games checking the
// runtime's invariants).
#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <iostream>

#include "agents/agent.h"
#include "commands.h"
#include "common.h"
#include "core/text.h"
#include "definition/bundled.h"
#include "rules/invariants.h"
#include "rules/rule_tests.h"

namespace boardlab::cli {

Runner add_list(CLI::App& app) {
  app.add_subcommand("list", "List the bundled games and variants, then the games in your game folders");
  return [] {
    const auto bundled = bundled_definitions(), yours = user_definitions();
    size_t width = 0;
    for (const auto& list : {bundled, yours})
      for (const auto& path : list) width = std::max(width, std::filesystem::path(path).stem().string().size());
    // Names and titles come from strangers' files: control characters are shown, not sent to
    // the terminal.
    auto print = [&](const std::string& path) {
      const std::string stem = escape_control(std::filesystem::path(path).stem().string());
      try {
        fmt::print("{:<{}}  {}\n", stem, width, escape_control(load_game_def(path)->title));
      } catch (const std::exception& e) {
        const std::string what = e.what();
        fmt::print("{:<{}}  (does not load: {})\n", stem, width, escape_control(what.substr(0, what.find('\n'))));
      }
    };
    for (const auto& path : bundled) print(path);
    if (!yours.empty()) {
      fmt::print("\nYour games (BOARDLAB_PATH, ~/.local/share/boardlab/games):\n");
      for (const auto& path : yours) print(path);
    }
    return kExitOk;
  };
}

Runner add_options(CLI::App& app) {
  auto* cmd = app.add_subcommand("options", "List a game's options: each one's values, default and what it changes");
  auto args = std::make_shared<GameArgs>();
  cmd->add_option("game", args->game, "a bundled game's name or a definition file")->required();
  cmd->add_option("--option", args->options, "show the values with these set: key=value");
  return [=] {
    const GameDefPtr def = open_definition(args->game, args->options);
    if (def->options.empty()) {
      fmt::print("{} has no options.\n", def->name);
      return kExitOk;
    }
    fmt::print("{} ({}): set with --option key=value\n", def->name, def->title);
    for (const auto& o : def->options) {
      fmt::print("\n  {}={}\n    {}\n", o.name, o.value, o.takes());
      if (!o.doc.empty()) fmt::print("    {}\n", o.doc);
    }
    return kExitOk;
  };
}

Runner add_help(CLI::App& app) {
  auto* cmd = app.add_subcommand("help", "Show the help of boardlab or of one command");
  auto name = std::make_shared<std::string>();
  cmd->add_option("command", *name, "a command's name");
  return [&app, name] {
    if (name->empty()) {
      fmt::print("{}", app.help());
      return kExitOk;
    }
    for (const CLI::App* sub : app.get_subcommands({}))
      if (sub->get_name() == *name) {
        fmt::print("{}", sub->help());
        return kExitOk;
      }
    std::vector<std::string> names;
    for (const CLI::App* sub : app.get_subcommands({})) names.push_back(sub->get_name());
    throw UsageError(fmt::format("no command named '{}'; the commands: {}", escape_control(*name), join(names, ", ")));
  };
}

Runner add_check(CLI::App& app) {
  auto* cmd = app.add_subcommand("check", "Report a definition's errors; if none, play random games checking invariants");
  auto args = std::make_shared<GameArgs>();
  auto games = std::make_shared<int>(100);
  auto seed = std::make_shared<uint64_t>(1);
  cmd->add_option("game", args->game, "a bundled game's name or a definition file")->required();
  cmd->add_option("--games", *games, "random games to play")->check(CLI::Range(0, 1000000));
  cmd->add_option("--seed", *seed, "the first game's seed");
  auto max_plies = std::make_shared<int>(1000);
  cmd->add_option("--max-plies", *max_plies, "stop a random game after this many plies (0: never)")
      ->check(CLI::Range(0, 100000000));
  cmd->add_option("--option", args->options, "set an option: key=value");
  return [=] {
    auto game = open_game(*args);
    const Diagnostics agents = level_errors(game->def_ptr());  // its levels and its weights file
    if (agents.has_errors()) throw DefinitionError(agents);
    game->vm().set_checking(true);  // a bad move is caught at the script line that wrote it
    Diagnostics warnings = agents;
    for (const auto& w : game->def().warnings) warnings.warning(w.pos, w.message);
    fmt::print(stderr, "{}", warnings.str());
    InvariantOptions opt;
    opt.games = *games;
    opt.seed = *seed;
    opt.max_plies = *max_plies;
    auto report = check_invariants(*game, opt);
    for (const auto& f : report.failures) fmt::print(stderr, "invariant broken: {}\n", f);
    const size_t nw = game->def().warnings.size();
    fmt::print("{}: definition ok{}; {} random games, {} plies (longest {}), {} invariant failures\n",
               game->def().source_file, nw ? fmt::format(" ({} warning{})", nw, nw > 1 ? "s" : "") : "", report.games,
               report.plies, report.longest, report.failures.size());
    // The definition's own rule scenarios, when it has them.
    const std::string tests = rule_tests_beside(game->def().source_file);
    const bool tests_ok = tests.empty() || print_rule_tests(tests);
    return report.ok() && tests_ok ? kExitOk : kExitFailure;
  };
}

}  // namespace boardlab::cli
