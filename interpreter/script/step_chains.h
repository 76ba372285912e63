// The step-chain search in C++: capture chains made of single steps onto empty points, where
// each step may capture a line of enemy pieces ahead of its landing point or behind its
// start (capture by approach and withdrawal), the primitive behind step_chains.generate
// (scripts/lib/step_chains.lua) when its captures are given as patterns. It walks in exactly
// the order of the library's Lua search and writes the same words into the move buffer. No
// game is known here: the capture patterns, the chain rules and the flags are data.
#pragma once
#include <cstdint>
#include <vector>

#include "script/ffi_types.h"

namespace boardlab {

// The search's working memory, one per script host (so per thread).
class StepChains {
 public:
  // bl_host::step_chains: writes the moves of host->state's side to move into host->moves
  // (from its current fill); returns a BL_ status. host->step_chains_scratch is a StepChains.
  static int32_t run(bl_host* host, const bl_board* board, const bl_step_chain_rules* rules);

 private:
  struct Search;
  // Per cell: gone_[c] == stamp_ while c is empty in the chain under way (a captured piece,
  // a point the piece left); visited_[c] == stamp_ once the piece stood there this turn.
  std::vector<uint32_t> gone_, visited_;
  uint32_t stamp_ = 0;
  // The chain under way: step i lands on to_[i] and captures removed_[first_[i]..first_[i+1]).
  std::vector<int16_t> to_, removed_;
  std::vector<int32_t> first_;
};

}  // namespace boardlab
