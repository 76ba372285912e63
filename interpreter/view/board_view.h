// Drawing a board in the terminal from one player's side: a grid's cells show their top
// piece's glyph and the stack's height; a lattice shows its points and the lines between
// them; a track its points numbered for that player, with pip counts. Then the full stacks,
// the reserves, and which glyph is which piece.
#pragma once
#include <string>
#include <vector>

#include "state/state.h"

namespace boardlab {

struct ViewOptions {
  int viewer = 0;           // the player whose side is at the bottom (a track: numbered for)
  bool flip = false;        // seen from the other side instead
  bool color = false;       // ANSI colours: pieces by owner, the last move in reverse video
  std::vector<int> marked;  // cells the last move touched: coloured, or in [brackets] without colour
  int max_lines = 0;        // a lattice drawn taller than this keeps only its rows of points (0: no limit)
};

std::string draw_board(const State& s, const ViewOptions& view = {});
// The cells a move touches, for ViewOptions::marked.
std::vector<int> touched_cells(const Move& m);

}  // namespace boardlab
