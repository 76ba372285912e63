// `boardlab play`: a game in the terminal between people and agents (any agent spec), kept
// as a game record all along: `save`, `load`, `undo`/`redo`, `hint`, `resign`; Ctrl-C
// saves the game before leaving, and `--load FILE` resumes it.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <chrono>
#include <ctime>
#include <iostream>
#include <thread>

#include "board_view.h"
#include "commands.h"
#include "common.h"
#include "core/text.h"
#include "definition/bundled.h"
#include "line_reader.h"
#include "session/play_session.h"
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

// What plays each seat: "human" or an agent spec. The first player is human and the others
// mcts unless --player NAME=SPEC or --NAME SPEC (the game's own player names, such as
// --white and --black, left over by CLI11 in `extras`) say otherwise.
std::vector<std::string> seat_kinds(const GameDef& def, const std::vector<std::string>& players,
                                    const std::vector<std::string>& extras) {
  std::vector<std::string> kind = PlaySession::default_seats(def);
  std::vector<std::string> names;
  for (const auto& p : def.players) names.push_back(p.name);
  for (const auto& spec : players) {
    std::pair<std::string, std::string> kv;
    try {
      kv = parse_key_value(spec, "--player");
    } catch (const std::invalid_argument&) {
    }
    const int p = def.player_index(kv.first);
    if (p < 0)
      throw UsageError(fmt::format("--player takes NAME=human or NAME=AGENT (see `boardlab agents`) with NAME one of "
                                   "the players ({}), not '{}'", fmt::join(names, ", "), spec));
    kind[static_cast<size_t>(p)] = kv.second;
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

// What the terminal shows as the game goes: rolls, moves, the board before each decision
// after a move; and the record saved after every move with --record.
class Terminal : public PlaySession::Watcher {
 public:
  Terminal(PlaySession& game, LineReader& reader, std::string record_file, double delay)
      : game_(game), reader_(reader), record_file_(std::move(record_file)), delay_(delay) {
    view.color = use_color();
  }
  ViewOptions view;
  bool redraw = true;  // the board is drawn again at the next decision

  void show_board() {
    if (!redraw) return;
    fmt::print("{}", draw_board(game_.state(), view));
    redraw = false;
  }
  void rolled(const State& s, bool opening) override {
    fmt::print("{} {} {}\n", game_.def().players[static_cast<size_t>(s.side())].name,
               opening ? "wins the opening roll with" : "rolls", fmt::join(s.rolled(), "-"));
  }
  void deciding(const State&) override { show_board(); }
  bool interrupted() override { return reader_.interrupted(); }
  void played(const State& before, const Move& m, const std::string& text, const State&, bool computer) override {
    fmt::print("{} plays {}\n\n", game_.def().players[static_cast<size_t>(before.side())].name, text);
    view.marked = touched_cells(m);
    redraw = true;
    if (!record_file_.empty()) game_.save(record_file_);
    if (delay_ > 0 && computer) std::this_thread::sleep_for(std::chrono::duration<double>(delay_));
  }

 private:
  PlaySession& game_;
  LineReader& reader_;
  std::string record_file_;
  double delay_;
};

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
    GameDefPtr def;
    try {
      def = open_definition(args->game, args->options);
    } catch (const std::invalid_argument& e) {
      if (cmd->remaining().empty()) throw;
      throw UsageError(fmt::format("{}\n(the game comes first: boardlab play GAME --white SPEC ...)", e.what()));
    }
    PlaySession::Setup setup;
    setup.def = def;
    setup.game = args->game;
    setup.options = args->options;
    setup.seats = seat_kinds(*def, *players, cmd->remaining());
    setup.seed =
        *seed ? *seed : static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()) % 1000000007;
    setup.start = given_position(*def, *args);
    setup.date = now_iso();
    std::unique_ptr<PlaySession> session;
    try {
      session = std::make_unique<PlaySession>(setup);
    } catch (const std::invalid_argument& e) {
      throw UsageError(fmt::format("--player {}", e.what()));
    }
    PlaySession& game = *session;
    if (!load->empty()) {
      const std::string note = game.load(*load);
      if (!note.empty()) fmt::print("Note: {}\n", note);
    }
    LineReader reader(LineReader::default_history_file());
    Terminal term(game, reader, *record_file, *delay);
    const std::string& name = def->name;

    auto save = [&](const std::string& path) {
      game.save(path);
      fmt::print("Saved to {} (resume: boardlab play {} --load {}).\n", path, args->game, path);
    };
    // At the end of a game, or when a player leaves: saved to --record, or a file asked for.
    auto offer_save = [&] {
      if (!record_file->empty()) return save(*record_file);
      if (game.record().plies.empty() || !game.someone_human()) return;
      auto answer = reader.read(fmt::format("Save the game record? Type a file name (or y for {}), or just Enter: ",
                                            name + "-record.txt"),
                                false);
      const std::string file = answer ? trim(*answer) : "";
      if (file == "y" || file == "yes") save(name + "-record.txt");
      else if (!file.empty() && file != "n" && file != "no") save(file);
    };

    fmt::print("{}: {}\nType 'help' for commands.\n\n", def->title, def->description);
    // Whatever goes wrong, the game in progress is not lost: save it, or say how to resume.
    try {
      for (;;) {
        game.advance(&term);
        // Ctrl-C: at a prompt, or between two computer moves.
        if (reader.interrupted()) {
          fmt::print("\nInterrupted. ");
          save(name + "-interrupted.txt");
          return kExitOk;
        }
        term.show_board();
        if (game.over()) {
          fmt::print("Game over: {}.\n", describe(*def, game.state().outcome()));
          offer_save();
          return kExitOk;
        }
        const std::string& me = def->players[static_cast<size_t>(game.state().side())].name;
        std::fflush(stdout);
        auto input = reader.read(me + " to move> ");
        if (!input && reader.interrupted()) continue;  // saved at the top of the loop
        const std::string line = input ? trim(*input) : "quit";
        const size_t sp = line.find(' ');
        const std::string word = line.substr(0, sp), arg = sp == std::string::npos ? "" : trim(line.substr(sp + 1));
        if (line.empty()) continue;
        if (line == "help") {
          fmt::print("{}", kHelp);
        } else if (line == "moves") {
          for (size_t i = 0; i < game.texts().size(); ++i) fmt::print("{:>3}. {}\n", i + 1, game.texts()[i]);
        } else if (line == "board") {
          term.redraw = true;
        } else if (word == "stack") {
          const int c = def->board.cell_index(arg);
          if (c < 0) {
            fmt::print("stack CELL: the full stack on a cell, bottom to top (e.g. stack {})\n", def->board.cell_names[0]);
          } else {
            std::string pieces;
            for (int l = 0; l < game.state().height(c); ++l) pieces += def->glyph_of[game.state().piece(c, l)];
            fmt::print("{}: {}\n", arg, pieces.empty() ? "empty" : pieces + " (bottom to top)");
          }
        } else if (line == "flip") {
          term.view.flip = !term.view.flip;
          term.redraw = true;
        } else if (line == "rules") {
          fmt::print("{}\n", def->rules_text.empty() ? "(this definition has no rules summary)" : def->rules_text);
        } else if (line == "hint") {
          fmt::print("Hint: {}\n", game.hint());
        } else if (line == "undo") {
          if (game.undo()) term.redraw = true;
          else fmt::print("Nothing to undo.\n");
        } else if (line == "redo") {
          if (game.redo()) term.redraw = true;
          else fmt::print("Nothing to redo.\n");
        } else if (word == "save") {
          if (arg.empty()) fmt::print("save FILE: where to save the game\n");
          else save(arg);
        } else if (word == "load") {
          if (arg.empty()) {
            fmt::print("load FILE: a saved game record\n");
          } else {
            try {
              const std::string note = game.load(arg);
              if (!note.empty()) fmt::print("Note: {}\n", note);
              term.redraw = true;
            } catch (const std::invalid_argument& e) {
              fmt::print("{}\n", e.what());
            }
          }
        } else if (line == "resign") {
          try {
            game.resign();
          } catch (const std::invalid_argument& e) {
            fmt::print("{}\n", e.what());
            continue;
          }
          fmt::print("Game over: {}.\n", describe(*def, game.state().outcome()));
          offer_save();
          return kExitOk;
        } else if (line == "quit") {
          fmt::print("\nTo resume: boardlab play {} --position \"{}\"\n", args->game, position_text(game.state()));
          offer_save();
          return kExitOk;
        } else {
          auto parsed = game.parse(line);
          if (parsed.index < 0) fmt::print("{}\n", parsed.error);
          else game.play(parsed.index, &term);
        }
      }
    } catch (const std::exception& e) {
      fmt::print(stderr, "boardlab: {}\n", e.what());
      try {
        save(name + "-crashed.txt");
      } catch (const std::exception&) {
        fmt::print(stderr, "To resume: boardlab play {} --position \"{}\"\n", args->game, position_text(game.state()));
      }
      return kExitFailure;
    }
  };
}

}  // namespace boardlab::cli
