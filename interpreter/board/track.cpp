// The track topology: a row of numbered points that rays leave at either end.
#include <string>

#include "board/board.h"

namespace boardlab {

Board make_track(int points, std::vector<std::string> dir_names, std::vector<std::pair<int, int>> dir_vectors,
                 int max_ray) {
  Board b = make_grid(points, 1, PlayableMask::All, EdgePolicy::Off, std::move(dir_names), std::move(dir_vectors), max_ray);
  b.kind = BoardKind::Track;
  for (int c = 0; c < b.ncells; ++c) b.cell_names[static_cast<size_t>(c)] = std::to_string(c + 1);
  return b;
}

}  // namespace boardlab
