// The grid kind: every square of a rectangle is a cell, files a.. left to right and ranks
// 1.. from the bottom; `playable` keeps the dark or light squares only (board/grid.cpp).
#include "definition/board_kind.h"

namespace boardlab {
namespace {

using namespace schema;

const Names<PlayableMask> kMasks{{"all", PlayableMask::All}, {"dark", PlayableMask::Dark}, {"light", PlayableMask::Light}};
const Field kPlayable{"playable", kMasks.schema(), false, "grid only: which squares may hold pieces (a1 is dark); default all"};

std::pair<int, int> extent(const YNode&, const YNode& size, DefinitionReader& r) { return size_rectangle(size, r); }

void make(const YNode& board, const BoardFrame& f, DefinitionReader& r) {
  r.def().board = make_grid(f.width, f.height, kMasks.of(kPlayable.in(board), PlayableMask::All), f.edges, f.dir_names,
                            f.dir_vectors, f.stack_cap);
}

BOARDLAB_REGISTER_BOARD_KIND(BoardKindType{"grid", "grids", "every square a cell", {kPlayable}, compass_names(),
                                           compass_vectors(), {EdgePolicy::Stop, EdgePolicy::Off, EdgePolicy::Reflect}, "",
                                           &extent, &make});

}  // namespace
}  // namespace boardlab
