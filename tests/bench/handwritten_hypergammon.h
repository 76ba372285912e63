// A hand-written C++ Hypergammon, and with their setups backgammon and nackgammon (the same
// rules), and with pins instead of hits Plakoto (shared/rules/README.md section 7: a lone
// checker landed on is pinned under the lander, the mother rule, no bar): the yardstick for
// the interpreter's speed on dice games (scripts/lib/dice_turns.lua), and a second opinion
// on its moves in tests. Each side's
// checkers are counted in its own numbering: [0] the bar, [1..24] its points (it moves from
// 24 toward 1), [25] borne off; a side's point k is the other's 25 - k. A turn is the whole
// roll's move; turns that end in the same position are one move, as GNU Backgammon lists them.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "core/rng.h"

namespace handwritten_hypergammon {

struct Position {
  int8_t count[2][26] = {};   // free checkers
  int8_t pinned[2][26] = {};  // Plakoto: [s][k] is 1 where side s has a checker pinned on its point k
  int side = 0;
  bool pins = false;          // Plakoto's rules
  bool operator==(const Position& o) const;
  bool operator<(const Position& o) const;
};
// Where each side's checkers start, as (point, checkers) in its own numbering.
using Setup = std::vector<std::pair<int, int>>;
inline const Setup kHypergammon = {{24, 1}, {23, 1}, {22, 1}};
inline const Setup kBackgammon = {{24, 2}, {13, 5}, {8, 3}, {6, 5}};
inline const Setup kNackgammon = {{24, 2}, {23, 2}, {13, 4}, {8, 3}, {6, 4}};
inline const Setup kPlakoto = {{24, 15}};
// White to move; `pins`: Plakoto's rules.
Position start_position(const Setup& setup = kHypergammon, bool pins = false);
// The positions a turn with `dice` (two numbers) can end in; the position itself when no
// die can be played. The side to move is left as it was.
void turns(const Position& p, int d1, int d2, std::vector<Position>& out);
// After a move by the side that did not move next: -2 while the game goes on, -1 drawn
// (Plakoto: both mothers pinned), else the winner (every checker borne off; Plakoto: the
// other side's mother pinned and the winner's own start left).
int outcome(const Position& p);
// Plies (turns) played, the opening roll-off's included.
int playout(boardlab::Rng& rng, int max_plies, const Setup& setup = kHypergammon, bool pins = false);

}  // namespace handwritten_hypergammon
