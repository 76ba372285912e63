// The terminal's side of `boardlab play`: the board and what happens drawn as the game goes,
// and the prompt where a person types a move or a command (help, moves, undo, redo, hint,
// level, board, flip, stack, rules, save, load, resign, quit). Whatever goes wrong, the game
// in progress is not lost: it is saved, or the way to resume is printed.
#pragma once
#include <string>

#include "session/play_session.h"

namespace boardlab::cli {

struct PlayOptions {
  std::string game;         // as typed on the command line, for the "resume with" hints
  std::string record_file;  // --record: saved after every move ("" none)
  double delay = 0;         // seconds after each computer move
  bool auto_pass = false;   // pass at once when there is no legal move
};

// Plays `game` at this terminal until it ends or the person leaves; the exit code.
int play_in_terminal(PlaySession& game, const PlayOptions& options);

}  // namespace boardlab::cli
