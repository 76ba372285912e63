// The registry of board kinds (board_kind.h).
#include "definition/board_kind.h"

#include "definition/registry.h"

namespace boardlab {

const std::vector<std::string>& compass_names() {
  static const std::vector<std::string> names = {"n", "ne", "e", "se", "s", "sw", "w", "nw"};
  return names;
}
const std::vector<std::pair<int, int>>& compass_vectors() {
  static const std::vector<std::pair<int, int>> vectors = {{0, 1},   {1, 1},   {1, 0},  {1, -1},
                                                           {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
  return vectors;
}

std::pair<int, int> size_rectangle(const YNode& size, DefinitionReader& r) {
  if (size.items.size() != 2) {
    r.error(size.pos, "'board.size' must be [width, height]");
    return {0, 0};
  }
  const int w = r.bounded(*size.items[0], 1, 64, "'board.size' must be between 1x1 and 64x64");
  const int h = r.bounded(*size.items[1], 1, 64, "'board.size' must be between 1x1 and 64x64");
  return w && h ? std::pair{w, h} : std::pair{0, 0};
}

bool register_board_kind(BoardKindType type) { return Registry<BoardKindType>::add(std::move(type), "board kinds"); }
const std::vector<BoardKindType>& board_kinds() { return Registry<BoardKindType>::all(); }
const BoardKindType* find_board_kind(const std::string& name) { return Registry<BoardKindType>::find(name); }

}  // namespace boardlab
