// Drawing a board in the terminal, ranks top to bottom and files left to right: a grid's
// cells show their top piece's glyph and the stack's height; a lattice shows its points and
// the lines between them. Then the full stacks, the reserves, and which glyph is which piece.
#pragma once
#include <string>
#include <vector>

#include "state/state.h"

namespace boardlab::cli {

struct ViewOptions {
  bool flip = false;        // seen from the other side (a track: numbered for the other player)
  bool color = false;       // ANSI colours: pieces by owner, the last move in reverse video
  std::vector<int> marked;  // cells the last move touched: coloured, or marked * without colour
};

std::string draw_board(const State& s, const ViewOptions& view = {});
// Colour only on a terminal, and never when NO_COLOR is set (no-color.org).
bool use_color();
// The cells a move touches, for ViewOptions::marked.
std::vector<int> touched_cells(const Move& m);

}  // namespace boardlab::cli
