// The terminal's side of `boardlab play`: drawing, the prompt and its commands.
#include "play_terminal.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <thread>

#include "play_view.h"
#include "common.h"
#include "core/text.h"
#include "core/text_wrap.h"
#include "line_reader.h"
#include "session/viewpoint.h"
#include "state/position_text.h"
#include "terminal.h"

namespace boardlab::cli {

namespace {

// Wrapped to the terminal's width when printed: a paragraph is one line here.
const char* kHelp =
    "Type a move in the game's notation (separators may be left out: e1g3; a capture chain by "
    "its squares in order, or by its start and end when that is unique: c3c7; a piece's "
    "path point by point: 24/18/13), or its number from 'moves'; or one of:\n"
    "  moves        list the legal moves\n"
    "  undo, redo   take back your last move (and the replies), or play it again\n"
    "  hint [N]     the computer's best move for you (or its best N), with how each scores\n"
    "  level [N]    the computer's level, 1 (weakest) to 5\n"
    "  board, flip  show the board again, or turned round\n"
    "  stack CELL   the whole stack on a cell, bottom to top\n"
    "  rules        the rules of the game\n"
    "  save FILE    save the game record (boardlab play --load FILE resumes it)\n"
    "  load FILE    continue a saved game\n"
    "  resign       give up the game (after a y to confirm)\n"
    "  quit         stop (you may save first)\n"
    "With no legal move, Enter passes.\n";

// The first of NAME.txt, NAME-2.txt, ... that does not exist: an earlier save is never
// overwritten by one the program chose the name of.
std::string unused_name(const std::string& stem) {
  std::error_code ec;
  for (int i = 1;; ++i) {
    const std::string name = i == 1 ? stem + ".txt" : fmt::format("{}-{}.txt", stem, i);
    if (!std::filesystem::exists(name, ec) && !ec) return name;
    if (i >= 10000 || ec)  // never a name that may exist: the caller says how to resume instead
      throw std::runtime_error(fmt::format("no free file name like {}.txt here{}", stem, ec ? ": " + ec.message() : ""));
  }
}

// The prompt and what it runs: one decision at a time.
class PlayLoop {
 public:
  PlayLoop(PlaySession& game, const PlayOptions& o)
      : game_(game), def_(game.def()), o_(o), reader_(LineReader::default_history_file()),
        term_(game, reader_, o.record_file, o.delay) {}

  int run() {
    say(fmt::format("{}: {}", def_.title, trim(def_.description)));
    say(seating(game_));
    say(fmt::format("Seed {} (the same game again: --seed {}). Type 'help' for commands.", game_.record().seed,
                    game_.record().seed));
    fmt::print("\n");
    try {
      while (turn() == Next::Ask) {
      }
      return kExitOk;
    } catch (const std::exception& e) {
      term_.stop_thinking();
      fmt::print(stderr, "boardlab: {}\n", e.what());
      try {
        save(unused_name(def_.name + "-crashed"));
      } catch (const std::exception&) {
        fmt::print(stderr, "To resume: boardlab play {} --position \"{}\"\n", o_.game, position_text(game_.state()));
      }
      return kExitFailure;
    }
  }

 private:
  enum class Next { Ask, End };

  // Computers' moves, then the board and one line from the person to move.
  Next turn() {
    game_.advance(&term_);
    // Ctrl-C: at a prompt, or between two computer moves.
    if (reader_.interrupted()) {
      fmt::print("\nInterrupted. ");
      save(unused_name(def_.name + "-interrupted"));
      return Next::End;
    }
    const bool drawn = term_.show_board();
    if (game_.over()) return game_over();
    if (game_.must_pass() && o_.auto_pass) {
      game_.play(0, &term_);
      return Next::Ask;
    }
    if (drawn) term_.show_last_moves();
    std::fflush(stdout);
    const std::string& me = term_.name(game_.state().side());
    const std::string dice = def_.dice.count ? fmt::format(" (dice {})", fmt::join(game_.state().rolled(), "-")) : "";
    auto input = reader_.read(game_.must_pass() ? fmt::format("{} has no legal move{}: press Enter to pass> ", me, dice)
                                                : fmt::format("{} to move{}> ", me, dice));
    if (!input && reader_.interrupted()) return Next::Ask;  // saved at the top of the next turn
    return handle(input ? trim(*input) : "quit");
  }

  // A command, or a move.
  Next handle(const std::string& line) {
    const size_t sp = line.find(' ');
    const std::string word = line.substr(0, sp), arg = sp == std::string::npos ? "" : trim(line.substr(sp + 1));
    if (line.empty()) {
      if (game_.must_pass()) game_.play(0, &term_);
    } else if (line == "help") {
      say(kHelp);
    } else if (line == "moves") {
      for (size_t i = 0; i < game_.texts().size(); ++i) fmt::print("{:>3}. {}\n", i + 1, game_.texts()[i]);
    } else if (line == "board") {
      term_.redraw = true;
    } else if (word == "stack") {
      stack_command(arg);
    } else if (line == "flip") {
      term_.view.flip = !term_.view.flip;
      term_.redraw = true;
    } else if (line == "rules") {
      say(def_.rules_text.empty() ? "(this definition has no rules summary)" : def_.rules_text);
    } else if (word == "hint") {
      hint_command(game_, arg);
    } else if (word == "level") {
      reported([&] { level_command(game_, arg); });
    } else if (line == "undo" || line == "redo") {
      if (line == "undo" ? game_.undo() : game_.redo()) term_.redraw = true;
      else fmt::print("Nothing to {}.\n", line);
    } else if (word == "save") {
      if (arg.empty()) fmt::print("save FILE: where to save the game\n");
      else save(arg);
    } else if (word == "load") {
      load_command(arg);
    } else if (line == "resign") {
      // A game thrown away by a slip of the keyboard is not undone: ask first.
      const auto sure = reader_.read("Resign this game? (y/n) ", false);
      if (!sure || (trim(*sure) != "y" && trim(*sure) != "yes")) {
        fmt::print("Not resigned.\n");
        return Next::Ask;
      }
      return reported([&] { game_.resign(); }) ? game_over() : Next::Ask;
    } else if (line == "quit") {
      fmt::print("\nTo resume: boardlab play {} --position \"{}\"\n", o_.game, position_text(game_.state()));
      offer_save();
      return Next::End;
    } else {
      const auto parsed = game_.parse(line);
      if (parsed.index >= 0) {
        game_.play(parsed.index, &term_);
      } else {
        // A command mistyped reads as a move: say which command it looks like.
        static const std::vector<std::string> kCommands = {"help", "moves", "board", "stack", "flip", "rules", "hint",
                                                           "level", "undo", "redo", "save", "load", "resign", "quit"};
        const std::string near = closest(word, kCommands);
        fmt::print("{}{}\n", parsed.error, near.empty() ? "" : fmt::format(" (the command '{}'?)", near));
      }
    }
    return Next::Ask;
  }

  // Text for the person, wrapped to the terminal's width (read again: windows are resized).
  static void say(const std::string& text) { fmt::print("{}\n", wrap_text(trim(text), terminal_columns())); }

  // Runs `f`; a refusal (std::invalid_argument) is printed for the person. True if it ran.
  template <class F>
  bool reported(F&& f) {
    try {
      f();
      return true;
    } catch (const std::invalid_argument& e) {
      fmt::print("{}\n", e.what());
      return false;
    }
  }

  Next game_over() {
    fmt::print("Game over: {}.\n", describe(def_, game_.rules().outcome(game_.state())));
    offer_save();
    return Next::End;
  }

  void stack_command(const std::string& arg) {
    const int c = def_.board.cell_index(arg);
    if (c < 0) {
      fmt::print("stack CELL: the full stack on a cell, bottom to top (e.g. stack {})\n", def_.board.cell_names[0]);
      return;
    }
    std::string pieces;
    for (int l = 0; l < game_.state().height(c); ++l) pieces += def_.glyph_of[game_.state().piece(c, l)];
    fmt::print("{}: {}\n", arg, pieces.empty() ? "empty" : pieces + " (bottom to top)");
  }

  void load_command(const std::string& arg) {
    if (arg.empty()) {
      fmt::print("load FILE: a saved game record\n");
      return;
    }
    reported([&] {
      const std::string note = game_.load(arg);
      if (!note.empty()) fmt::print("Note: {}\n", note);
      term_.redraw = true;
    });
  }

  void save(const std::string& path) {
    game_.save(path);
    fmt::print("Saved to {} (resume: boardlab play {} --load {}).\n", path, o_.game, path);
  }

  // At the end of a game, or when a player leaves: saved to --record, or a file asked for.
  void offer_save() {
    if (!o_.record_file.empty()) return save(o_.record_file);
    if (game_.record().plies.empty() || !game_.someone_human()) return;
    const std::string suggested = unused_name(def_.name + "-record");
    auto answer = reader_.read(fmt::format("Save the game record? Type a file name (or y for {}), or just Enter: ", suggested),
                               false);
    const std::string file = answer ? trim(*answer) : "";
    if (file == "y" || file == "yes") save(suggested);
    // A person who types a command here ("quit") means no; such a word never names the file.
    else if (!file.empty() && file != "n" && file != "no" && file != "q" && file != "quit") save(file);
  }

  PlaySession& game_;
  const GameDef& def_;
  const PlayOptions& o_;
  LineReader reader_;
  Terminal term_;
};

}  // namespace

int play_in_terminal(PlaySession& game, const PlayOptions& options) { return PlayLoop(game, options).run(); }

}  // namespace boardlab::cli
