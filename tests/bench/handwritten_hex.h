// A hand-written C++ Hex on the bundled definition's 11x11 rhombus: the yardstick for the
// interpreter's placement (the drop block) and its connection query (state.connected), and
// a second opinion on its moves in tests. Cells x + y * 11 (a1 = 0, b1 = 1); a cell touches
// (x±1, y), (x, y±1), (x+1, y-1) and (x-1, y+1). Red joins ranks 1 and 11, Blue files a and
// k. Connections are kept by union-find with four edge nodes, as fast Hex programs keep
// them. The swap: on Blue's first turn, Red's stone taken and a blue one put on its mirror.
#pragma once
#include <cstdint>

#include "core/rng.h"

namespace handwritten_hex {

constexpr int kSize = 11, kCells = kSize * kSize;
constexpr int kSwap = kCells;  // the move "swap"

struct Position {
  int8_t board[kCells] = {};  // 0 empty, 1 red, 2 blue
  int side = 0;               // 0 red (first), 1 blue
  int stones[2] = {};
  int16_t parent[kCells + 4];  // union-find; kCells + 0/1 Red's edges, + 2/3 Blue's
  Position();
};

// A position with these stones (0 empty, 1 red, 2 blue) and `side` to move.
Position set_up(const int8_t* board, int side);
// Empty cells in order, then the swap where allowed; returns their number.
int legal_moves(const Position& p, int* moves);  // moves needs kCells + 1
// Plays `move`; returns whether the mover joined its edges.
bool play(Position& p, int move);
int playout(boardlab::Rng& rng, int max_plies);  // plies played

}  // namespace handwritten_hex
