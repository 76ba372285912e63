// The lattice topology: points on chosen coordinates, lines per point class, rays along lines.
#include <algorithm>
#include <fmt/format.h>
#include <stdexcept>

#include "board/board.h"

namespace boardlab {

namespace {

bool matches(Parity p, int v) { return p == Parity::Any || (p == Parity::Even) == (v % 2 == 0); }

bool has_step(const PointClass& pc, const std::vector<std::pair<int, int>>& vecs, std::pair<int, int> v) {
  return std::any_of(pc.steps.begin(), pc.steps.end(), [&](int d) { return vecs[static_cast<size_t>(d)] == v; });
}

}  // namespace

Board make_lattice(int width, int height, const std::vector<PointClass>& classes, std::vector<std::string> dir_names,
                   std::vector<std::pair<int, int>> dir_vectors, int max_ray) {
  if (width < 1 || height < 1 || width * height > 4096) throw std::invalid_argument("lattice size out of range");
  Board b = board_frame(BoardKind::Lattice, width, height, std::move(dir_names), std::move(dir_vectors), max_ray);
  std::vector<int> class_of;  // per cell
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      int found = -1;
      for (size_t k = 0; k < classes.size(); ++k) {
        const PointClass& pc = classes[k];
        if (!matches(pc.x, x) || !matches(pc.y, y) || !matches(pc.sum, x + y)) continue;
        if (found >= 0)
          throw std::invalid_argument(fmt::format("point {}{} is in two classes: '{}' and '{}'", file_name(x), y + 1,
                                                  classes[static_cast<size_t>(found)].name, pc.name));
        found = static_cast<int>(k);
      }
      if (found < 0) continue;
      b.at[static_cast<size_t>(y * width + x)] = static_cast<int16_t>(b.ncells++);
      b.cell_names.push_back(file_name(x) + std::to_string(y + 1));
      b.x.push_back(static_cast<int16_t>(x));
      b.y.push_back(static_cast<int16_t>(y));
      b.playable.push_back(1);
      class_of.push_back(found);
    }
  }
  if (b.ncells == 0) throw std::invalid_argument("no coordinate is a point of any class");

  // The neighbour along each direction, checking that every line goes both ways.
  const int nd = b.ndirs(), len = b.max_ray + 1;
  std::vector<int16_t> next(static_cast<size_t>(b.ncells) * nd, kNoCell);
  for (int c = 0; c < b.ncells; ++c) {
    const PointClass& pc = classes[static_cast<size_t>(class_of[static_cast<size_t>(c)])];
    for (int d : pc.steps) {
      auto [dx, dy] = b.dir_vectors[static_cast<size_t>(d)];
      const int t = b.cell_at(b.x[c] + dx, b.y[c] + dy);
      if (t == kNoCell) continue;
      const PointClass& back = classes[static_cast<size_t>(class_of[static_cast<size_t>(t)])];
      if (!has_step(back, b.dir_vectors, {-dx, -dy}))
        throw std::invalid_argument(fmt::format("a line goes one way only: {} ('{}') steps {} to {} ('{}'), which has no "
                                                "step [{}, {}] back",
                                                b.cell_names[c], pc.name, b.dir_names[static_cast<size_t>(d)],
                                                b.cell_names[t], back.name, -dx, -dy));
      next[static_cast<size_t>(c) * nd + d] = static_cast<int16_t>(t);
    }
  }
  b.rays.assign(static_cast<size_t>(b.ncells) * nd * len, kNoCell);
  for (int c = 0; c < b.ncells; ++c) {
    for (int d = 0; d < nd; ++d) {
      int16_t cur = static_cast<int16_t>(c);
      for (int k = 0; k < len && cur != kNoCell; ++k) {
        b.rays[(static_cast<size_t>(c) * nd + d) * len + k] = cur;
        cur = next[static_cast<size_t>(cur) * nd + d];
      }
    }
  }
  link_opposites(b);
  return b;
}

}  // namespace boardlab
