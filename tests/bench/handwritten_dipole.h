// A hand-written C++ Dipole: the yardstick for the interpreter's speed, and a second
// opinion on its moves in tests. Cells are 0..63, a1 = 0, b1 = 1, ..., h8 = 63.
#pragma once
#include <cstdint>

#include "core/rng.h"

namespace handwritten_dipole {

struct Position {
  int8_t stack[64] = {};  // +n: n white checkers, -n: n black checkers
  int side = 0;           // 0 white (moves north), 1 black
};
struct Move {
  int8_t from, to, n;  // to = -1: borne off
};
Position start_position();
int legal_moves(const Position& p, Move* out);  // out needs room for 64 * 12 * 9 moves; 0: pass
void play(Position& p, const Move& m);
int winner(const Position& p);  // -1 while both sides have checkers
uint64_t perft(const Position& p, int depth);
int playout(boardlab::Rng& rng, int max_plies);  // plies played

}  // namespace handwritten_dipole
