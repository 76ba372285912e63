// A hand-written C++ Breakthrough: the yardstick for the interpreter's speed on a simple
// stepping game, and a second opinion on its moves in tests. Plain mailbox code: cells
// 0..63, a1 = 0, b1 = 1, ..., h8 = 63. The rules are the bundled definition's: White first
// and moving north; a pawn steps straight forward onto an empty square or diagonally
// forward onto an empty square or an enemy pawn (capturing it); a pawn on its far rank
// wins, and so does taking every enemy pawn; a side with no move loses.
#pragma once
#include <cstdint>

#include "core/rng.h"

namespace handwritten_breakthrough {

// +1 white pawn, -1 black pawn, 0 empty.
struct Position {
  int8_t board[64] = {};
  int side = 0;  // 0 white (moves north, first), 1 black
  int pawns[2] = {};
};
struct Move {
  int8_t from = 0, to = 0;
};
constexpr int kMaxMoves = 3 * 16;

Position start_position();
int legal_moves(const Position& p, Move* out);  // out needs kMaxMoves
// Plays m; returns whether the mover has won (far rank reached, or no enemy pawn left).
bool play(Position& p, const Move& m);
uint64_t perft(const Position& p, int depth);  // moves after a win are not counted
int playout(boardlab::Rng& rng, int max_plies);  // plies played

}  // namespace handwritten_breakthrough
