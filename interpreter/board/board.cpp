// What every board kind shares: looking cells and directions up by name, naming files.
#include "board/board.h"

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

std::string file_name(int x) {
  std::string s;
  do {
    s.insert(s.begin(), static_cast<char>('a' + x % 26));
    x = x / 26 - 1;
  } while (x >= 0);
  return s;
}

}  // namespace boardlab
