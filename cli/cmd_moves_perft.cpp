// `boardlab moves` (the legal moves of a position) and `boardlab perft` (move-tree counts).
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>

#include "commands.h"
#include "common.h"
#include "rules/playout.h"
#include "state/position_text.h"

namespace boardlab::cli {

Runner add_moves(CLI::App& app) {
  auto* cmd = app.add_subcommand("moves", "List the legal moves of a position in the game's notation");
  auto args = std::make_shared<GameArgs>();
  auto json = std::make_shared<bool>(false);
  cmd->add_option("game", args->game, "a bundled game's name or a definition file")->required();
  cmd->add_option("--position", args->position, "a position text (default: the start)");
  cmd->add_option("--dice", args->dice, "the roll to play, in a game with dice: 3,1");
  cmd->add_option("--option", args->options, "set an option: key=value");
  cmd->add_flag("--json", *json,
                "one JSON object per move, with the resulting position; a position already over is one object, "
                "{\"over\": true, \"outcome\": ...}");
  return [=] {
    auto game = open_game(*args);
    game->vm().set_checking(true);  // an author's command: a bad move is caught at its script line
    State s = start_state(*game, *args);
    if (game->over(s)) {  // a position typed in that the rules have already ended: no moves
      const std::string outcome = describe(game->def(), game->outcome(s));
      if (*json) fmt::print("{}\n", nlohmann::json({{"over", true}, {"outcome", outcome}}).dump());
      else fmt::print(stderr, "the game is over: {}\n", outcome);
      return kExitOk;
    }
    if (game->is_chance(s))
      throw UsageError("the position waits for a roll: give the dice with --dice (for example --dice 3,1)");
    MoveList moves;
    game->legal_moves(s, moves);
    auto texts = game->move_texts(s, moves);
    for (int i = 0; i < moves.size(); ++i) {
      if (!*json) {
        fmt::print("{}\n", texts[i]);
        continue;
      }
      State after = s;
      game->apply(after, moves[i]);
      nlohmann::json j = {{"move", texts[i]}, {"position", position_text(after)}};
      if (game->over(after)) j["outcome"] = describe(game->def(), game->outcome(after));
      fmt::print("{}\n", j.dump());
    }
    return kExitOk;
  };
}

Runner add_perft(CLI::App& app) {
  auto* cmd = app.add_subcommand("perft", "Count the move tree to each depth, with the time each took");
  auto args = std::make_shared<GameArgs>();
  auto depth = std::make_shared<int>(1);
  cmd->add_option("game", args->game, "a bundled game's name or a definition file")->required();
  cmd->add_option("depth", *depth, "the deepest level to count")->required()->check(CLI::Range(1, 30));
  cmd->add_option("--position", args->position, "a position text (default: the start)");
  cmd->add_option("--dice", args->dice, "the roll to play, in a game with dice (without: every roll is counted)");
  cmd->add_option("--option", args->options, "set an option: key=value");
  return [=] {
    auto game = open_game(*args);
    game->vm().set_checking(true);
    State s = start_state(*game, *args);
    if (game->over(s)) fmt::print(stderr, "the game is over: {}; every count is 0\n", describe(game->def(), game->outcome(s)));
    // Each depth as soon as it is counted, with its time: a run cut short keeps what it found.
    for (int d = 1; d <= *depth; ++d) {
      const auto start = std::chrono::steady_clock::now();
      const uint64_t nodes = perft(*game, s, d);
      fmt::print("perft {} {}  {:.3f} s\n", d, nodes,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      std::fflush(stdout);
    }
    return kExitOk;
  };
}

}  // namespace boardlab::cli
