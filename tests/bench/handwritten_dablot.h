// A hand-written C++ Dablot Prejjesne: the yardstick for the interpreter's speed on a
// lattice jump-chain game with ranks, and a second opinion on its moves in tests. The 72
// points sit on an 11 x 13 grid of doubled coordinates (cell y * 11 + x; corners at even x
// and y, centres at odd x and y, as definitions/dablot.yaml declares them). The rules are
// the bundled definition's defaults: White first, steps and jumps along the lines, a piece
// jumps only pieces of equal or lower rank, compulsory capture, chains while they can, no
// piece jumped twice; a side with no piece or no move loses; only the two kings left, the
// same position three times, or 120 plies without a capture draw.
#pragma once
#include <array>
#include <cstdint>

#include "core/rng.h"

namespace handwritten_dablot {

constexpr int kCells = 11 * 13;
// +rank for white (1 soldier, 2 prince, 3 king), -rank for black, 0 empty.
struct Position {
  int8_t board[kCells] = {};
  int side = 0;
};
struct Move {
  int16_t from = 0, to = 0;
  std::array<uint64_t, 3> captured{};  // a bit per jumped cell
};
constexpr int kMaxMoves = 1024;

Position start_position();
int legal_moves(const Position& p, Move* out);  // out needs kMaxMoves; 0: the side to move loses
void play(Position& p, const Move& m);
uint64_t perft(const Position& p, int depth);
int playout(boardlab::Rng& rng, int max_plies);  // plies played

}  // namespace handwritten_dablot
