// `boardlab bench`: seeded random playouts from the start; playouts/s, plies/s, length and
// outcomes.
#include <fmt/format.h>

#include "commands.h"
#include "common.h"
#include "rules/playout.h"

namespace boardlab::cli {

Runner add_bench(CLI::App& app) {
  auto* cmd = app.add_subcommand("bench", "Measure random playouts per second");
  auto args = std::make_shared<GameArgs>();
  auto seconds = std::make_shared<double>(5.0);
  auto seed = std::make_shared<uint64_t>(1);
  auto playouts = std::make_shared<int>(0);
  cmd->add_option("game", args->game, "a bundled game's name or a definition file")->required();
  cmd->add_option("--seconds", *seconds, "how long to run")->check(CLI::Range(0.01, 3600.0));
  cmd->add_option("--playouts", *playouts, "stop after this many playouts instead")->check(CLI::Range(0, 100000000));
  cmd->add_option("--seed", *seed, "playout i uses seed+i");
  auto max_plies = std::make_shared<int>(1000);
  cmd->add_option("--max-plies", *max_plies, "stop a playout after this many plies (0: never)")
      ->check(CLI::Range(0, 100000000));
  cmd->add_option("--option", args->options, "set an option: key=value");
  return [=] {
    auto game = open_game(*args);
    auto r = bench(*game, *seconds, *seed, *playouts, *max_plies);
    fmt::print("game: {}\nplayouts: {} in {:.2f} s\nplayouts/s: {:.1f}\nplies/s: {:.0f}\naverage length: {:.1f} plies\n",
               game->def().name, r.playouts, r.seconds, r.playouts / r.seconds, static_cast<double>(r.plies) / r.seconds,
               static_cast<double>(r.plies) / r.playouts);
    for (const auto& [what, n] : r.outcomes) fmt::print("  {}: {}\n", what, n);
    return kExitOk;
  };
}

}  // namespace boardlab::cli
