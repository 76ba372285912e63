// The hexagonal topology: cells on axial coordinates, as a rhombus or a hexagon, with rays
// that follow a direction's vector while there is a cell.
#include <algorithm>
#include <stdexcept>

#include "board/board.h"

namespace boardlab {

Board make_hex(HexShape shape, int width, int height, std::vector<std::string> dir_names,
               std::vector<std::pair<int, int>> dir_vectors, int max_ray) {
  if (width < 1 || height < 1 || width * height > 4096) throw std::invalid_argument("hex board size out of range");
  if (shape == HexShape::Hexagon && (width != height || width % 2 == 0))
    throw std::invalid_argument("a hexagon of side n spans 2n - 1 coordinates each way");
  Board b = board_frame(BoardKind::Hex, width, height, std::move(dir_names), std::move(dir_vectors), max_ray);
  const int side = (width + 1) / 2;  // a hexagon's
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      if (shape == HexShape::Hexagon && (x + y < side - 1 || x + y > 3 * side - 3)) continue;
      b.at[static_cast<size_t>(y * width + x)] = static_cast<int16_t>(b.ncells++);
      b.cell_names.push_back(file_name(x) + std::to_string(y + 1));
      b.x.push_back(static_cast<int16_t>(x));
      b.y.push_back(static_cast<int16_t>(y));
      b.playable.push_back(1);
    }
  const int nd = b.ndirs(), len = b.max_ray + 1;
  b.rays.assign(static_cast<size_t>(b.ncells) * nd * len, kNoCell);
  for (int c = 0; c < b.ncells; ++c)
    for (int d = 0; d < nd; ++d) {
      const auto [dx, dy] = b.dir_vectors[static_cast<size_t>(d)];
      for (int k = 0; k < len; ++k) {
        const int t = b.cell_at(b.x[c] + k * dx, b.y[c] + k * dy);
        if (t == kNoCell) break;
        b.rays[(static_cast<size_t>(c) * nd + d) * len + k] = static_cast<int16_t>(t);
      }
    }
  link_opposites(b);
  return b;
}

}  // namespace boardlab
