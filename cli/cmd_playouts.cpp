// `boardlab playouts`: seeded random games written as JSON lines, one per position where a
// move is chosen, with every legal move and the position it leads to. For checking our
// moves against another program (tests/) and for looking at what random play does.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "common.h"
#include "core/rng.h"
#include "state/position_text.h"

namespace boardlab::cli {

Runner add_playouts(CLI::App& app) {
  auto* cmd = app.add_subcommand("playouts", "Write seeded random games as JSON lines: each position and its legal moves");
  auto args = std::make_shared<GameArgs>();
  auto games = std::make_shared<int>(1);
  auto seed = std::make_shared<uint64_t>(1);
  auto max_plies = std::make_shared<int>(1000);
  cmd->add_option("game", args->game, "a bundled game's name or a definition file")->required();
  cmd->add_option("--games", *games, "how many games (game i uses seed+i)")->check(CLI::Range(1, 1000000));
  cmd->add_option("--seed", *seed, "the first game's seed");
  cmd->add_option("--max-plies", *max_plies, "stop a game after this many plies (0: never)")->check(CLI::Range(0, 100000000));
  cmd->add_option("--option", args->options, "set an option: key=value");
  return [=] {
    auto game = open_game(*args);
    MoveList moves;
    for (int g = 0; g < *games; ++g) {
      const uint64_t game_seed = *seed + static_cast<uint64_t>(g);
      Rng rng(game_seed);
      State s = game->initial();
      while (!s.outcome().over() && (*max_plies == 0 || s.ply() < *max_plies)) {
        if (s.awaiting_roll()) game->roll(s, rng);
        game->legal_moves(s, moves);
        if (moves.empty()) break;
        auto texts = game->move_texts(s, moves);
        nlohmann::json line = {{"seed", game_seed}, {"ply", s.ply()}, {"position", position_text(s)}};
        auto& list = line["moves"] = nlohmann::json::array();
        for (int i = 0; i < moves.size(); ++i) {
          State after = s;
          game->apply(after, moves[i]);
          list.push_back({{"move", texts[i]}, {"position", position_text(after)}});
        }
        fmt::print("{}\n", line.dump());
        game->apply(s, moves[static_cast<int>(rng.below(static_cast<uint32_t>(moves.size())))]);
      }
    }
    return kExitOk;
  };
}

}  // namespace boardlab::cli
