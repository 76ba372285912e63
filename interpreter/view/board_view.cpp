// Drawing a board in the terminal from one player's side: a grid as rows of cells, a hex
// board as offset rows, a lattice as its points and lines, a track as two rows of points.
#include "view/board_view.h"
#include "view/board_view_parts.h"

#include <algorithm>
#include <cstdlib>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <vector>

#include "session/viewpoint.h"
#include "state/track_sides.h"

namespace boardlab {

namespace board_parts {

const char* kReset = "\033[0m";
const char* kReverse = "\033[7m";
const char* kOwnerColor[4] = {"\033[1;33m", "\033[1;31m", "\033[1;36m", "\033[1;32m"};

bool is_marked(const ViewOptions& v, int cell) {
  return std::find(v.marked.begin(), v.marked.end(), cell) != v.marked.end();
}

// `text` (a cell's glyph, with its stack height) in the owner's colour.
std::string paint(const State& s, const ViewOptions& v, int cell, const std::string& text) {
  if (!v.color || !s.height(cell)) return text;
  const int owner = s.def().owner_of[static_cast<size_t>(s.top(cell))];
  return kOwnerColor[owner % 4] + text + kReset;
}

// A cell's text padded to `width`, between two columns that bracket it when the last move
// touched it (reverse video with colour): brackets are no notation's symbol, so a marked
// cell never reads like a hit or a capture.
std::string field(const State& s, const ViewOptions& v, int cell, const std::string& text, size_t width) {
  const std::string pad(width - std::min(width, text.size()), ' ');
  const std::string painted = paint(s, v, cell, text);
  if (!is_marked(v, cell)) return " " + painted + pad + " ";
  // paint's reset ends the reverse video too: it starts again for the padding.
  if (v.color) return std::string(kReverse) + " " + painted + kReverse + pad + " " + kReset;
  return "[" + painted + pad + "]";
}

// The player whose side is drawn at the bottom.
int seen_by(const State& s, const ViewOptions& v) {
  const int n = s.def().nplayers();
  return v.flip && n > 1 ? (v.viewer + 1) % n : v.viewer;
}

// Whether the board is drawn turned round (the last rank at the bottom, the files reversed).
bool turned(const State& s, const ViewOptions& v) { return sits_at_top(s.def(), v.viewer) != v.flip; }

// A cell as the grid and hex drawings show it: `.` when empty, the top glyph, and the
// height after it for a stack.
std::string cell_text(const State& s, int c) {
  const GameDef& g = s.def();
  const int h = s.height(c);
  return h == 0 ? std::string(".") : h == 1 ? std::string(1, g.glyph_of[s.top(c)]) : fmt::format("{}{}", g.glyph_of[s.top(c)], h);
}

// The widest cell text of the position, at least 2.
size_t cell_width(const State& s) {
  size_t width = 2;
  for (int c = 0; c < s.def().board.ncells; ++c) width = std::max(width, cell_text(s, c).size());
  return width;
}

std::string draw_grid(const State& s, const ViewOptions& v) {
  const GameDef& g = s.def();
  const Board& b = g.board;
  const bool turn = turned(s, v);
  auto text = [&](int c) { return cell_text(s, c); };
  const size_t width = cell_width(s);
  auto xs = [&](int i) { return turn ? b.width - 1 - i : i; };
  std::string files = "    ";
  for (int i = 0; i < b.width; ++i) files += fmt::format(" {:<{}} ", file_name(xs(i)), width);
  std::string out = files + "\n";
  for (int r = 0; r < b.height; ++r) {
    const int y = turn ? r : b.height - 1 - r;
    out += fmt::format("{:>3} ", y + 1);
    for (int i = 0; i < b.width; ++i) {
      const int c = b.cell_at(xs(i), y);
      out += b.playable[static_cast<size_t>(c)] ? field(s, v, c, text(c), width) : std::string(width + 2, ' ');
    }
    out += fmt::format(" {}\n", y + 1);
  }
  return out + files + "\n";
}

// Hexagonal cells as offset rows: each rank half a cell right of the one below, so that a
// cell touches the two above it, the two beside it and the two below it. File letters run
// under the bottom rank and over the top one (a file is a slanting line between them).
std::string draw_hex(const State& s, const ViewOptions& v) {
  const GameDef& g = s.def();
  const Board& b = g.board;
  const bool turn = turned(s, v);
  auto text = [&](int c) { return cell_text(s, c); };
  const size_t width = cell_width(s);
  const size_t pitch = width + 2, half = pitch / 2;
  auto xs = [&](int i) { return turn ? b.width - 1 - i : i; };
  // A row's indent, in half cells: the row drawn at the bottom has none.
  auto indent = [&](int y) { return static_cast<size_t>(turn ? b.height - 1 - y : y) * half; };
  auto files = [&](int y) {  // the files of rank y's cells (a hexagon's edge ranks hold some)
    std::string line = "    " + std::string(indent(y), ' ');
    for (int i = 0; i < b.width; ++i)
      line += fmt::format(" {:<{}} ", b.cell_at(xs(i), y) != kNoCell ? file_name(xs(i)) : "", width);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    return line + "\n";
  };
  const int top = turn ? 0 : b.height - 1, bottom = turn ? b.height - 1 : 0;
  std::string out = files(top);
  for (int r = 0; r < b.height; ++r) {
    const int y = turn ? r : b.height - 1 - r;
    std::string row = fmt::format("{:>3} ", y + 1) + std::string(indent(y), ' ');
    for (int i = 0; i < b.width; ++i) {
      const int c = b.cell_at(xs(i), y);
      row += c != kNoCell ? field(s, v, c, text(c), width) : std::string(pitch, ' ');
    }
    while (!row.empty() && row.back() == ' ') row.pop_back();  // a hexagon's missing cells
    out += row + fmt::format("  {}\n", y + 1);
  }
  return out + files(bottom);
}

}  // namespace board_parts

using namespace board_parts;


std::vector<int> touched_cells(const Move& m) {
  std::vector<int> out;
  for (const Action& a : m) {
    out.push_back(a.a);  // every action's first operand is a cell
    if (a.op == Op::Move) out.push_back(a.b);
  }
  return out;
}

std::string draw_board(const State& s, const ViewOptions& view) {
  const GameDef& g = s.def();
  const Board& b = g.board;
  std::string out = b.kind == BoardKind::Lattice ? draw_lattice(s, view)
                    : b.kind == BoardKind::Track ? draw_track(s, view)
                    : b.kind == BoardKind::Hex   ? draw_hex(s, view)
                                                 : draw_grid(s, view);
  if (g.dice.count) {
    auto rolled = s.rolled();
    const std::string& who = g.players[static_cast<size_t>(s.side())].name;
    out += rolled.empty() ? fmt::format("  dice: {} to roll\n", who) : fmt::format("  dice: {} ({} to play)\n", fmt::join(rolled, "-"), who);
  }
  // With more than one kind of piece, which glyph is which, strongest first.
  if (g.kinds.size() > 1) {
    std::vector<size_t> order(g.kinds.size());
    for (size_t k = 0; k < order.size(); ++k) order[k] = k;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t z) { return g.kinds[a].rank > g.kinds[z].rank; });
    for (size_t p = 0; p < g.players.size(); ++p) {
      std::vector<std::string> names;
      for (size_t k : order) names.push_back(fmt::format("{} {}", g.kinds[k].glyphs[p], g.kinds[k].name));
      out += fmt::format("{}{}: {}", p ? "; " : "", g.players[p].name, fmt::join(names, ", "));
    }
    out += "\n";
  }
  // The full stacks, bottom to top, where the top and a count do not tell them: stacks of
  // more than one kind of piece.
  std::string stacks;
  for (int c = 0; c < b.ncells && b.kind != BoardKind::Track; ++c) {  // a track shows counts
    bool mixed = false;
    for (int l = 0; l + 1 < s.height(c); ++l) mixed = mixed || s.piece(c, l) != s.top(c);
    if (!mixed) continue;
    stacks += fmt::format(" {}=", b.cell_names[c]);
    for (int l = 0; l < s.height(c); ++l) stacks += g.glyph_of[s.piece(c, l)];
  }
  if (!stacks.empty()) out += "stacks (bottom to top):" + stacks + "\n";
  for (size_t slot = 0; slot < g.reserve_slots.size(); ++slot) {
    if (b.kind == BoardKind::Track && (static_cast<int>(slot) == g.bar_slot || static_cast<int>(slot) == g.off_slot)) continue;
    for (int code = 1; code < g.ncodes; ++code)
      if (int n = s.reserve(static_cast<int>(slot), code))
        out += g.is_unlimited(static_cast<int>(slot), code)
                   ? fmt::format("{} {}: unlimited\n", g.reserve_slots[slot], g.glyph_of[code])
                   : fmt::format("{} {}: {}\n", g.reserve_slots[slot], g.glyph_of[code], n);
  }
  return out;
}

}  // namespace boardlab
