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
  std::string out = fmt::format("board:\n  kind: {}\n  size: [{}, {}]\n", b.kind, b.w, b.h);
  if (b.kind == "lattice")
    out += R"(  # Alquerque's scheme: points with an even x + y have lines in 8 directions, the others in 4.
  points:
    strong: {sum: even, steps: [n, ne, e, se, s, sw, w, nw]}
    weak: {sum: odd, steps: [n, e, s, w]}
)";
  return out;
}


// A track: a dice race on the dice_turns library, the backgammon family's building block.
NewGame dice_race(const std::string& name, int n) {
  NewGame out;
  out.yaml = fmt::format(R"(# {0}: a new dice race, started by `boardlab new`. Say here what the game is, where its
# rules come from, and its options (`boardlab check {0}.yaml` checks it; docs/ has the
# reference, and docs/tutorial.md chapter 2 grows this file into a game).
name: {0}
title: {0}
description: One sentence about the game, shown when it starts.
rules: |
  Points are numbered from each player's side: you move from your {1}-point toward your
  1-point and bear off past it. Roll two dice; each die moves one checker that many
  points (one checker may use both). A double is played four times. A point where any
  enemy checker stands is closed. Once all your checkers are on your home points
  (1-{2}) you may bear off: a die equal to a checker's point bears it off, a higher die
  bears off from the highest point. Use as many dice as you can; if only one of two can
  be used, the larger. You pass when no die can be played. The first side to bear off
  every checker wins.
  Notation (from the mover's side): a checker's start and end, {1}/{4}, then 1/off;
  two checkers moved alike read {1}/{5}(2).
script: {0}.lua
players:
  - {{name: white, forward: down}}   # white's point k is cell k
  - {{name: black, forward: up}}     # black's point k is cell {3} - k
board:
  kind: track
  size: [{1}]
  off: off        # the reserve for borne-off checkers
reserves: [off]
pieces:
  checker:
    glyphs: {{white: w, black: b}}
setup:
  - {{stack: ww, cells: ["{1}"]}}
  - {{stack: bb, cells: ["1"]}}
dice:
  count: 2
  sides: 6
  doubles: 4            # a double is played four times
  first_roll: roll-off  # each side rolls one die; the higher plays both
turn:
  no_moves: pass
)",
                         name, n, n / 4, n + 1, n - 4, n - 2);
  out.lua = fmt::format(R"(-- {0}: the rules in Lua (docs/lua-api.md lists what a script sees). dice_turns builds
-- the whole turns (the most dice, the larger die, doubles, equal results merged) from the
-- single-die steps this script knows, played on Lua arrays in the mover's numbering:
-- point k is k steps from bearing off.
local OFF = game.reserve("off")
local N = board.ncells
local HOME = math.floor(N / 4) -- points 1..HOME are the home board
local height, owner, side, reserve = state.height, state.owner, state.side, state.reserve

-- cell_of[p][k]: player p's point k; point_of[p][cell]: the reverse.
local cell_of, point_of = dice_turns.track_points()
local CODE, TOTAL = {{}}, {{}}
for p = 0, 1 do
  CODE[p] = game.piece("checker", p)
  TOTAL[p] = state.count(p) -- at load, every checker is on the board
end

-- The working position: mine[k] and theirs[k] count checkers on the mover's point k.
local mine, theirs, my_off = {{}}, {{}}, 0
local key = dice_turns.counts_key(2 * N + 2, TOTAL[0] + TOTAL[1]) -- slots: k, N + k, tray

local function all_home()
  for k = HOME + 1, N do
    if mine[k] > 0 then return false end
  end
  return true
end
local function highest()
  for k = N, 1, -1 do
    if mine[k] > 0 then return k end
  end
  return 0
end

local turns = dice_turns.new {{
  -- Every legal step of die d: onto an empty or own point, or off from home.
  each_step = function(d, max_from, add)
    for from = math.min(max_from, N), 1, -1 do
      local to = from - d
      if mine[from] > 0 then
        if to >= 1 then
          if theirs[to] == 0 then add(from, to) end
        elseif all_home() and (to == 0 or highest() == from) then
          add(from, 0)
        end
      end
    end
  end,
  play = function(from, to)
    key.change(from, mine[from], mine[from] - 1); mine[from] = mine[from] - 1
    if to >= 1 then
      key.change(to, mine[to], mine[to] + 1); mine[to] = mine[to] + 1
    else
      key.change(2 * N + 1, my_off, my_off + 1); my_off = my_off + 1
    end
  end,
  undo = function(from, to)
    if to >= 1 then
      key.change(to, mine[to], mine[to] - 1); mine[to] = mine[to] - 1
    else
      key.change(2 * N + 1, my_off, my_off - 1); my_off = my_off - 1
    end
    key.change(from, mine[from], mine[from] + 1); mine[from] = mine[from] + 1
  end,
  key = key.value,
  doubles_descend = true, -- a step never opens a higher point
  write = function(turn)
    local to_cell = cell_of[side()]
    moves.begin()
    for i = 1, turn.n do
      local from, to = to_cell[turn.from[i]], turn.to[i]
      if to >= 1 then moves.move(from, to_cell[to], 1) else moves.to_reserve(from, 1, OFF) end
    end
    moves.commit()
  end,
}}

function generate()
  local me = side()
  key.reset()
  for k = 1, N do
    local c = cell_of[me][k]
    mine[k] = owner(c) == me and height(c) or 0
    theirs[k] = owner(c) == 1 - me and height(c) or 0
    key.set(k, mine[k]); key.set(N + k, theirs[k])
  end
  my_off = reserve(OFF, CODE[me])
  key.set(2 * N + 1, my_off)
  turns.generate()
end

function result()
  for p = 0, 1 do
    if reserve(OFF, CODE[p]) == TOTAL[p] then return p end
  end
  return nil
end

function notation(move)
  if move.pass then return "pass" end
  local pt, steps = point_of[side()], {{}}
  for _, a in ipairs(move.actions) do
    steps[#steps + 1] = {{ pt[a.a], a.op == "move" and pt[a.b] or 0 }}
  end
  return dice_turns.spell(steps, {{}}, N + 1)
end
)",
                        name);
  out.tests = fmt::format(R"(# Rule scenarios for {0}.yaml: `boardlab test {0}.test.yaml` runs them, and so does
# `boardlab check {0}.yaml`. Add one for each rule as you write it: a position and what the
# rules say of it (docs/testing.md lists every key). Points are cells, numbered from
# white's side; `dice:3,1` after the side is the roll to play.
scenarios:
  - name: a turn plays both dice, with one checker or two
    position: white dice:3,1 {1}=ww 1=bb
    moves: [{1}/{2}, {1}/{3} {1}/{4}]
  - name: a point where an enemy checker stands is closed
    position: white dice:2,1 {1}=ww {3}=b {5}=b
    moves: [pass]
  - name: the first side to bear off every checker wins
    position: white dice:1,1 1=ww {1}=bb
    play: [1/off(2)]
    outcome: white
)",
                          name, n, n - 4, n - 1, n - 3, n - 2);
  return out;
}

}  // namespace

NewGame new_game(const std::string& name, const std::string& board) {
  if (name.empty() || name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") != std::string::npos)
    throw std::invalid_argument(fmt::format("the name takes lower-case letters, digits and dashes, not '{}'", name));
  const BoardChoice b = parse_board(board);
  if (b.kind == "track") return dice_race(name, b.w);
  // Each side starts on its first row, moving toward the other.
  const std::string first = fmt::format("a1..{}1", file_name(b.w - 1));
  const std::string second = fmt::format("a{0}..{1}{0}", b.h, file_name(b.w - 1));
  const std::string forward_w = "n", forward_b = "s";
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
  // A cell one step ahead of another, the far corner.
  const std::string a = "a2", ahead = "a3";
  const std::string far = fmt::format("{}{}", file_name(b.w - 1), b.h);
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
                          name, a, ahead, far, b.w);
  return out;
}

}  // namespace boardlab
