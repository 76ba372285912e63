// The step-and-slide search in C++: pieces that move along the board's directions, one cell
// or several, stopping on an empty cell or on an enemy stack they capture (the primitive
// behind steps.generate, scripts/lib/steps.lua). The Lua library turns the script's rule
// functions into tables (bl_step_rules) once; this walks them in exactly the order of the
// library's own Lua search (steps.generate_lua) and writes the same words into the move
// buffer. No game is known here: directions, ranges, captures, promotion and flags are data.
#pragma once
#include <cstdint>
#include <vector>

#include "script/ffi_types.h"

namespace boardlab {

// The search's working memory, one per script host (so per thread).
class StepMoves {
 public:
  // bl_host::step_moves: writes the moves of host->state's side to move into host->moves
  // (from its current fill); returns a BL_ status. host->steps_scratch is a StepMoves.
  static int32_t run(bl_host* host, const bl_board* board, bl_step_rules* rules);

 private:
  // kGeneral: split steps, merges, bear-offs and the height rule (rules->general, not_taller).
  template <bool kGeneral>
  int32_t search(bl_host* host, const bl_board* board, bl_step_rules* rules);
  // reached_[cell] == stamp_: a move from the piece being searched already ends there.
  std::vector<uint32_t> reached_;
  uint32_t stamp_ = 0;
};

}  // namespace boardlab
