// `boardlab replay FILE`: reads a game record, checks every move against the rules (saying
// where the record first leaves them, and whether the definition has changed since), and
// shows the game: the final position, the position after move N (--at N), or move by move
// (--step: next, prev, goto N), as gnubg and Ludii step through a game. A lab folder's game
// (`replay DIR --game N`) is shown the same way.
#include <fmt/format.h>

#include <filesystem>

#include "terminal.h"
#include "view/board_view.h"
#include "commands.h"
#include "common.h"
#include "core/text.h"
#include "definition/bundled.h"
#include "line_reader.h"
#include "session/game_record.h"
#include "lab/lab_game.h"
#include "state/position_text.h"

namespace boardlab::cli {

namespace {

const char* kStepHelp =
    "Enter or n: the next move; p: the previous one; a number or 'goto N': the position after\n"
    "move N (0: the start); first, last; moves: the whole list; q: quit.\n";

// The moves, one a line, as the viewer reads them.
void print_moves(const Record& r, const Replay& rep) {
  for (size_t i = 0; i < rep.shown.size(); ++i) {
    const auto& p = r.plies[i];
    fmt::print("{:>4}. {}{} {}\n", i + 1, p.side, p.dice.empty() ? "" : " [" + p.dice + "]", rep.shown[i]);
  }
}

// The position after `plies` moves, drawn with the move that led there marked.
void show_at(const Record& r, const Replay& rep, int plies, ViewOptions view) {
  const auto k = static_cast<size_t>(plies);
  const State& s = rep.positions[k];
  const int total = rep.plies_replayed();
  if (plies > 0) view.marked = touched_cells(rep.moves[k - 1]);
  fmt::print("{}", draw_board(s, view));
  if (plies == 0) {
    fmt::print("The start (move 0 of {}).\n", total);
  } else {
    const auto& p = r.plies[k - 1];
    fmt::print("Move {} of {}: {}{} {}\n", plies, total, p.side, p.dice.empty() ? "" : " [" + p.dice + "]", rep.shown[k - 1]);
  }
  if (s.outcome().over()) fmt::print("Game over: {}.\n", describe(s.def(), s.outcome()));
}

// Steps through the replayed moves at a prompt until q or the end of input.
void step_through(const Record& r, const Replay& rep, int at, const ViewOptions& view) {
  const int total = rep.plies_replayed();
  LineReader reader("");
  fmt::print("{}", kStepHelp);
  show_at(r, rep, at, view);
  for (;;) {
    auto input = reader.read(fmt::format("move {}/{}> ", at, total), false);
    if (!input) return;
    const std::string line = trim(*input);
    const size_t sp = line.find(' ');
    const std::string word = line.substr(0, sp), arg = sp == std::string::npos ? "" : trim(line.substr(sp + 1));
    int next = at;
    if (line.empty() || line == "n" || line == "next") next = at + 1;
    else if (line == "p" || line == "prev" || line == "b" || line == "back") next = at - 1;
    else if (line == "first") next = 0;
    else if (line == "last") next = total;
    else if (line == "q" || line == "quit") return;
    else if (line == "help" || line == "?") {
      fmt::print("{}", kStepHelp);
      continue;
    } else if (line == "moves") {
      print_moves(r, rep);
      continue;
    } else if (auto n = parse_int(word == "goto" ? arg : line)) {
      if (*n < 0 || *n > total) {
        fmt::print("The record has {} moves: goto 0 (the start) to {}.\n", total, total);
        continue;
      }
      next = static_cast<int>(*n);
    } else {
      fmt::print("'{}' is not a step. {}", line, kStepHelp);
      continue;
    }
    if (next < 0 || next > total) {
      fmt::print("{}\n", next < 0 ? "This is the start." : "That was the last move.");
      continue;
    }
    at = next;
    show_at(r, rep, at, view);
  }
}

// The game as asked: stepping through it, one position, or every move and the last board.
void show(const Record& r, const Replay& rep, bool step, int at, bool quiet, ViewOptions& view) {
  const int total = rep.plies_replayed();
  if (at > total) throw UsageError(fmt::format("--at {}: the record has {} legal moves, so --at takes 0 to {}", at, total, total));
  if (step) {
    step_through(r, rep, std::max(at, 0), view);
  } else if (at >= 0) {
    show_at(r, rep, at, view);
  } else {
    if (!quiet) print_moves(r, rep);
    if (total > 0) view.marked = touched_cells(rep.moves.back());
    fmt::print("{}", draw_board(rep.state, view));
  }
}

}  // namespace

Runner add_replay(CLI::App& app) {
  auto* cmd = app.add_subcommand("replay", "Check a game record move by move and show the game");
  auto file = std::make_shared<std::string>();
  auto quiet = std::make_shared<bool>(false);
  auto step = std::make_shared<bool>(false);
  auto at = std::make_shared<int>(-1);
  cmd->add_option("file", *file, "a record saved by `boardlab play`, or a lab folder (with --game N)")->required();
  cmd->add_flag("--final", *quiet, "show only the final position, not each move");
  cmd->add_option("--at", *at, "show the position after move N (0: the start)")->check(CLI::NonNegativeNumber);
  cmd->add_flag("--step", *step, "step through the game: next, prev, goto N");
  auto definition = std::make_shared<std::string>();
  cmd->add_option("--definition", *definition,
                  "the game to replay it by (a bundled name or a definition file); a record or a folder opens only "
                  "bundled games by itself");
  auto index = std::make_shared<long>(-1);
  cmd->add_option("--game", *index, "in a lab folder (simulate --out, compare's a/ and b/): the game numbered N")
      ->check(CLI::NonNegativeNumber);
  return [=] {
    RecordToReplay opened;
    try {
      opened = open_record(*file, *index, *definition);
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
    const Record& r = opened.record;
    const std::unique_ptr<ThreadRules>& game = opened.rules;
    const GameDef& def = game->def();
    const bool changed = !def.same_rules(r.definition_hash);
    if (changed)
      fmt::print("The record was made under a different definition of {} ({}, now {}).\n", def.name, r.definition_hash,
                 def.content_hash);
    ViewOptions view;
    view.viewer = first_person(def, r);
    view.color = use_color();
    const bool stepping = *step || *at >= 0;
    const Replay rep = replay(*game, r, view.viewer, stepping);
    show(r, rep, *step, *at, *quiet, view);
    if (!rep.error.empty()) {
      fmt::print("The record leaves the rules{} at {}\n", changed ? " of the current definition" : "", rep.error);
      return kExitFailure;
    }
    const int total = rep.plies_replayed();
    const std::string now = game->over(rep.state) ? describe(def, game->outcome(rep.state)) : "*";
    fmt::print("{} moves, all legal. Result: {}\n", total, now);
    if (r.result != now) {
      fmt::print("The record says the result is '{}'.\n", r.result);
      return kExitFailure;
    }
    return kExitOk;
  };
}

}  // namespace boardlab::cli
