// Starting files for a new game: a definition and a script that load, pass `boardlab check`
// and play, on any board kind.
#include "session/new_game.h"

#include <fmt/format.h>

#include <stdexcept>

#include "board/board.h"
#include "core/text.h"

namespace boardlab {

namespace {

struct BoardChoice {
  std::string kind;
  int w = 8, h = 8;  // a track: w points
};

BoardChoice parse_board(const std::string& text) {
  const size_t colon = text.find(':');
  BoardChoice b{text.substr(0, colon)};
  const std::string dims = colon == std::string::npos ? "" : text.substr(colon + 1);
  auto bad = [&] {
    return std::invalid_argument(fmt::format("--board takes grid:WxH or lattice:WxH (W 2 to 26, H 3 to 26) or track:N (N even, 6 to "
                                  "26), not '{}'", text));
  };
  if (b.kind == "track") {
    auto n = parse_int(dims.empty() ? "24" : dims);
    // Each side starts on two points: fewer than 6 leave nothing to play.
    if (!n || *n < 6 || *n > 26 || *n % 2) throw std::invalid_argument(fmt::format("--board track:N takes an even N from 6 to 26, not '{}'", text));
    b.w = static_cast<int>(*n);
    return b;
  }
  if (b.kind != "grid" && b.kind != "lattice") throw bad();
  if (!dims.empty()) {
    const size_t x = dims.find('x');
    auto w = parse_int(dims.substr(0, x)), h = parse_int(x == std::string::npos ? "" : dims.substr(x + 1));
    if (!w || !h || *w < 2 || *h < 3 || *w > 26 || *h > 26) throw bad();
    b.w = static_cast<int>(*w), b.h = static_cast<int>(*h);
  }
  return b;
}

std::string board_yaml(const BoardChoice& b) {
  if (b.kind == "track")
    return fmt::format(R"(board:
  kind: track
  size: [{}]
  bar: bar      # the reserve for hit pieces
  off: off      # the reserve for borne-off pieces
reserves: [bar, off]
)", b.w);
  std::string out = fmt::format("board:\n  kind: {}\n  size: [{}, {}]\n", b.kind, b.w, b.h);
  if (b.kind == "lattice")
    out += R"(  # Alquerque's scheme: points with an even x + y have lines in 8 directions, the others in 4.
  points:
    strong: {sum: even, steps: [n, ne, e, se, s, sw, w, nw]}
    weak: {sum: odd, steps: [n, e, s, w]}
)";
  return out;
}

}  // namespace

NewGame new_game(const std::string& name, const std::string& board) {
  if (name.empty() || name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") != std::string::npos)
    throw std::invalid_argument(fmt::format("the name takes lower-case letters, digits and dashes, not '{}'", name));
  const BoardChoice b = parse_board(board);
  const bool track = b.kind == "track";
  // Each side starts on its first row (a track: its first two points), moving toward the other.
  const std::string first = track ? fmt::format("\"{}..{}\"", b.w - 1, b.w) : fmt::format("a1..{}1", file_name(b.w - 1));
  const std::string second = track ? "\"1..2\"" : fmt::format("a{0}..{1}{0}", b.h, file_name(b.w - 1));
  const std::string forward_w = track ? "down" : "n", forward_b = track ? "up" : "s";
  NewGame out;
  out.yaml = fmt::format(R"(# {0}: a new game, started by `boardlab new`. Say here what the game is, where its rules
# come from, and its options (`boardlab check {0}.yaml` checks it; docs/ has the reference).
# Options: first_player (white).
name: {0}
title: {0}
description: One sentence about the game, shown when it starts.
rules: |
  The rules for players ('rules' in boardlab play shows them). For now: a piece steps
  one cell forward onto an empty cell, and a side with no move loses.
script: {0}.lua
players:
  - {{name: white, forward: {1}}}
  - {{name: black, forward: {2}}}
{3}pieces:
  man:
    glyphs: {{white: w, black: b}}
setup:
  - {{stack: w, cells: [{4}]}}
  - {{stack: b, cells: [{5}]}}
turn:
  first: $first_player
  no_moves: lose
options:
  first_player:
    default: white
    values: [white, black]
    doc: the player who moves first
)",
                         name, forward_w, forward_b, board_yaml(b), first, second);
  out.lua = fmt::format(R"(-- {0}: the rules in Lua (docs/lua-api.md lists what a script sees). generate() writes
-- every legal move of the side to move; for now a piece steps one cell forward onto an
-- empty cell. Add result(), notation(move) or evaluate(player) hooks as the game needs.
local ray, height, side = board.ray, state.height, state.side
local nmine, mine = state.nmine, state.mine

function generate()
  local ahead = game.forward(side())
  for i = 0, nmine() - 1 do
    local from = mine(i)
    local to = ray(from, ahead, 1)
    if to >= 0 and height(to) == 0 then moves.stack(from, to, 1) end
  end
end
)",
                        name);
  // A cell one step ahead of another, the far corner, and how many pieces can step at the
  // start: a track's second piece stands behind the first.
  const std::string a = track ? "4" : "a2", ahead = track ? "3" : "a3";
  const std::string far = track ? "1" : fmt::format("{}{}", file_name(b.w - 1), b.h);
  out.tests = fmt::format(R"(# Rule scenarios for {0}.yaml: `boardlab test {0}.test.yaml` runs them, and so does
# `boardlab check {0}.yaml`. Add one for each rule as you write it: a position and what the
# rules say of it (docs/testing.md lists every key).
scenarios:
  - name: a piece steps one cell forward onto an empty cell
    position: white {1}=w {3}=b
    moves: [{1}-{2}]
  - name: a side with no move loses
    position: white {1}=w {2}=b
    outcome: black
    reason: no_moves
  - name: every piece that has an empty cell ahead can step at the start
    perft: [{4}]
)",
                          name, a, ahead, far, track ? 1 : b.w);
  return out;
}

}  // namespace boardlab
