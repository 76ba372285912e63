// Drawing a grid board in the terminal.
#include "board_view.h"

#include <fmt/format.h>

namespace boardlab::cli {

std::string draw_board(const State& s) {
  const GameDef& g = s.def();
  const Board& b = g.board;
  std::string files = "    ";
  for (int x = 0; x < b.width; ++x) files += fmt::format(" {:<3}", b.cell_names[x].substr(0, b.cell_names[x].size() - 1));
  std::string out = files + "\n";
  for (int y = b.height - 1; y >= 0; --y) {
    out += fmt::format("{:>3} ", y + 1);
    for (int x = 0; x < b.width; ++x) {
      int c = y * b.width + x;
      if (!b.playable[c]) out += "    ";
      else if (!s.height(c)) out += "  . ";
      else if (s.height(c) == 1) out += fmt::format("  {} ", g.glyph_of[s.top(c)]);
      else out += fmt::format(" {}{:<2}", g.glyph_of[s.top(c)], s.height(c));
    }
    out += fmt::format(" {}\n", y + 1);
  }
  out += files + "\n";
  // The full stacks, bottom to top, where there is more than one piece.
  std::string stacks;
  for (int c = 0; c < b.ncells; ++c) {
    if (s.height(c) < 2) continue;
    stacks += fmt::format(" {}=", b.cell_names[c]);
    for (int l = 0; l < s.height(c); ++l) stacks += g.glyph_of[s.piece(c, l)];
  }
  if (!stacks.empty()) out += "stacks (bottom to top):" + stacks + "\n";
  for (size_t slot = 0; slot < g.reserve_slots.size(); ++slot)
    for (int code = 1; code < g.ncodes; ++code)
      if (int n = s.reserve(static_cast<int>(slot), code)) out += fmt::format("{} {}: {}\n", g.reserve_slots[slot], g.glyph_of[code], n);
  return out;
}

}  // namespace boardlab::cli
