// The hex kind: hexagonal cells on axial coordinates, six neighbours each, as a rhombus of
// [width, height] cells or a hexagon of [side] cells a side (board/hex.cpp).
#include "definition/board_kind.h"

namespace boardlab {
namespace {

using namespace schema;

const Names<HexShape> kShapes{{"rhombus", HexShape::Rhombus}, {"hexagon", HexShape::Hexagon}};
const Field kShape{"shape", kShapes.schema(), false,
                   "hex only: a rhombus of [width, height] cells (the default) or a hexagon of [side] cells a side"};

std::pair<int, int> extent(const YNode& board, const YNode& size, DefinitionReader& r) {
  if (kShapes.of(kShape.in(board), HexShape::Rhombus) == HexShape::Rhombus) return size_rectangle(size, r);
  if (size.items.size() != 1) {
    r.error(size.pos, "'board.size' of a hexagon must be [side]");
    return {0, 0};
  }
  const int side = r.bounded(*size.items[0], 1, 32, "a hexagon's side is from 1 to 32 cells");
  return side ? std::pair{2 * side - 1, 2 * side - 1} : std::pair{0, 0};
}

void make(const YNode& board, const BoardFrame& f, DefinitionReader& r) {
  r.def().board = make_hex(kShapes.of(kShape.in(board), HexShape::Rhombus), f.width, f.height, f.dir_names,
                           f.dir_vectors, f.stack_cap);
}

// Each row drawn half a cell right of the one below.
BOARDLAB_REGISTER_BOARD_KIND(BoardKindType{"hex", "hex boards", "hexagonal cells, six neighbours each", {kShape},
                                           {"e", "ne", "nw", "w", "sw", "se"},
                                           {{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}},
                                           {EdgePolicy::Stop}, "a hex board's rays stop at its edge (edges: stop)",
                                           &extent, &make});

}  // namespace
}  // namespace boardlab
