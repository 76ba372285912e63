// What every board kind shares: the frame the makers start from, looking cells and
// directions up by name, opposite directions, naming files.
#include "board/board.h"

#include <algorithm>

namespace boardlab {

int Board::cell_index(const std::string& name) const {
  for (int i = 0; i < ncells; ++i)
    if (cell_names[i] == name) return i;
  return -1;
}

int Board::dir_index(const std::string& name) const {
  for (int i = 0; i < ndirs(); ++i)
    if (dir_names[i] == name) return i;
  return -1;
}

Board board_frame(BoardKind kind, int width, int height, std::vector<std::string> dir_names,
                  std::vector<std::pair<int, int>> dir_vectors, int max_ray) {
  Board b;
  b.kind = kind;
  b.width = width;
  b.height = height;
  b.edges = EdgePolicy::Stop;
  b.dir_names = std::move(dir_names);
  b.dir_vectors = std::move(dir_vectors);
  b.max_ray = std::max({max_ray, width, height});
  b.at.assign(static_cast<size_t>(width) * height, kNoCell);
  return b;
}

void link_opposites(Board& b) {
  b.opposite.assign(b.dir_vectors.size(), -1);
  for (size_t d = 0; d < b.dir_vectors.size(); ++d)
    for (size_t e = 0; e < b.dir_vectors.size(); ++e) {
      const auto [dx, dy] = b.dir_vectors[d];
      if (b.dir_vectors[e] == std::pair<int, int>{-dx, -dy} && (dx || dy)) {
        b.opposite[d] = static_cast<int16_t>(e);
        break;
      }
    }
}

std::string file_name(int x) {
  std::string s;
  do {
    s.insert(s.begin(), static_cast<char>('a' + x % 26));
    x = x / 26 - 1;
  } while (x >= 0);
  return s;
}

}  // namespace boardlab
