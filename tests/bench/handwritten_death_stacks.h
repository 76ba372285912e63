// A hand-written C++ Death Stacks random playout: the yardstick for the interpreter's speed
// (the physical limit of the same rules on this machine). Used by benchmarks only; the
// interpreter never sees it.
#pragma once
#include <cstdint>

#include "core/rng.h"

namespace handwritten {

// The position and move generator, also used by tests as an independent second opinion on
// the interpreter's Death Stacks moves. Cells are 0..35, a1 = 0, b1 = 1, ..., f6 = 35.
struct Position {
  uint8_t height[36] = {};
  uint8_t pieces[36][24] = {};  // bottom to top: 0 red, 1 black
  int side = 0;                 // 0 red, 1 black
  uint64_t hash = 0;            // Zobrist hash of the board, for the repetition rule
};
struct Move {
  int8_t from, to, k;
};
Position start_position();
int legal_moves(const Position& p, Move* out);  // out needs room for 36 * 24 * 8 moves
void play(Position& p, const Move& m);
uint64_t perft(const Position& p, int depth);

struct PlayoutResult {
  int plies = 0;
  int winner = -1;  // -1: a draw or stopped at the cap
};

// One random playout from the start with the same policy as `boardlab bench`: uniform over
// the legal moves, the third repetition of the board draws, stop after max_plies.
PlayoutResult death_stacks_playout(boardlab::Rng& rng, int max_plies);

}  // namespace handwritten
