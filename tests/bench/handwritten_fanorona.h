// A hand-written C++ Fanorona (shared/rules/README.md section 8, the bundled definition's
// options: White's first turn one capturing step, no move cap): the yardstick for the
// interpreter's step_chains library (approach and withdrawal captures, chains) and a second
// opinion on its moves in tests. Points x + 9 y (a1 = 0, i5 = 44); strong points (x + y even)
// have diagonal lines too. A move is kept as the board it leaves: a chain's every prefix is a
// move of its own, found by one depth-first search.
#pragma once
#include <cstdint>
#include <vector>

#include "core/rng.h"

namespace handwritten_fanorona {

constexpr int kWidth = 9, kHeight = 5, kPoints = kWidth * kHeight;

struct Position {
  int8_t board[kPoints] = {};  // 0 empty, 1 white, 2 black
  int side = 0;                // 0 white (first), 1 black
  int ply = 0;
};

Position start_position();
// The boards each legal move leaves (side and ply as before), in no particular order.
void legal_moves(const Position& p, std::vector<Position>& out);
int playout(boardlab::Rng& rng, int max_plies);  // plies played

}  // namespace handwritten_fanorona
