// The jump-chain search in C++: slides and capture chains of jumping games (one piece or a
// column per cell), the primitive behind chains.generate (scripts/lib/chains.lua). The Lua library turns the
// script's rule functions into tables (bl_chain_rules) once; this walks them, in exactly the
// order of the library's own Lua search (chains.generate_lua), and writes the same words
// into the move buffer. No game is known here: directions, captures, promotion and flags are
// all data.
#pragma once
#include <cstdint>
#include <vector>

#include "script/ffi_types.h"
#include "script/key_set.h"

namespace boardlab {

// The search's working memory, one per script host (so per thread).
class JumpChains {
 public:
  // bl_host::jump_chains: writes the moves of host->state's side to move into host->moves
  // (from its current fill); returns a BL_ status. host->chains_scratch is a JumpChains.
  static int32_t run(bl_host* host, const bl_board* board, bl_chain_rules* rules);

 private:
  int32_t search(bl_host* host, const bl_board* board, bl_chain_rules* rules);
  struct Search;
  std::vector<int16_t> path_, jumped_;   // the chain being explored: landings, jumped cells
  std::vector<uint8_t> is_jumped_;       // [cell]: jumped in the chain under way (reset on the way back)
  // Chains written in this call, for "remove" captures (same start, end and jumped set:
  // one move): start, end, then the jumped cells sorted.
  KeySet<int16_t> seen_;
  std::vector<int16_t> key_;  // scratch: the key of the chain being written
};

}  // namespace boardlab
