// Drawing a board in the terminal: a grid as rows of cells, a lattice as its points and
// lines, a track as two rows of points.
#include "board_view.h"

#include <algorithm>
#include <cstdlib>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>
#include <vector>

#include "state/track_sides.h"

namespace boardlab::cli {

namespace {

const char* kReset = "\033[0m";
const char* kOwnerColor[] = {"\033[1;33m", "\033[1;31m", "\033[1;36m", "\033[1;32m"};

bool is_marked(const ViewOptions& v, int cell) {
  return std::find(v.marked.begin(), v.marked.end(), cell) != v.marked.end();
}

// `text` (a cell's glyph, with its stack height) in the owner's colour.
std::string paint(const State& s, const ViewOptions& v, int cell, const std::string& text) {
  if (!v.color || !s.height(cell)) return text;
  const int owner = s.def().owner_of[static_cast<size_t>(s.top(cell))];
  return kOwnerColor[owner % 4] + text + kReset;
}

std::string draw_grid(const State& s, const ViewOptions& v) {
  const GameDef& g = s.def();
  const Board& b = g.board;
  auto xs = [&](int i) { return v.flip ? b.width - 1 - i : i; };
  std::string files = "    ";
  for (int i = 0; i < b.width; ++i) files += fmt::format(" {:<3}", file_name(xs(i)));
  std::string out = files + "\n";
  for (int r = 0; r < b.height; ++r) {
    const int y = v.flip ? r : b.height - 1 - r;
    out += fmt::format("{:>3} ", y + 1);
    for (int i = 0; i < b.width; ++i) {
      const int c = b.cell_at(xs(i), y);
      const bool mark = is_marked(v, c);
      const int h = s.height(c);
      // Three columns, and a fourth: * for the last move without colour (a stack of 10 or
      // more fills it).
      std::string cell = !b.playable[static_cast<size_t>(c)] ? "   "
                         : h == 0                            ? "  ."
                         : h == 1 ? "  " + paint(s, v, c, std::string(1, g.glyph_of[s.top(c)]))
                                  : " " + paint(s, v, c, fmt::format("{}{}", g.glyph_of[s.top(c)], h));
      out += mark && v.color ? "\033[7m" + cell + kReset : cell;
      if (h < 10) out += mark && !v.color ? "*" : " ";
    }
    out += fmt::format(" {}\n", y + 1);
  }
  return out + files + "\n";
}

// Each coordinate step is two characters across and two lines down, so that a line between
// neighbours always has a character to be drawn with: - | / \ (X where two diagonals cross
// without a point).
std::string draw_lattice(const State& s, const ViewOptions& v) {
  const GameDef& g = s.def();
  const Board& b = g.board;
  const int cols = 2 * (b.width - 1) + 1, rows = 2 * (b.height - 1) + 1;
  std::vector<std::string> canvas(static_cast<size_t>(rows), std::string(static_cast<size_t>(cols), ' '));
  // A half turn maps the lines onto themselves: / stays /, \ stays \.
  auto col = [&](int x) { return 2 * (v.flip ? b.width - 1 - x : x); };
  auto row = [&](int y) { return 2 * (v.flip ? y : b.height - 1 - y); };
  for (int c = 0; c < b.ncells; ++c) {
    for (int d = 0; d < b.ndirs(); ++d) {
      const int t = b.ray(c, d, 1);
      if (t < c) continue;  // each line once (and none where the ray ends)
      const int c0 = col(b.x[c]), r0 = row(b.y[c]), dc = col(b.x[t]) - c0, dr = row(b.y[t]) - r0;
      if (dc != 0 && dr != 0 && std::abs(dc) != std::abs(dr)) continue;  // not straight on the canvas
      const char line = dr == 0 ? '-' : dc == 0 ? '|' : (dc > 0) == (dr > 0) ? '\\' : '/';
      const int m = std::max(std::abs(dc), std::abs(dr));
      for (int i = 1; i < m; ++i) {
        char& ch = canvas[static_cast<size_t>(r0 + i * dr / m)][static_cast<size_t>(c0 + i * dc / m)];
        ch = ch == ' ' || ch == line ? line : 'X';
      }
    }
  }
  // Points are placed last, each with its colour: the canvas holds cells' ids until then.
  std::vector<std::vector<int>> at(static_cast<size_t>(rows), std::vector<int>(static_cast<size_t>(cols), -1));
  for (int c = 0; c < b.ncells; ++c) {
    const auto r = static_cast<size_t>(row(b.y[c])), k = static_cast<size_t>(col(b.x[c]));
    canvas[r][k] = s.height(c) ? g.glyph_of[s.top(c)] : '.';
    at[r][k] = c;
  }
  std::string files = "    ";
  for (int i = 0; i < b.width; ++i) files += fmt::format("{:<2}", file_name(v.flip ? b.width - 1 - i : i));
  std::string out = files + "\n";
  for (int r = 0; r < rows; ++r) {
    const bool ranked = r % 2 == 0;
    const int y = v.flip ? r / 2 : b.height - 1 - r / 2;
    out += ranked ? fmt::format("{:>3} ", y + 1) : "    ";
    std::string line;
    for (int k = 0; k < cols; ++k) {
      const int c = at[static_cast<size_t>(r)][static_cast<size_t>(k)];
      const char ch = canvas[static_cast<size_t>(r)][static_cast<size_t>(k)];
      if (c < 0) {
        line += ch;
      } else if (is_marked(v, c)) {
        line += v.color ? "\033[7m" + paint(s, v, c, std::string(1, ch)) + kReset : std::string(1, ch == '.' ? '*' : ch);
      } else {
        line += paint(s, v, c, std::string(1, ch));
      }
    }
    out += line;
    out += ranked ? fmt::format(" {}\n", y + 1) : "\n";
  }
  return out + files + "\n";
}

// A track board seen by the side to move (or, flipped, by the other side): its points
// numbered from that side, the first half along the bottom (highest on the left), the
// second along the top, each point's pieces as a glyph and a count; then the bars and trays.
std::string draw_track(const State& s, const ViewOptions& v) {
  const GameDef& g = s.def();
  const Board& b = g.board;
  const int n = b.ncells, half = n / 2;
  const int me = v.flip ? (s.side() + 1) % g.nplayers() : s.side();
  const bool numbered = g.players[static_cast<size_t>(me)].forward >= 0;  // else in cell order
  // A point's text: the top piece's glyph and how many pieces of its owner lie on top, then
  // the glyph of the first piece beneath them that is not theirs, so a point holding another
  // side's piece never reads like one side's alone: w2 is two w, w2b two w on top of a b.
  struct PointText {
    std::string text;
    int run = 0;       // pieces of the top's owner on top
    char under = 0;    // the glyph beneath them, 0 if none
  };
  auto text_of = [&](int c) {
    const int h = s.height(c);
    if (h == 0) return PointText{" .", 0, 0};
    const int top_owner = g.owner_of[s.top(c)];
    int run = 1;
    while (run < h && g.owner_of[s.piece(c, h - 1 - run)] == top_owner) ++run;
    const char under = run < h ? g.glyph_of[s.piece(c, h - 1 - run)] : 0;
    std::string text = fmt::format("{}{}", g.glyph_of[s.top(c)], run);
    if (under) text += under;
    return PointText{text, run, under};
  };
  size_t width = 3;
  std::string held;  // the first point holding another side's piece, explained under the board
  for (int c = 0; c < n; ++c) {
    const PointText t = text_of(c);
    width = std::max(width, t.text.size());
    if (held.empty() && t.under)
      held = fmt::format("  ({}: {} {} on top of a {})\n", t.text, t.run, t.text[0], t.under);
  }
  auto point = [&](int k) {
    const int c = numbered ? track_cell(g, me, k) : k - 1;
    std::string text = fmt::format("{:<{}}", text_of(c).text, width);
    if (!is_marked(v, c)) return paint(s, v, c, text);
    if (v.color) return "\033[7m" + paint(s, v, c, text) + kReset;
    if (text.back() == ' ') text.back() = '*';  // a stack of 10 or more fills the column
    return text;
  };
  // A bar between the quarters when the halves split evenly.
  auto row = [&](int from, int to, int step, auto cell) {
    std::string out = "  ";
    for (int k = from, i = 0; k != to + step; k += step, ++i) {
      if (half % 2 == 0 && i == half / 2) out += "| ";
      out += cell(k) + " ";
    }
    return out + "\n";
  };
  auto label = [&](int k) { return fmt::format("{:<{}}", k, width); };
  std::string out = row(half + 1, n, 1, label) + row(half + 1, n, 1, point);
  out += row(half, 1, -1, point) + row(half, 1, -1, label);
  out += fmt::format("  (points numbered for {}, who moves from {} down to 1{})\n", g.players[static_cast<size_t>(me)].name, n,
                     me == s.side() ? "" : "; flipped: the other side is to move");
  out += held;
  for (int p = 0; p < g.nplayers(); ++p) {
    const int code = g.code(0, p);
    std::vector<std::string> counts;
    if (g.bar_slot >= 0) counts.push_back(fmt::format("bar {}", s.reserve(g.bar_slot, code)));
    if (g.off_slot >= 0) counts.push_back(fmt::format("borne off {}", s.reserve(g.off_slot, code)));
    out += fmt::format("  {} {}: {}\n", g.players[static_cast<size_t>(p)].name, g.glyph_of[code], fmt::join(counts, ", "));
  }
  return out;
}

}  // namespace

bool use_color() { return isatty(STDOUT_FILENO) && !std::getenv("NO_COLOR"); }

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
                                                 : draw_grid(s, view);
  if (g.dice.count) {
    auto rolled = s.rolled();
    out += rolled.empty() ? "  dice: to roll\n" : fmt::format("  dice: {}\n", fmt::join(rolled, "-"));
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
  // The full stacks, bottom to top, where there is more than one piece.
  std::string stacks;
  for (int c = 0; c < b.ncells && b.kind != BoardKind::Track; ++c) {  // a track shows counts
    if (s.height(c) < 2) continue;
    stacks += fmt::format(" {}=", b.cell_names[c]);
    for (int l = 0; l < s.height(c); ++l) stacks += g.glyph_of[s.piece(c, l)];
  }
  if (!stacks.empty()) out += "stacks (bottom to top):" + stacks + "\n";
  for (size_t slot = 0; slot < g.reserve_slots.size(); ++slot) {
    if (b.kind == BoardKind::Track && (static_cast<int>(slot) == g.bar_slot || static_cast<int>(slot) == g.off_slot)) continue;
    for (int code = 1; code < g.ncodes; ++code)
      if (int n = s.reserve(static_cast<int>(slot), code)) out += fmt::format("{} {}: {}\n", g.reserve_slots[slot], g.glyph_of[code], n);
  }
  return out;
}

}  // namespace boardlab::cli
