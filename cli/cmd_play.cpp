// `boardlab play`: a terminal game between people and agents (any agent spec). The full
// terminal experience has its own issue; this is the loop.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <chrono>
#include <iostream>

#include "agents/agent.h"
#include "board_view.h"
#include "commands.h"
#include "common.h"
#include "core/rng.h"
#include "core/text.h"
#include "rules/yaml_tree.h"
#include "state/position_text.h"

namespace boardlab::cli {

namespace {

const char* kHelp =
    "Type a move in the game's notation (or its number from 'moves'), or one of:\n"
    "  moves   list the legal moves\n"
    "  undo    take back your last move (and the computer's reply)\n"
    "  board   show the board again\n"
    "  rules   the rules of the game\n"
    "  quit    stop; the position is printed so that --position can resume it\n";

}  // namespace

Runner add_play(CLI::App& app) {
  auto* cmd = app.add_subcommand("play", "Play a game in the terminal");
  auto args = std::make_shared<GameArgs>();
  auto players = std::make_shared<std::vector<std::string>>();
  auto seed = std::make_shared<uint64_t>(0);
  cmd->add_option("game", args->game, "a bundled game's name or a definition file")->required();
  cmd->add_option("--player", *players,
                  "NAME=human or NAME=AGENT, e.g. black=mcts:iterations=2000 (default: the first player human, the others mcts)");
  cmd->add_option("--seed", *seed, "the computer's seed (default: from the clock)");
  cmd->add_option("--position", args->position, "start from a position text");
  cmd->add_option("--dice", args->dice, "the first roll, in a game with dice: 3,1");
  cmd->add_option("--option", args->options, "set an option: key=value");
  return [=] {
    auto game = open_game(*args);
    const GameDef& def = game->def();
    std::vector<std::string> kind(def.nplayers(), "mcts");
    kind[0] = "human";
    for (const auto& spec : *players) {
      auto eq = spec.find('=');
      int p = eq == std::string::npos ? -1 : def.player_index(spec.substr(0, eq));
      if (p < 0 || eq + 1 >= spec.size())
        throw UsageError(fmt::format("--player takes NAME=human or NAME=AGENT (see `boardlab agents`) with NAME one of "
                                     "the players, not '{}'", spec));
      kind[p] = spec.substr(eq + 1);
    }
    Rng rng(*seed ? *seed : static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()));
    std::vector<std::unique_ptr<Agent>> agents(kind.size());
    for (size_t p = 0; p < kind.size(); ++p) {
      if (kind[p] == "human") continue;
      try {
        agents[p] = make_agent(AgentSpec::parse(kind[p]), game->def_ptr(), rng.next());
      } catch (const std::invalid_argument& e) {
        throw UsageError(fmt::format("--player {}: {}", def.players[p].name, e.what()));
      }
    }
    State s = start_state(*game, *args);
    MoveList moves;
    fmt::print("{}: {}\nType 'help' for commands.\n\n", def.title, def.description);
    bool show = true;
    // Whatever goes wrong, the game in progress is not lost: print how to resume it.
    try {
      for (;;) {
        if (s.awaiting_roll() && !s.outcome().over()) {
          const bool opening = s.opening_roll();
          game->roll(s, rng);
          auto rolled = s.rolled();
          fmt::print("{} {} {}-{}\n", def.players[s.side()].name, opening ? "wins the opening roll with" : "rolls",
                     rolled[0], fmt::join(rolled.begin() + 1, rolled.end(), "-"));
        }
        game->legal_moves(s, moves);
        if (show) {
          fmt::print("{}", draw_board(s));
          show = false;
        }
        if (moves.empty()) {
          fmt::print("Game over: {}.\n", describe(def, s.outcome()));
          return kExitOk;
        }
        const std::string& me = def.players[s.side()].name;
        auto notation = game->notation(s, moves);
        const auto& texts = notation.texts();
        if (kind[s.side()] != "human") {
          const int i = moves.size() == 1 ? 0 : agents[static_cast<size_t>(s.side())]->choose(s, moves);
          fmt::print("{} plays {}\n\n", me, texts[static_cast<size_t>(i)]);
          game->apply(s, moves[i]);
          show = true;
          continue;
        }
        fmt::print("{} to move> ", me);
        std::fflush(stdout);
        std::string line;
        if (!std::getline(std::cin, line)) line = "quit";
        line = trim(line);
        if (line.empty()) continue;
        if (line == "help") {
          fmt::print("{}", kHelp);
        } else if (line == "moves") {
          for (size_t i = 0; i < texts.size(); ++i) fmt::print("{:>3}. {}\n", i + 1, texts[i]);
        } else if (line == "board") {
          show = true;
        } else if (line == "rules") {
          fmt::print("{}\n", def.rules_text.empty() ? "(this definition has no rules summary)" : def.rules_text);
        } else if (line == "undo") {
          // Back to this player's previous turn.
          int back = 0;
          do {
            if (s.history_size() == 0) break;
            s.undo();
            ++back;
          } while (kind[s.side()] != "human" || s.awaiting_roll());
          if (back == 0) fmt::print("Nothing to undo.\n");
          show = back > 0;
        } else if (line == "quit") {
          fmt::print("\nTo resume: boardlab play {} --position \"{}\"\n", args->game, position_text(s));
          return kExitOk;
        } else {
          int index = -1;
          if (auto n = parse_int(line); n && *n >= 1 && *n <= moves.size()) {
            index = static_cast<int>(*n - 1);
          } else {
            auto parsed = notation.parse(line);
            if (parsed.index < 0) fmt::print("{}\n", parsed.error);
            index = parsed.index;
          }
          if (index >= 0) {
            fmt::print("{} plays {}\n\n", me, texts[index]);
            game->apply(s, moves[index]);
            show = true;
          }
        }
      }
    } catch (const std::exception& e) {
      fmt::print(stderr, "boardlab: {}\nTo resume: boardlab play {} --position \"{}\"\n", e.what(), args->game,
                 position_text(s));
      return kExitFailure;
    }
  };
}

}  // namespace boardlab::cli
