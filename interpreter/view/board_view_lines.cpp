// The boards the terminal draws as points and lines: a lattice (its points and the lines
// between them) and a track (two rows of points, with the bar and the tray).
#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <vector>

#include "view/board_view_parts.h"
#include "session/viewpoint.h"
#include "state/track_sides.h"

namespace boardlab::board_parts {

// Each coordinate step is two characters across and two lines down, so that a line between
// neighbours always has a character to be drawn with: - | / \ (X where two diagonals cross
// without a point). Taller than v.max_lines, only the lines of points are drawn: the
// diagonals between them are left for the eye to join.
std::string draw_lattice(const State& s, const ViewOptions& v) {
  const GameDef& g = s.def();
  const Board& b = g.board;
  const bool turn = turned(s, v);
  // A column of margin each side, for the brackets of a marked point at the edge.
  const int cols = 2 * (b.width - 1) + 3, rows = 2 * (b.height - 1) + 1;
  const bool compact = v.max_lines > 0 && rows + 2 > v.max_lines;
  std::vector<std::string> canvas(static_cast<size_t>(rows), std::string(static_cast<size_t>(cols), ' '));
  // A half turn maps the lines onto themselves: / stays /, \ stays \.
  auto col = [&](int x) { return 1 + 2 * (turn ? b.width - 1 - x : x); };
  auto row = [&](int y) { return 2 * (turn ? y : b.height - 1 - y); };
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
    if (is_marked(v, c) && !v.color) {
      // Two marked neighbours on a row share the column between them: [o|.] not [o[.]
      char& left = canvas[r][k - 1];
      char& right = canvas[r][k + 1];
      left = left == ']' ? '|' : '[';
      right = right == '[' ? '|' : ']';
    }
  }
  std::string files = "    ";
  for (int i = 0; i < b.width; ++i) files += fmt::format("{:<2}", file_name(turn ? b.width - 1 - i : i));
  std::string out = files + "\n";
  for (int r = 0; r < rows; ++r) {
    const bool ranked = r % 2 == 0;
    if (compact && !ranked) continue;
    const int y = turn ? r / 2 : b.height - 1 - r / 2;
    out += ranked ? fmt::format("{:>3}", y + 1) : "   ";
    std::string line;
    for (int k = 0; k < cols; ++k) {
      const int c = at[static_cast<size_t>(r)][static_cast<size_t>(k)];
      const std::string ch(1, canvas[static_cast<size_t>(r)][static_cast<size_t>(k)]);
      line += c < 0 ? ch : is_marked(v, c) && v.color ? kReverse + paint(s, v, c, ch) + kReset : paint(s, v, c, ch);
    }
    out += line;
    out += ranked ? fmt::format("{}\n", y + 1) : "\n";
  }
  return out + files + "\n";
}

// A track board seen by one player: its points numbered from that side, the first half
// along the bottom (highest on the left), the second along the top, each point's pieces as
// a glyph and a count; then each side's pip count, bar and tray.
std::string draw_track(const State& s, const ViewOptions& v) {
  const GameDef& g = s.def();
  const Board& b = g.board;
  const int n = b.ncells, half = n / 2;
  const int me = seen_by(s, v);
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
    if (h == 0) return PointText{".", 0, 0};
    const int top_owner = g.owner_of[s.top(c)];
    int run = 1;
    while (run < h && g.owner_of[s.piece(c, h - 1 - run)] == top_owner) ++run;
    const char under = run < h ? g.glyph_of[s.piece(c, h - 1 - run)] : 0;
    std::string text = fmt::format("{}{}", g.glyph_of[s.top(c)], run);
    if (under) text += under;
    return PointText{text, run, under};
  };
  size_t width = 2;
  std::string held;  // the first point holding another side's piece, explained under the board
  for (int c = 0; c < n; ++c) {
    const PointText t = text_of(c);
    width = std::max(width, t.text.size());
    if (held.empty() && t.under)
      held = fmt::format("  ({}: {} {} on top of a {})\n", t.text, t.run, t.text[0], t.under);
  }
  auto cell_of = [&](int k) { return numbered ? track_cell(g, me, k) : k - 1; };
  auto point = [&](int k) { return field(s, v, cell_of(k), text_of(cell_of(k)).text, width); };
  auto label = [&](int k) { return fmt::format(" {:<{}} ", k, width); };
  // A bar between the quarters when the halves split evenly. Where the game has a bar, the
  // pieces on it are drawn there: the viewer's in the near (bottom) half, the others' above.
  auto on_bar = [&](bool mine) {
    std::string text;
    if (g.bar_slot >= 0)
      for (int p = 0; p < g.nplayers(); ++p)
        if (const int k = s.reserve(g.bar_slot, g.code(0, p)); k > 0 && (p == me) == mine)
          text += fmt::format("{}{}", g.glyph_of[g.code(0, p)], k);
    return text;
  };
  const std::string bar_far = on_bar(false), bar_near = on_bar(true);
  const size_t bar_width = std::max<size_t>(3, std::max(bar_far.size(), bar_near.size()));
  auto row = [&](int from, int to, int step, auto cell, const std::string& bar) {
    std::string out = " ";
    for (int k = from, i = 0; k != to + step; k += step, ++i) {
      if (half % 2 == 0 && i == half / 2) out += g.bar_slot >= 0 ? fmt::format(" |{:^{}}|", bar, bar_width) : " |";
      out += cell(k);
    }
    return out + "\n";
  };
  std::string out = row(half + 1, n, 1, label, "bar") + row(half + 1, n, 1, point, bar_far);
  out += row(half, 1, -1, point, bar_near) + row(half, 1, -1, label, "");
  if (numbered) out += fmt::format("  (points numbered for {}, who moves from {} down to 1)\n", g.players[static_cast<size_t>(me)].name, n);
  out += held;
  for (int p = 0; p < g.nplayers(); ++p) {
    const int code = g.code(0, p);
    std::vector<std::string> counts;
    if (g.players[static_cast<size_t>(p)].forward >= 0) counts.push_back(fmt::format("pips {}", pip_count(s, p)));
    if (g.bar_slot >= 0) counts.push_back(fmt::format("bar {}", s.reserve(g.bar_slot, code)));
    if (g.off_slot >= 0) counts.push_back(fmt::format("borne off {}", s.reserve(g.off_slot, code)));
    out += fmt::format("  {} {}: {}\n", g.players[static_cast<size_t>(p)].name, g.glyph_of[code], fmt::join(counts, ", "));
  }
  return out;
}

}  // namespace boardlab::board_parts
