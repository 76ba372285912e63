// A hand-written C++ Death Stacks random playout: the yardstick for the interpreter's speed
// (the physical limit of the same rules on this machine). Used by benchmarks only; the
// interpreter never sees it.
#pragma once
#include <cstdint>

#include "core/rng.h"

namespace handwritten {

struct PlayoutResult {
  int plies = 0;
  int winner = -1;  // -1: a draw or stopped at the cap
};

// One random playout from the start with the same policy as `boardlab bench`: uniform over
// the legal moves, the third repetition of the board draws, stop after max_plies.
PlayoutResult death_stacks_playout(boardlab::Rng& rng, int max_plies);

}  // namespace handwritten
