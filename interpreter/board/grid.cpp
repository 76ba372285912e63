// The rectangular grid topology and its ray tables (stop, off-board or reflect at the edge).
#include <algorithm>
#include <stdexcept>

#include "board/board.h"

namespace boardlab {

namespace {

// Mirror fold of coordinate v onto 0..n-1 without repeating the edge square:
// the path ...,n-2,n-1,n-2,... has period 2(n-1).
int fold(int v, int n) {
  if (n == 1) return 0;
  const int period = 2 * (n - 1);
  int m = ((v % period) + period) % period;
  return m <= n - 1 ? m : period - m;
}

}  // namespace

Board make_grid(int width, int height, PlayableMask mask, EdgePolicy edges, std::vector<std::string> dir_names,
                std::vector<std::pair<int, int>> dir_vectors, int max_ray) {
  if (width < 1 || height < 1 || width * height > 4096) throw std::invalid_argument("grid size out of range");
  Board b;
  b.width = width;
  b.height = height;
  b.ncells = width * height;
  b.edges = edges;
  b.dir_names = std::move(dir_names);
  b.dir_vectors = std::move(dir_vectors);
  b.max_ray = std::max({max_ray, width, height});
  for (int r = 0; r < height; ++r) {
    for (int f = 0; f < width; ++f) {
      b.cell_names.push_back(file_name(f) + std::to_string(r + 1));
      b.x.push_back(static_cast<int16_t>(f));
      b.y.push_back(static_cast<int16_t>(r));
      b.at.push_back(static_cast<int16_t>(r * width + f));
      bool dark = (f + r) % 2 == 0;
      b.playable.push_back(mask == PlayableMask::All || (mask == PlayableMask::Dark) == dark);
    }
  }
  const int nd = b.ndirs(), len = b.max_ray + 1;
  b.rays.assign(static_cast<size_t>(b.ncells) * nd * len, kNoCell);
  for (int c = 0; c < b.ncells; ++c) {
    for (int d = 0; d < nd; ++d) {
      auto [dx, dy] = b.dir_vectors[d];
      for (int k = 0; k < len; ++k) {
        int tx = b.x[c] + k * dx, ty = b.y[c] + k * dy;
        int16_t target;
        if (edges == EdgePolicy::Reflect) {
          target = static_cast<int16_t>(fold(ty, height) * width + fold(tx, width));
        } else if (tx < 0 || ty < 0 || tx >= width || ty >= height) {
          target = edges == EdgePolicy::Off ? kOffBoard : kNoCell;
        } else {
          target = static_cast<int16_t>(ty * width + tx);
        }
        b.rays[(static_cast<size_t>(c) * nd + d) * len + k] = target;
      }
    }
  }
  link_opposites(b);
  return b;
}

}  // namespace boardlab
