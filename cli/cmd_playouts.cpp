// `boardlab playouts`: seeded random games written as JSON lines, one per position where a
// move is chosen, with every legal move, the position it leads to and the one played, then a
// line for the game's end (its final position and result). For checking our moves and ends
// against another program (tests/) and for looking at what random play does. With
// --text, the same games as a golden playthrough (rules/playthrough.h): the text the tests
// hold every bundled game to (tests/playthroughs/).
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "common.h"
#include "core/rng.h"
#include "rules/game_loop.h"
#include "rules/playthrough.h"
#include "state/position_text.h"

namespace boardlab::cli {

Runner add_playouts(CLI::App& app) {
  auto* cmd = app.add_subcommand("playouts",
                                 "Write seeded random games as JSON lines: each position, its legal moves and the move "
                                 "played, then the game's end");
  auto args = std::make_shared<GameArgs>();
  auto games = std::make_shared<int>(1);
  auto seed = std::make_shared<uint64_t>(1);
  auto max_plies = std::make_shared<int>(1000);
  cmd->add_option("game", args->game, "a bundled game's name or a definition file")->required();
  cmd->add_option("--games", *games, "how many games (game i is seeded from (seed, i), as in simulate)")->check(CLI::Range(1, 1000000));
  cmd->add_option("--seed", *seed, "the series' seed");
  cmd->add_option("--max-plies", *max_plies, "stop a game after this many plies (0: never)")->check(CLI::Range(0, 100000000));
  cmd->add_option("--option", args->options, "set an option: key=value");
  auto text = std::make_shared<bool>(false);
  cmd->add_flag("--text", *text,
                "write a playthrough instead: each position, its legal moves and the move played, as text (the tests' "
                "golden files, tests/playthroughs/)");
  return [=] {
    auto game = open_game(*args);
    if (*text) {
      PlaythroughSpec spec{args->game, args->options, *games, *seed, *max_plies};
      fmt::print("{}", playthrough(*game, spec));
      return kExitOk;
    }
    // Every decision of the game loop, written as it is made.
    class Writer : public GameObserver {
     public:
      Writer(const Rules& rules, uint64_t seed) : rules_(rules), seed_(seed) {}
      void moving(const State& s, const MoveList& legal, int chosen) override {
        auto texts = rules_.move_texts(s, legal);
        nlohmann::json line = {{"seed", seed_}, {"ply", s.ply()}, {"position", position_text(s)}};
        auto& list = line["moves"] = nlohmann::json::array();
        for (int i = 0; i < legal.size(); ++i) {
          State after = s;
          rules_.apply(after, legal[i]);
          list.push_back({{"move", texts[static_cast<size_t>(i)]}, {"position", position_text(after)}});
        }
        line["played"] = chosen;  // its place in "moves"
        fmt::print("{}\n", line.dump());
      }
      // The line after the last move: where the game ended and how ("end" tells it apart).
      void ended(const State& s, bool over) const {
        nlohmann::json line = {{"seed", seed_}, {"end", true}, {"ply", s.ply()}, {"position", position_text(s)}};
        line["result"] = over ? describe(rules_.def(), rules_.outcome(s)) : "stopped at the cap";
        fmt::print("{}\n", line.dump());
      }

     private:
      const Rules& rules_;
      uint64_t seed_;
    };
    GameLoop loop;
    for (int g = 0; g < *games; ++g) {
      const uint64_t seed_g = game_seed(*seed, g);
      Rng rng(seed_g);
      RandomPlayer random(rng);
      std::vector<Player*> seats(static_cast<size_t>(game->def().nplayers()), &random);
      State s = game->initial();
      Writer writer(*game, seed_g);
      loop.play(*game, s, seats, rng, *max_plies, &writer);
      writer.ended(s, game->over(s));
    }
    return kExitOk;
  };
}

}  // namespace boardlab::cli
