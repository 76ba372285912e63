// `boardlab play`: a game in the terminal between people and agents (a level or any agent
// spec), seen from the person's side and kept as a game record all along: `save`, `load`,
// `undo`/`redo`, `hint`, `level`, `resign`; Ctrl-C saves the game (under a name no earlier
// save has) before leaving, and `--load FILE` resumes it.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <thread>

#include "board_view.h"
#include "commands.h"
#include "common.h"
#include "core/text.h"
#include "definition/bundled.h"
#include "line_reader.h"
#include "session/play_session.h"
#include "session/viewpoint.h"
#include "state/position_text.h"
#include "terminal.h"

namespace boardlab::cli {

namespace {

const char* kHelp =
    "Type a move in the game's notation (separators may be left out: e1g3; a capture chain by\n"
    "its squares in order, or by its start and end when that is unique: c3c7; a piece's\n"
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
    "  resign       give up the game\n"
    "  quit         stop (you may save first)\n"
    "With no legal move, Enter passes.\n";

std::string now_iso() {
  std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

// What plays each seat: "human" or an agent spec, as --player NAME=SPEC or --NAME SPEC (the
// game's own player names, such as --white and --black, left over by CLI11 in `extras`)
// say. A seat they leave is the computer at --level, but for the first player's, which is
// a person's unless they name a person's seat (`--black human`: you play black).
std::vector<std::string> seat_kinds(const GameDef& def, const std::vector<std::string>& players,
                                    const std::vector<std::string>& extras, int level) {
  std::vector<std::string> kind(def.players.size());
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
  const bool person_named = std::find(kind.begin(), kind.end(), "human") != kind.end();
  for (size_t p = 0; p < kind.size(); ++p)
    if (kind[p].empty()) kind[p] = p == 0 && !person_named ? "human" : PlaySession::level_seat(level);
  return kind;
}

// A seat's spec for people: "level 3 (mcts:seconds=0.5)", or the spec as given.
std::string seat_words(const GameDef& def, const std::string& spec) {
  if (spec.rfind("level:", 0) != 0) return spec;
  const auto n = parse_int(spec.substr(6));
  return n && *n >= 1 && *n <= kLevels ? fmt::format("level {} ({})", *n, level_spec(def, static_cast<int>(*n))) : spec;
}

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

// What the terminal shows as the game goes: rolls, moves (the computer's with the time it
// took, a thinking line meanwhile), and the board once before each person's decision (before
// each move when only computers play), from the viewer's side; the record is saved after
// every move with --record.
class Terminal : public PlaySession::Watcher {
 public:
  Terminal(PlaySession& game, LineReader& reader, std::string record_file, double delay)
      : game_(game), reader_(reader), record_file_(std::move(record_file)), delay_(delay) {
    view.color = use_color();
    view.viewer = game.viewer();
    // Room for the lines around the board: the moves just played, the last moves, the prompt.
    if (const int rows = terminal_rows()) view.max_lines = rows - 9;
  }
  ViewOptions view;
  bool redraw = true;  // the board is drawn again at the next decision

  // Draws the board if something changed since; true if it did.
  bool show_board() {
    if (!redraw) return false;
    fmt::print("{}", draw_board(game_.state(), view));
    redraw = false;
    return true;
  }
  // The last moves, as many as fit on a line: "Moves: 11. white e1-f2, 12. black d8-c7".
  void show_last_moves() const {
    const auto plies = game_.record().plies;
    const auto& shown = game_.shown();
    std::string line;
    for (size_t i = shown.size(); i-- > 0;) {
      const std::string item = fmt::format("{}. {} {}", i + 1, plies[i].side, shown[i]);
      if (!line.empty() && line.size() + item.size() + 9 > 80) {
        line = "..., " + line;
        break;
      }
      line = line.empty() ? item : item + ", " + line;
    }
    if (!line.empty()) fmt::print("Moves: {}\n", line);
  }
  void rolled(const State& s, bool opening) override {
    fmt::print("{} {} {}\n", name(s.side()), opening ? "wins the opening roll with" : "rolls", fmt::join(s.rolled(), "-"));
  }
  void deciding(const State& s) override {
    if (!game_.someone_human()) show_board();  // watching: a board before every move
    thinking_.start(name(s.side()));
    started_ = std::chrono::steady_clock::now();
  }
  bool interrupted() override { return reader_.interrupted(); }
  // Before an error is printed: the thinking line would draw over it.
  void stop_thinking() { thinking_.stop(); }
  void played(const State& before, const Move& m, const std::string& text, const State&, bool computer) override {
    thinking_.stop();
    const std::string& who = name(before.side());
    if (m.is_pass()) fmt::print("{} has no legal move and passes\n", who);
    else if (!computer) fmt::print("{} plays {}\n", who, text);
    else
      fmt::print("{} plays {} ({:.1f} s)\n", who, text,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count());
    if (!game_.someone_human() || computer) fmt::print("\n");
    view.marked = touched_cells(m);
    redraw = true;
    if (!record_file_.empty()) game_.save(record_file_);
    if (delay_ > 0 && computer) std::this_thread::sleep_for(std::chrono::duration<double>(delay_));
  }
  const std::string& name(int player) const { return game_.def().players[static_cast<size_t>(player)].name; }

 private:
  PlaySession& game_;
  LineReader& reader_;
  std::string record_file_;
  double delay_;
  ThinkingLine thinking_;
  std::chrono::steady_clock::time_point started_;
};

// Who plays what, said once at the start: "You play white (moves up the board); black is
// level 3 (mcts:seconds=0.5)."
std::string seating(const PlaySession& game) {
  const GameDef& def = game.def();
  std::vector<std::string> people, computers;
  for (int p = 0; p < def.nplayers(); ++p) {
    const std::string& name = def.players[static_cast<size_t>(p)].name;
    if (game.is_human(p)) people.push_back(name);
    else computers.push_back(fmt::format("{} is {}", name, seat_words(def, game.seat(p))));
  }
  const std::string& viewer = def.players[static_cast<size_t>(game.viewer())].name;
  const std::string how = how_player_moves(def, game.viewer());
  if (people.empty()) return fmt::format("Watching: {}. The board is seen from {}'s side.", join(computers, "; "), viewer);
  std::string out = people.size() == 1 ? fmt::format("You play {} ({})", viewer, how)
                                        : fmt::format("{} are played here; the board and the moves are seen from {}'s side "
                                                      "({} {})", join(people, " and "), viewer, viewer, how);
  if (!computers.empty()) out += "; " + join(computers, "; ");
  return out + ".";
}

// "level" shows the levels; "level N" makes every computer play level N.
void level_command(PlaySession& game, const std::string& arg) {
  const GameDef& def = game.def();
  if (!arg.empty()) {
    const auto n = parse_int(arg);
    if (!n || *n < 1 || *n > kLevels) {
      fmt::print("level N: N is 1 (weakest) to {} (strongest)\n", kLevels);
      return;
    }
    bool any = false;
    for (int p = 0; p < def.nplayers(); ++p) any = any || !game.is_human(p);
    if (!any) {
      fmt::print("No computer plays in this game.\n");
      return;
    }
    game.set_computers(PlaySession::level_seat(static_cast<int>(*n)));
  }
  for (int p = 0; p < def.nplayers(); ++p)
    if (!game.is_human(p)) fmt::print("{} is {}\n", def.players[static_cast<size_t>(p)].name, seat_words(def, game.seat(p)));
  if (arg.empty())
    for (int n = 1; n <= kLevels; ++n) fmt::print("  level {}: {}\n", n, level_spec(def, n));
}

void hint_command(PlaySession& game, const std::string& arg) {
  const auto n = arg.empty() ? std::optional<long long>(1) : parse_int(arg);
  if (!n || *n < 1 || *n > 20) {
    fmt::print("hint N: the best N moves, N from 1 to 20\n");
    return;
  }
  const auto hints = game.hint(static_cast<int>(*n));
  if (hints.size() == 1 && hints[0].visits == 0) {
    fmt::print("Hint: {} (the only legal move)\n", hints[0].move);
    return;
  }
  // The mover's expected score: the chance of winning, draws counting half.
  for (size_t i = 0; i < hints.size(); ++i)
    fmt::print("{} {:<14} scores {:.0f}% ({} of the search's playouts)\n", i == 0 ? "Hint:" : "     ", hints[i].move,
               100 * hints[i].value, hints[i].visits);
}

}  // namespace

Runner add_play(CLI::App& app) {
  auto* cmd = app.add_subcommand("play", "Play a game in the terminal");
  auto args = std::make_shared<GameArgs>();
  auto players = std::make_shared<std::vector<std::string>>();
  auto seed = std::make_shared<std::optional<uint64_t>>();
  auto load = std::make_shared<std::string>();
  auto record_file = std::make_shared<std::string>();
  auto delay = std::make_shared<double>(0);
  auto level = std::make_shared<int>(kDefaultLevel);
  auto auto_pass = std::make_shared<bool>(false);
  cmd->add_option("game", args->game, "a bundled game's name or a definition file")->required();
  cmd->add_option("--player", *players,
                  "NAME=human or NAME=AGENT, e.g. black=mcts:iterations=2000 (default: the first player human, the "
                  "others the computer at --level); or --NAME SPEC with the game's player names: --white human --black random");
  cmd->allow_extras();  // --white, --black, ...: the players of the game, known once it is loaded
  cmd->add_option("--level", *level, "the computer's level, 1 (weakest) to 5 (`boardlab agents` lists them)")
      ->check(CLI::Range(1, kLevels));
  cmd->add_flag("--auto-pass", *auto_pass, "with no legal move, pass at once instead of asking for Enter");
  cmd->add_option("--seed", *seed, "the seed for the dice and the computers (default: a new one, printed and recorded)");
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
    setup.seats = seat_kinds(*def, *players, cmd->remaining(), *level);
    setup.seed = seed->value_or(fresh_seed());
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
      try {
        const std::string note = game.load(*load);
        if (!note.empty()) fmt::print("Note: {}\n", note);
      } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
      }
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
      const std::string suggested = unused_name(name + "-record");
      auto answer = reader.read(fmt::format("Save the game record? Type a file name (or y for {}), or just Enter: ", suggested),
                                false);
      const std::string file = answer ? trim(*answer) : "";
      if (file == "y" || file == "yes") save(suggested);
      // A person who types a command here ("quit") means no; such a word never names the file.
      else if (!file.empty() && file != "n" && file != "no" && file != "q" && file != "quit") save(file);
    };

    fmt::print("{}: {}\n{}\nSeed {} (the same game again: --seed {}). Type 'help' for commands.\n\n", def->title,
               trim(def->description), seating(game), setup.seed, setup.seed);
    // Whatever goes wrong, the game in progress is not lost: save it, or say how to resume.
    try {
      for (;;) {
        game.advance(&term);
        // Ctrl-C: at a prompt, or between two computer moves.
        if (reader.interrupted()) {
          fmt::print("\nInterrupted. ");
          save(unused_name(name + "-interrupted"));
          return kExitOk;
        }
        const bool drawn = term.show_board();
        if (game.over()) {
          fmt::print("Game over: {}.\n", describe(*def, game.rules().outcome(game.state())));
          offer_save();
          return kExitOk;
        }
        const std::string& me = term.name(game.state().side());
        if (game.must_pass() && *auto_pass) {
          game.play(0, &term);
          continue;
        }
        if (drawn) term.show_last_moves();
        std::fflush(stdout);
        const std::string dice = def->dice.count ? fmt::format(" (dice {})", fmt::join(game.state().rolled(), "-")) : "";
        auto input = reader.read(game.must_pass() ? fmt::format("{} has no legal move{}: press Enter to pass> ", me, dice)
                                                  : fmt::format("{} to move{}> ", me, dice));
        if (!input && reader.interrupted()) continue;  // saved at the top of the loop
        const std::string line = input ? trim(*input) : "quit";
        const size_t sp = line.find(' ');
        const std::string word = line.substr(0, sp), arg = sp == std::string::npos ? "" : trim(line.substr(sp + 1));
        if (line.empty()) {
          if (game.must_pass()) game.play(0, &term);
          continue;
        }
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
        } else if (word == "hint") {
          hint_command(game, arg);
        } else if (word == "level") {
          try {
            level_command(game, arg);
          } catch (const std::invalid_argument& e) {
            fmt::print("{}\n", e.what());
          }
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
          fmt::print("Game over: {}.\n", describe(*def, game.rules().outcome(game.state())));
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
      term.stop_thinking();
      fmt::print(stderr, "boardlab: {}\n", e.what());
      try {
        save(unused_name(name + "-crashed"));
      } catch (const std::exception&) {
        fmt::print(stderr, "To resume: boardlab play {} --position \"{}\"\n", args->game, position_text(game.state()));
      }
      return kExitFailure;
    }
  };
}

}  // namespace boardlab::cli
