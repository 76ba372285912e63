// Drawing a board in the terminal, ranks top to bottom and files left to right: a grid's
// cells show their top piece's glyph and the stack's height; a lattice shows its points and
// the lines between them. Then the full stacks, the reserves, and which glyph is which piece.
#pragma once
#include <string>

#include "state/state.h"

namespace boardlab::cli {

std::string draw_board(const State& s);

}  // namespace boardlab::cli
