// State: every primitive action applies and undoes exactly (hash included), and bad
// actions are refused without changing the state.
#include <catch2/catch.hpp>
#include <set>

#include "helpers.h"
#include "core/rng.h"
#include "rules/playout.h"
#include "state/position_text.h"

using namespace boardlab;

namespace {

Move one(Op op, int n, int a, int b = kNone, int c = kNone) {
  Move m;
  m.push(Action{op, static_cast<uint8_t>(n), static_cast<uint16_t>(a), static_cast<uint16_t>(b), static_cast<uint16_t>(c)});
  return m;
}

}  // namespace

TEST_CASE("each primitive action applies and undoes exactly") {
  testing::TempDir dir;
  dir.write("tiny.lua", "function generate() end\n");
  auto path = dir.write("tiny.yaml",
                        "name: tiny\nscript: tiny.lua\nplayers: [{name: a}, {name: b}]\n"
                        "board: {kind: grid, size: [3, 3], max_stack: 6}\nreserves: [off]\n"
                        "pieces: {p: {glyphs: {a: x, b: o}}, k: {glyphs: {a: X, b: O}}}\n");
  auto def = load_game_def(path);
  const Board& b = def->board;
  int a1 = b.cell_index("a1"), b2 = b.cell_index("b2"), c3 = b.cell_index("c3");
  const int x = def->code(0, 0), o = def->code(0, 1), X = def->code(1, 0);
  State s = parse_position(*def, "a a1=xxo b2=x c3=o off:o=2");
  const std::string start = position_text(s);
  const uint64_t hash = s.hash();

  auto check = [&](const Move& m, const std::string& after) {
    State t = s;
    t.apply(m);
    CHECK(position_text(t, WithPly::No) == after);
    CHECK(t.ply() == 1);
    CHECK(t.hash() == parse_position(*def, after).hash());  // the incremental hash is the real one
    t.undo();
    CHECK(position_text(t) == start);
    CHECK(t.hash() == hash);
    CHECK(t.same_position(s));
  };
  check(one(Op::Move, 2, a1, b2), "b a1=x b2=xxo c3=o off:o=2");
  check(one(Op::Remove, 0, a1, 0), "b b2=x c3=o off:x=2 off:o=3");
  check(one(Op::Remove, 0, a1), "b b2=x c3=o off:o=2");
  check(one(Op::ToReserve, 1, c3, 0), "b a1=xxo b2=x off:o=3");
  check(one(Op::FromReserve, 0, b2, 0, o), "b a1=xxo b2=xo c3=o off:o=1");
  check(one(Op::SetTop, 0, b2, kNone, X), "b a1=xxo b2=X c3=o off:o=2");
  check(one(Op::Mark, 0, a1), "b a1=xxo b2=x c3=o off:o=2");
  // Pieces inside a stack (column games).
  check(one(Op::Transfer, 2, a1, b2, 0), "b a1=xx b2=ox c3=o off:o=2");   // the top of a1 under b2
  check(one(Op::Transfer, 0, a1, b2, 1), "b a1=xo b2=xx c3=o off:o=2");   // the bottom of a1 onto b2
  check(one(Op::Transfer, 0, a1, a1, 2), "b a1=xox b2=x c3=o off:o=2");   // within one stack
  check(one(Op::Transfer, 2, a1, b.cell_index("b1"), 0), "b a1=xx b1=o b2=x c3=o off:o=2");  // onto an empty cell
  check(one(Op::Take, 1, a1, 0), "b a1=xo b2=x c3=o off:x=1 off:o=2");
  check(one(Op::Take, 0, a1), "b a1=xo b2=x c3=o off:o=2");
  check(one(Op::Put, 0, a1, 0, o), "b a1=oxxo b2=x c3=o off:o=1");
  check(one(Op::Put, 3, a1, 0, o), "b a1=xxoo b2=x c3=o off:o=1");
  check(one(Op::SetPiece, 1, a1, kNone, X), "b a1=xXo b2=x c3=o off:o=2");
  {  // A move of several: each action sees the board as the ones before it left it.
    Move m;
    m.push(Action{Op::Move, 3, static_cast<uint16_t>(a1), static_cast<uint16_t>(b.cell_index("b1")), kNone});
    m.push(Action{Op::Transfer, 0, static_cast<uint16_t>(c3), static_cast<uint16_t>(b.cell_index("b1")), 0});
    m.push(Action{Op::SetPiece, 3, static_cast<uint16_t>(b.cell_index("b1")), kNone, static_cast<uint16_t>(X)});
    check(m, "b b1=oxxX b2=x off:o=2");
  }

  SECTION("a bad action is refused and changes nothing") {
    State t = s;
    CHECK_THROWS_WITH(t.apply(one(Op::Move, 4, a1, b2)),
                      "illegal action: move 4 pieces from a1 to b2: a1 holds 3");
    CHECK_THROWS_WITH(t.apply(one(Op::Move, 1, a1, a1)), Catch::Contains("must change cells"));
    CHECK_THROWS_WITH(t.apply(one(Op::Move, 1, a1, 999)), Catch::Contains("no such target cell"));
    CHECK_THROWS_WITH(t.apply(one(Op::SetTop, 0, b.cell_index("b1"), kNone, X)),
                      "illegal action: turn the top piece of b1 into X (a k): b1 holds 0");
    CHECK_THROWS_WITH(t.apply(one(Op::FromReserve, 0, b2, 0, x)),
                      "illegal action: put x (a p) from reserve off on b2: reserve off has no such piece");
    CHECK_THROWS_WITH(t.apply(one(Op::Transfer, 3, a1, b2, 0)),
                      "illegal action: move the piece at level 3 of a1 to level 0 of b2: a1 holds 3");
    CHECK_THROWS_WITH(t.apply(one(Op::Transfer, 0, a1, b2, 2)),
                      "illegal action: move the piece at level 0 of a1 to level 2 of b2: b2 holds 1: a piece goes in at levels 0 to 1");
    CHECK_THROWS_WITH(t.apply(one(Op::Take, 5, c3, kNone)), "illegal action: take the piece at level 5 of c3 out of play: c3 holds 1");
    CHECK_THROWS_WITH(t.apply(one(Op::Put, 2, b2, 0, o)),
                      "illegal action: put o (b p) from reserve off at level 2 of b2: b2 holds 1: a piece goes in at levels 0 to 1");
    CHECK_THROWS_WITH(t.apply(one(Op::SetPiece, 1, b2, kNone, X)), "illegal action: turn the piece at level 1 of b2 into X (a k): b2 holds 1");
    {  // Heights as earlier actions leave them: the second lift finds a1 empty.
      Move m = one(Op::Move, 3, a1, b2);
      m.push(Action{Op::Take, 0, static_cast<uint16_t>(a1), kNone, kNone});
      CHECK_THROWS_WITH(t.apply(m), "illegal action: take the piece at level 0 of a1 out of play: a1 holds 0");
    }
    CHECK(t.same_position(s));
    CHECK(t.hash() == s.hash());
  }
}

TEST_CASE("every reserve count hashes differently, whatever the setup") {
  testing::TempDir dir;
  dir.write("tiny.lua", "function generate() end\n");
  auto def = load_game_def(dir.write("tiny.yaml",
                                     "name: tiny\nscript: tiny.lua\nplayers: [{name: a}, {name: b}]\n"
                                     "board: {kind: grid, size: [3, 3]}\nreserves: [off]\n"
                                     "pieces: {p: {glyphs: {a: x, b: o}}}\n"));
  std::set<uint64_t> hashes;
  for (int n = 0; n < 50; ++n) hashes.insert(parse_position(*def, "a off:x=" + std::to_string(n)).hash());
  CHECK(hashes.size() == 50);
}

TEST_CASE("Pieces in hand: the setup stocks a reserve, and a placement takes a piece from it", "[state]") {
  testing::TempDir dir;
  // Place a stone of your own from your hand on any empty cell.
  const std::string lua = R"(
local HAND = game.reserve("hand")
local STONE = { game.piece("stone", 0), game.piece("stone", 1) }
function generate()
  local me = state.side()
  if state.reserve(HAND, STONE[me + 1]) == 0 then return end
  for c = 0, board.ncells - 1 do
    if state.height(c) == 0 then
      moves.begin()
      moves.from_reserve(c, HAND, STONE[me + 1])
      moves.commit()
    end
  end
end
)";
  dir.write("place.lua", lua);
  const std::string head = "api: 2\nname: place\nscript: place.lua\nplayers: [{name: a}, {name: b}]\n"
                           "board: {kind: grid, size: [3, 3], max_stack: 1}\npieces: {stone: {glyphs: {a: x, b: o}}}\n"
                           "reserves: [hand]\n";
  ThreadRules game(load_game_def(dir.write("place.yaml", head + "setup: [{reserve: hand, pieces: {x: 5, o: 4}}]\n")));
  State s = game.initial();
  CHECK(position_text(s) == "a hand:x=5 hand:o=4");
  CHECK(s.total_pieces() == 9);
  CHECK(perft(game, s, 1) == 9);
  CHECK(perft(game, s, 2) == 72);
  testing::play(game, s, "in-b2");
  CHECK(position_text(s) == "b ply:1 b2=x hand:x=4 hand:o=4");
  // Every cell filled by the 9 stones in hand, none left; then the side to move has no move.
  Rng rng(1);
  CHECK(random_playout(game, s, rng, 100) == 8);
  CHECK(s.total_pieces() == 9);

  using Catch::Contains;
  CHECK_THROWS_WITH(load_game_def(dir.write("bad1.yaml", head + "setup: [{reserve: hnd, pieces: {x: 5}}]\n")),
                    Contains("unknown reserve 'hnd' (did you mean 'hand'?"));
  CHECK_THROWS_WITH(load_game_def(dir.write("bad2.yaml", head + "setup: [{reserve: hand, pieces: {q: 5}}]\n")),
                    Contains("'q' is no piece glyph"));
  CHECK_THROWS_WITH(load_game_def(dir.write("bad3.yaml", head + "setup: [{reserve: hand, pieces: {x: 5}, cells: [a1]}]\n")),
                    Contains("not both"));
  CHECK_THROWS_WITH(load_game_def(dir.write("bad4.yaml", head + "setup: [{reserve: hand}]\n")),
                    Contains("a stocked reserve lists its pieces"));
  CHECK_THROWS_WITH(load_game_def(dir.write("bad5.yaml", head + "setup: [{reserve: hand, pieces: {x: 0}}]\n")),
                    Contains("'setup.pieces' must be between 1 and"));
  CHECK_THROWS_WITH(load_game_def(dir.write("bad6.yaml", head + "setup: [{stack: x}]\n")),
                    Contains("a setup entry gives a stack and its cells"));
}
