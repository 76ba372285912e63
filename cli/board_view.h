// Drawing a grid board in the terminal: ranks top to bottom, files left to right; each cell
// shows its top piece's glyph and the stack's height.
#pragma once
#include <string>

#include "state/state.h"

namespace boardlab::cli {

std::string draw_board(const State& s);

}  // namespace boardlab::cli
