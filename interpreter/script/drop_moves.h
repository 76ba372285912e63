// The placing search in C++: one move per empty playable cell, a piece placed there from a
// reserve, or with a fall direction only where the piece comes to rest, as in column games
// (the primitive behind drop.generate, scripts/lib/drop.lua). It writes the words of the
// library's own Lua loop (drop.generate_lua), in the same cell order; checking mode runs both.
#pragma once
#include <cstdint>

#include "script/ffi_types.h"

namespace boardlab {

// bl_host::drop_moves: writes the moves into host->moves (from its current fill); returns a
// BL_ status.
int32_t drop_moves(bl_host* host, const bl_board* board, const bl_drop_rules* rules);

}  // namespace boardlab
