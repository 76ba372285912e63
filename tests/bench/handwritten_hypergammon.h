// A hand-written C++ Hypergammon: the yardstick for the interpreter's speed on a dice game
// (scripts/lib/dice_turns.lua), and a second opinion on its moves in tests. Each side's
// checkers are counted in its own numbering: [0] the bar, [1..24] its points (it moves from
// 24 toward 1), [25] borne off; a side's point k is the other's 25 - k. A turn is the whole
// roll's move; turns that end in the same position are one move, as GNU Backgammon lists them.
#pragma once
#include <cstdint>
#include <vector>

#include "core/rng.h"

namespace handwritten_hypergammon {

struct Position {
  int8_t count[2][26] = {};
  int side = 0;
  bool operator==(const Position& o) const;
  bool operator<(const Position& o) const;
};
Position start_position();  // three checkers each on its 24, 23 and 22 points; white to move
// The positions a turn with `dice` (two numbers) can end in; the position itself when no
// die can be played. The side to move is left as it was.
void turns(const Position& p, int d1, int d2, std::vector<Position>& out);
int winner(const Position& p);  // -1 while both sides have checkers on the board
int playout(boardlab::Rng& rng, int max_plies);  // plies (turns) played, the opening roll-off's included

}  // namespace handwritten_hypergammon
