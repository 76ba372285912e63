// A hand-written C++ Kalah(6,4) as the bundled definition plays it: the yardstick for the
// interpreter's sowing library and a second opinion on its moves in tests. The 14 places
// in sowing order: [0..5] South's pits a1..f1, [6] South's store, [7..12] North's pits
// f2..a2, [13] North's store; pit i faces pit 12 - i. A sowing skips the opponent's store
// (not the pit sown from); the last seed in one's store moves again; in an own empty pit
// with seeds opposite, it and they go to one's store; when a side's pits are all empty each
// side's seeds go to its store and the game is over.
#pragma once
#include <cstdint>

#include "core/rng.h"

namespace handwritten_kalah {

struct Position {
  uint8_t seeds[14] = {};
  int side = 0;  // 0 South (first), 1 North
  bool over = false;
};

Position start_position(int seeds = 4);
// The pits the mover may sow from (non-empty), in order; returns their number.
int legal_moves(const Position& p, int* pits);  // pits needs 6
// Sows from `pit`; returns whether the game is over.
bool play(Position& p, int pit);
int playout(boardlab::Rng& rng, int max_plies);  // plies played

}  // namespace handwritten_kalah
