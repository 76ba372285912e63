// Replay: the one walk of a game from what was written down (a record's plies, a lab
// folder's move numbers and rolls, a rule scenario's play list, a session's redo). Each
// written ply gives its roll where one is due (read by the one roll-off rule,
// Rules::read_roll) and its move, by its text in the game's notation or by its number among
// the legal moves; the walker checks both against the rules and says why a ply does not
// fit. GameLoop is the other walker: it plays games, this one reads them back.
#pragma once
#include <optional>
#include <string>

#include "rules/game_loop.h"

namespace boardlab {

// One ply as written down.
struct WrittenPly {
  int side = -1;     // the player the writing says moves (-1: not said)
  std::string dice;  // the roll where the position waits for one ("6-5"); ignored where none is due
  std::string move;  // the move in the game's notation, or
  int index = -1;    // when >= 0, its number among the legal moves (from 0)
};

class Replayer {
 public:
  // Walks `s` (kept by the caller) by `rules`; `observer` sees each roll and move as the game
  // loop's observers do.
  Replayer(const Rules& rules, State& s, GameObserver* observer = nullptr)
      : rules_(rules), s_(s), observer_(observer) {}

  // Plays one written ply: its roll where one is due, then its move. Returns "" or why the
  // ply does not fit the rules; the state then stays where the misfit was found (a roll that
  // fitted stays rolled).
  std::string play(const WrittenPly& ply);

  // The legal moves and the mover's notation of the ply played last (or that failed): a
  // move's text for a record, or the moves to list beside a text that named none.
  const MoveList& legal() const { return legal_; }
  const Rules::Notation& notation();
  // How the last move given as text was read (its index, or why not).
  const Rules::Notation::Parsed& parsed() const { return parsed_; }

 private:
  const Rules& rules_;
  State& s_;
  GameObserver* observer_;
  MoveList legal_;
  Move move_;
  std::optional<Rules::Notation> notation_;
  Rules::Notation::Parsed parsed_;
};

}  // namespace boardlab
