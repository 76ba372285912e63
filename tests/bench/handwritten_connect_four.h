// A hand-written C++ Connect Four on the bundled definition's board (7 columns, 6 rows, four
// in a row): the yardstick for the interpreter's drop block (a disc falls down its column)
// and its line result, and a second opinion on its moves in tests. Bitboards as the
// strong solvers keep them: bit (column * 7 + row) per disc, a spare bit atop each column.
#pragma once
#include <cstdint>

#include "core/rng.h"

namespace handwritten_connect_four {

constexpr int kColumns = 7, kRows = 6, kHeight = kRows + 1;

struct Position {
  uint64_t discs[2] = {};     // red (first), yellow
  int8_t height[kColumns] = {};  // discs in each column
  int side = 0;
};

// The columns that are not full, in order; returns their number.
int legal_moves(const Position& p, int* columns);
// Drops the mover's disc into `column`; returns whether it made four in a row.
bool play(Position& p, int column);
int playout(boardlab::Rng& rng, int max_plies);  // plies played

}  // namespace handwritten_connect_four
