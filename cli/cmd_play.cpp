// `boardlab play`: a game in the terminal between people and agents (any agent spec), kept
// as a game record all along: `save`, `load`, `undo`/`redo`, `hint`, `resign`; Ctrl-C
// saves the game before leaving, and `--load FILE` resumes it.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <chrono>
#include <ctime>
#include <iostream>
#include <thread>

#include "agents/agent.h"
#include "board_view.h"
#include "commands.h"
#include "common.h"
#include "core/rng.h"
#include "core/text.h"
#include "line_reader.h"
#include "session/game_record.h"
#include "core/text.h"
#include "state/position_text.h"

namespace boardlab::cli {

namespace {

const char* kHelp =
    "Type a move in the game's notation (separators may be left out: e1g3, or the squares of\n"
    "a jump chain in order), or its number from 'moves'; or one of:\n"
    "  moves        list the legal moves\n"
    "  undo, redo   take back your last move (and the replies), or play it again\n"
    "  hint         ask an agent (mcts) for a move\n"
    "  board, flip  show the board again, or turned round\n"
    "  stack CELL   the whole stack on a cell, bottom to top\n"
    "  rules        the rules of the game\n"
    "  save FILE    save the game record (boardlab play --load FILE resumes it)\n"
    "  load FILE    continue a saved game\n"
    "  resign       give up the game\n"
    "  quit         stop (you may save first)\n";

std::string now_iso() {
  std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

std::vector<std::pair<std::string, std::string>> option_pairs(const std::vector<std::string>& options) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& o : options) {
    const size_t eq = o.find('=');
    if (eq != std::string::npos) out.emplace_back(o.substr(0, eq), o.substr(eq + 1));
  }
  return out;
}

// What plays each seat: "human" or an agent spec. The first player is human and the others
// mcts unless --player NAME=SPEC or --NAME SPEC (the game's own player names, such as
// --white and --black, left over by CLI11 in `extras`) say otherwise.
std::vector<std::string> seat_kinds(const GameDef& def, const std::vector<std::string>& players,
                                    const std::vector<std::string>& extras) {
  std::vector<std::string> kind(def.players.size(), "mcts");
  kind[0] = "human";
  std::vector<std::string> names;
  for (const auto& p : def.players) names.push_back(p.name);
  for (const auto& spec : players) {
    const size_t eq = spec.find('=');
    const int p = eq == std::string::npos ? -1 : def.player_index(spec.substr(0, eq));
    if (p < 0 || eq + 1 >= spec.size())
      throw UsageError(fmt::format("--player takes NAME=human or NAME=AGENT (see `boardlab agents`) with NAME one of "
                                   "the players ({}), not '{}'", fmt::join(names, ", "), spec));
    kind[static_cast<size_t>(p)] = spec.substr(eq + 1);
  }
  for (size_t i = 0; i < extras.size(); ++i) {
    const std::string& a = extras[i];
    const size_t eq = a.find('=');
    const std::string name = a.rfind("--", 0) == 0 ? a.substr(2, eq == std::string::npos ? std::string::npos : eq - 2) : "";
    const int p = def.player_index(name);
    if (p < 0) {
      const std::string near = name.empty() ? "" : closest(name, names);
      throw UsageError(fmt::format("play: unexpected '{}'{} (this game's players are {}: --{} human|AGENT)", a,
                                   near.empty() ? "" : fmt::format(" (did you mean '--{}'?)", near),
                                   fmt::join(names, ", "), names[0]));
    }
    const std::string spec = eq != std::string::npos ? a.substr(eq + 1) : i + 1 < extras.size() ? extras[++i] : "";
    if (spec.empty()) throw UsageError(fmt::format("--{} takes human or an agent spec (see `boardlab agents`)", name));
    kind[static_cast<size_t>(p)] = spec;
  }
  return kind;
}

}  // namespace

Runner add_play(CLI::App& app) {
  auto* cmd = app.add_subcommand("play", "Play a game in the terminal");
  auto args = std::make_shared<GameArgs>();
  auto players = std::make_shared<std::vector<std::string>>();
  auto seed = std::make_shared<uint64_t>(0);
  auto load = std::make_shared<std::string>();
  auto record_file = std::make_shared<std::string>();
  auto delay = std::make_shared<double>(0);
  cmd->add_option("game", args->game, "a bundled game's name or a definition file")->required();
  cmd->add_option("--player", *players,
                  "NAME=human or NAME=AGENT, e.g. black=mcts:iterations=2000 (default: the first player human, the "
                  "others mcts); or --NAME SPEC with the game's player names: --white human --black random");
  cmd->allow_extras();  // --white, --black, ...: the players of the game, known once it is loaded
  cmd->add_option("--seed", *seed, "the seed for the dice and the computer (default: from the clock)");
  cmd->add_option("--position", args->position, "start from a position text");
  cmd->add_option("--dice", args->dice, "the first roll, in a game with dice: 3,1");
  cmd->add_option("--load", *load, "continue the game saved in this record");
  cmd->add_option("--record", *record_file, "keep the game record in this file, saved after every move");
  cmd->add_option("--delay", *delay, "seconds to wait after each computer move, to watch computers play")
      ->check(CLI::Range(0.0, 60.0));
  cmd->add_option("--option", args->options, "set an option: key=value");
  return [=] {
    std::unique_ptr<ThreadRules> game;
    try {
      game = open_game(*args);
    } catch (const UsageError& e) {
      if (cmd->remaining().empty()) throw;
      throw UsageError(fmt::format("{}\n(the game comes first: boardlab play GAME --white SPEC ...)", e.what()));
    }
    const GameDef& def = game->def();
    const std::vector<std::string> kind = seat_kinds(def, *players, cmd->remaining());
    const uint64_t game_seed =
        *seed ? *seed : static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()) % 1000000007;
    Rng rng(game_seed);
    std::vector<std::unique_ptr<Agent>> agents(kind.size());
    for (size_t p = 0; p < kind.size(); ++p) {
      if (kind[p] == "human") continue;
      try {
        agents[p] = make_agent(AgentSpec::parse(kind[p]), game->def_ptr(), rng.next());
      } catch (const std::invalid_argument& e) {
        throw UsageError(fmt::format("--player {}: {}", def.players[p].name, e.what()));
      }
    }

    Record record;
    record.game = args->game;
    record.definition_hash = def.content_hash;
    record.options = option_pairs(args->options);
    record.seed = game_seed;
    record.date = now_iso();
    for (size_t p = 0; p < kind.size(); ++p) record.players.emplace_back(def.players[p].name, kind[p]);
    State s = start_state(*game, *args);
    if (args->position) record.start = position_text(s);
    auto load_record = [&](const std::string& path) {
      auto text = read_text_file(path);
      if (!text) throw UsageError(fmt::format("cannot read {}", path));
      Record r;
      try {
        r = parse_record(*text);
      } catch (const std::invalid_argument& e) {
        throw UsageError(fmt::format("{}: {}", path, e.what()));
      }
      if (r.definition_hash != def.content_hash)
        fmt::print("Note: {} was recorded under a different definition ({}, now {}).\n", path, r.definition_hash, def.content_hash);
      Replay rep = replay(*game, r);
      if (!rep.error.empty()) throw UsageError(fmt::format("{}: {}", path, rep.error));
      r.plies.resize(static_cast<size_t>(rep.plies_replayed));
      record.start = r.start;
      record.plies = r.plies;
      s = rep.state;
    };
    if (!load->empty()) load_record(*load);
    std::vector<Record::Ply> redo;  // undone plies, the last undone at the back

    auto save = [&](const std::string& path, bool quiet = false) {
      record.result = s.outcome().over() ? describe(def, s.outcome()) : "*";
      save_record(path, record);
      if (!quiet) fmt::print("Saved to {} (resume: boardlab play {} --load {}).\n", path, args->game, path);
    };
    const bool someone_human = std::count(kind.begin(), kind.end(), "human") > 0;
    // At the end of a game, or when a player leaves: saved to --record, or a file asked for.
    auto offer_save = [&](LineReader& reader) {
      if (!record_file->empty()) return save(*record_file);
      if (record.plies.empty() || !someone_human) return;
      auto answer = reader.read(fmt::format("Save the game record? Type a file name (or y for {}), or just Enter: ",
                                            def.name + "-record.txt"),
                                false);
      const std::string file = answer ? trim(*answer) : "";
      if (file == "y" || file == "yes") save(def.name + "-record.txt");
      else if (!file.empty() && file != "n" && file != "no") save(file);
    };
    ViewOptions view;
    view.color = use_color();
    auto play_move = [&](int i, const MoveList& moves, const std::vector<std::string>& texts) {
      const std::string& me = def.players[static_cast<size_t>(s.side())].name;
      fmt::print("{} plays {}\n\n", me, texts[static_cast<size_t>(i)]);
      record.plies.push_back(record_ply(def, s, texts[static_cast<size_t>(i)]));
      const Move m = moves[i];
      const bool computer = kind[static_cast<size_t>(s.side())] != "human";
      view.marked = touched_cells(m);
      game->apply(s, m);
      if (!record_file->empty()) save(*record_file, true);
      if (*delay > 0 && computer) std::this_thread::sleep_for(std::chrono::duration<double>(*delay));
    };

    MoveList moves;
    fmt::print("{}: {}\nType 'help' for commands.\n\n", def.title, def.description);
    bool show = true;
    LineReader reader(LineReader::default_history_file());
    // Whatever goes wrong, the game in progress is not lost: save it, or say how to resume.
    try {
      for (;;) {
        // Checked here too: Ctrl-C while computers play, with nobody typing.
        if (reader.interrupted()) {
          fmt::print("\nInterrupted. ");
          save(def.name + "-interrupted.txt");
          return kExitOk;
        }
        if (s.awaiting_roll() && !s.outcome().over()) {
          const bool opening = s.opening_roll();
          game->roll(s, rng);
          fmt::print("{} {} {}\n", def.players[static_cast<size_t>(s.side())].name,
                     opening ? "wins the opening roll with" : "rolls", fmt::join(s.rolled(), "-"));
        }
        game->start_turn(s, moves);
        if (show) {
          fmt::print("{}", draw_board(s, view));
          show = false;
        }
        if (moves.empty()) {
          fmt::print("Game over: {}.\n", describe(def, s.outcome()));
          offer_save(reader);
          return kExitOk;
        }
        const std::string& me = def.players[static_cast<size_t>(s.side())].name;
        auto notation = game->notation(s, moves);
        const auto& texts = notation.texts();
        if (kind[static_cast<size_t>(s.side())] != "human") {
          play_move(moves.size() == 1 ? 0 : agents[static_cast<size_t>(s.side())]->choose(*game, s, moves), moves, texts);
          redo.clear();
          show = true;
          continue;
        }
        std::fflush(stdout);
        auto input = reader.read(me + " to move> ");
        std::string line;
        if (!input) {
          if (reader.interrupted()) continue;  // saved at the top of the loop
          line = "quit";
        } else {
          line = trim(*input);
        }
        const size_t sp = line.find(' ');
        const std::string word = line.substr(0, sp), arg = sp == std::string::npos ? "" : trim(line.substr(sp + 1));
        if (line.empty()) continue;
        if (line == "help") {
          fmt::print("{}", kHelp);
        } else if (line == "moves") {
          for (size_t i = 0; i < texts.size(); ++i) fmt::print("{:>3}. {}\n", i + 1, texts[i]);
        } else if (line == "board") {
          show = true;
        } else if (word == "stack") {
          const int c = def.board.cell_index(arg);
          if (c < 0) {
            fmt::print("stack CELL: the full stack on a cell, bottom to top (e.g. stack {})\n", def.board.cell_names[0]);
          } else {
            std::string pieces;
            for (int l = 0; l < s.height(c); ++l) pieces += def.glyph_of[s.piece(c, l)];
            fmt::print("{}: {}\n", arg, pieces.empty() ? "empty" : pieces + " (bottom to top)");
          }
        } else if (line == "flip") {
          view.flip = !view.flip;
          show = true;
        } else if (line == "rules") {
          fmt::print("{}\n", def.rules_text.empty() ? "(this definition has no rules summary)" : def.rules_text);
        } else if (line == "hint") {
          auto helper = make_agent(AgentSpec::parse("mcts:iterations=2000"), game->def_ptr(), rng.next());
          fmt::print("Hint: {}\n", texts[static_cast<size_t>(helper->choose(*game, s, moves))]);
        } else if (line == "undo") {
          // Back to this player's previous turn: the replies go too, each back to the
          // decision it was (the roll kept, so redo and a new choice see the same dice).
          int back = 0;
          while (!record.plies.empty() && (back == 0 || kind[static_cast<size_t>(s.side())] != "human")) {
            const int target = s.ply() - 1;
            while (s.ply() > target) s.undo();
            redo.push_back(record.plies.back());
            record.plies.pop_back();
            ++back;
          }
          if (back == 0) fmt::print("Nothing to undo.\n");
          show = back > 0;
        } else if (line == "redo") {
          if (redo.empty()) {
            fmt::print("Nothing to redo.\n");
          } else {
            // Replays the undone plies as recorded, up to this player's next turn.
            do {
              const Record::Ply p = redo.back();
              redo.pop_back();
              auto parsed = game->notation(s, moves).parse(p.move);
              if (parsed.index < 0) break;
              record.plies.push_back(p);
              game->apply(s, moves[parsed.index]);
              if (s.awaiting_roll()) break;  // a new roll: not replayed
              game->legal_moves(s, moves);
            } while (!redo.empty() && kind[static_cast<size_t>(s.side())] != "human");
            show = true;
          }
        } else if (word == "save") {
          if (arg.empty()) fmt::print("save FILE: where to save the game\n");
          else save(arg);
        } else if (word == "load") {
          if (arg.empty()) {
            fmt::print("load FILE: a saved game record\n");
          } else {
            try {
              load_record(arg);
              redo.clear();
              show = true;
            } catch (const UsageError& e) {
              fmt::print("{}\n", e.what());
            }
          }
        } else if (line == "resign") {
          const int winner = (s.side() + 1) % def.nplayers();
          s.set_outcome({Outcome::Kind::Win, Outcome::Reason::Resign, static_cast<int8_t>(winner)});
          fmt::print("Game over: {}.\n", describe(def, s.outcome()));
          offer_save(reader);
          return kExitOk;
        } else if (line == "quit") {
          fmt::print("\nTo resume: boardlab play {} --position \"{}\"\n", args->game, position_text(s));
          offer_save(reader);
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
            play_move(index, moves, texts);
            redo.clear();
            show = true;
          }
        }
      }
    } catch (const std::exception& e) {
      fmt::print(stderr, "boardlab: {}\n", e.what());
      try {
        const std::string path = def.name + "-crashed.txt";
        save(path);
      } catch (const std::exception&) {
        fmt::print(stderr, "To resume: boardlab play {} --position \"{}\"\n", args->game, position_text(s));
      }
      return kExitFailure;
    }
  };
}

}  // namespace boardlab::cli
