// The track kind: points in a row, numbered by each player from its far end, with a bar
// and a tray (borne-off pieces) among the reserves (board/track.cpp).
#include "definition/board_kind.h"

namespace boardlab {
namespace {

using namespace schema;

const Field kBar{"bar", string(), false, "track only: the reserve that holds each player's hit pieces"};
const Field kOff{"off", string(), false, "track only: the reserve that holds each player's borne-off pieces"};

std::pair<int, int> extent(const YNode&, const YNode& size, DefinitionReader& r) {
  if (size.items.size() != 1) {
    r.error(size.pos, "'board.size' of a track must be [points]");
    return {0, 0};
  }
  const int points = r.bounded(*size.items[0], 2, 4096, "a track has between 2 and 4096 points");
  return {points, points ? 1 : 0};
}

void make(const YNode&, const BoardFrame& f, DefinitionReader& r) {
  r.def().board = make_track(f.width, f.dir_names, f.dir_vectors, f.stack_cap);
}

void link(const YNode& board, DefinitionReader& r) {
  GameDef& g = r.def();
  for (auto [key, slot] : {std::pair{&kBar, &g.bar_slot}, std::pair{&kOff, &g.off_slot}})
    if (const YNode* n = key->in(board)) *slot = r.reserve(*n);
}

BOARDLAB_REGISTER_BOARD_KIND(BoardKindType{
    "track", "tracks", "points in a row, numbered by each player from its far end, with a bar and a tray", {kBar, kOff},
    {"up", "down"}, {{1, 0}, {-1, 0}}, {EdgePolicy::Off}, "a track's rays leave it at either end (edges: off)",
    &extent, &make, &link});

}  // namespace
}  // namespace boardlab
