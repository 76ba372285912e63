// Position text: round trips over random positions, and readable errors for bad input.
#include <catch2/catch.hpp>

#include "helpers.h"
#include <fmt/format.h>

#include "rules/invariants.h"
#include "rules/playout.h"
#include "state/position_text.h"

using namespace boardlab;

TEST_CASE("position text round-trips over random positions") {
  auto game = testing::bundled("death-stacks");
  MoveList moves;
  int checked = 0;
  for (uint64_t seed = 1; seed <= 50; ++seed) {
    Rng rng(seed);
    State s = game->initial();
    random_playout(*game, s, rng, static_cast<int>(rng.below(300)));
    std::string text = position_text(s);
    State back = parse_position(game->def(), text);
    CHECK(back.same_position(s));
    CHECK(back.hash() == s.hash());
    CHECK(position_text(back) == text);
    CHECK(back.ply() == s.ply());
    ++checked;
  }
  CHECK(checked == 50);
}

TEST_CASE("the start position's text") {
  auto game = testing::bundled("death-stacks");
  CHECK(position_text(game->initial()) ==
        "red a1=bb b1=bb c1=bb d1=bb e1=bb f1=bb a6=rr b6=rr c6=rr d6=rr e6=rr f6=rr");
}

TEST_CASE("the ply survives a position read from text: a rule for the first turns and the ply cap read it") {
  auto game = testing::bundled("lasca", {{"move_cap", "60"}});  // drawn after 60 plies
  const int cap = game->def().max_plies;
  REQUIRE(cap > 0);
  State s = parse_position(game->def(), fmt::format("white ply:{} a1=w g7=b", cap - 1));
  CHECK(s.ply() == cap - 1);
  CHECK_FALSE(game->over(s));
  CHECK(position_text(s).rfind(fmt::format("white ply:{} ", cap - 1), 0) == 0);
  CHECK(position_text(s, WithPly::No).rfind("white a1=w", 0) == 0);
  MoveList moves;
  game->legal_moves(s, moves);
  REQUIRE_FALSE(moves.empty());
  game->apply(s, moves[0]);
  CHECK(game->outcome(s).reason == Outcome::Reason::MoveCap);
  CHECK(game->outcome(parse_position(game->def(), position_text(s))).reason == Outcome::Reason::MoveCap);
  // At ply 0 the text leaves it out; `ply:0` reads.
  CHECK(position_text(parse_position(game->def(), "white ply:0 a1=w g7=b")) == "white a1=w g7=b");
}

TEST_CASE("bad position text says what is wrong") {
  auto game = testing::bundled("death-stacks");
  const GameDef& g = game->def();
  using Catch::Contains;
  CHECK_THROWS_WITH(parse_position(g, ""), Contains("empty position"));
  CHECK_THROWS_WITH(parse_position(g, "green a1=r"), Contains("'green' is not a player (expected one of: red, black)"));
  CHECK_THROWS_WITH(parse_position(g, "red z9=r"), Contains("no cell named 'z9'"));
  CHECK_THROWS_WITH(parse_position(g, "red ply:-1 a1=r"), Contains("'ply:-1': the ply is a number from 0 to"));
  CHECK_THROWS_WITH(parse_position(g, "red ply:x a1=r"), Contains("'ply:x': the ply is a number"));
  CHECK_THROWS_WITH(parse_position(g, "red ply:999999999999 a1=r"), Contains("the ply is a number"));
  CHECK_THROWS_WITH(parse_position(g, "red a1=rq"), Contains("'q' is not a piece glyph"));
  CHECK_THROWS_WITH(parse_position(g, "red a1=r a1=b"), Contains("cell a1 is given twice"));
  CHECK_THROWS_WITH(parse_position(g, "red a1"), Contains("expected cell=pieces"));
  CHECK_THROWS_WITH(parse_position(g, "red off:r=1"), Contains("no reserve named 'off'"));
  CHECK_THROWS_WITH(parse_position(g, "red a1=" + std::string(25, 'r')), Contains("at most 24 pieces"));
}

TEST_CASE("a position holding more pieces than the game's setup is refused, in every game that bounds them") {
  using Catch::Contains;
  // Death Stacks has 24 checkers: 25 (on cells of 24 at most) cannot be reached.
  auto stacks = testing::bundled("death-stacks");
  const std::string twelve(12, 'r');
  CHECK_NOTHROW(parse_position(stacks->def(), "red a1=" + twelve + " b1=" + std::string(12, 'b')));
  CHECK_THROWS_WITH(parse_position(stacks->def(), "red a1=" + twelve + " b1=" + twelve + " c1=b"),
                    Contains("the position holds 25 pieces, and this game has 24 (its setup): no move adds any"));
  // The pieces in reserves count too (backgammon's 30 checkers, borne off or on the bar).
  auto bg = testing::bundled("backgammon");
  CHECK_THROWS_WITH(parse_position(bg->def(), "white 1=" + std::string(15, 'w') + " off:w=15 off:b=1"),
                    Contains("holds 31 pieces, and this game has 30"));
  // A hand that never runs out bounds nothing: Hex's board may be full.
  auto hex = testing::bundled("hex-7x7");
  std::string full = "red";
  for (char f = 'a'; f <= 'g'; ++f)
    for (int r = 1; r <= 7; ++r) full += std::string(" ") + f + std::to_string(r) + "=" + ((f + r) % 2 ? "x" : "o");
  CHECK_NOTHROW(parse_position(hex->def(), full));
  // The seeds of Kalah follow its option: 3 a pit make 36.
  auto kalah = testing::bundled("kalah", {{"seeds", "3"}});
  CHECK_THROWS_WITH(parse_position(kalah->def(), "south a1=" + std::string(37, 's')), Contains("this game has 36"));
}

TEST_CASE("positions at the limits boardlab writes, it reads back: a hand of kMaxStock, the last ply") {
  using Catch::Contains;
  // One limit for the setup, the writer and the reader: a hand of 500,000 once wrote texts
  // the reader refused (its count limit was 100,000), and check failed at ply 0.
  const testing::TempDir dir;
  const std::string path = dir.write("hands.yaml", fmt::format(R"(api: 2
name: hands
title: Hands
description: Two full hands and a small board.
players: [{{name: white}}, {{name: black}}]
board: {{kind: grid, size: [3, 3]}}
reserves: [hand]
pieces: {{man: {{glyphs: {{white: w, black: b}}}}}}
setup:
  - {{reserve: hand, pieces: {{w: {}, b: 1}}}}
moves:
  drop: {{from: hand}}
)", kMaxStock - 1));
  const ThreadRules game(load_game_def(path));
  InvariantOptions opt;
  opt.games = 3;
  const InvariantReport report = check_invariants(game, opt);
  INFO((report.failures.empty() ? "" : report.failures[0]));
  CHECK(report.ok());
  CHECK(report.plies > 0);
  const std::string full = fmt::format("white hand:w={}", kMaxStock);
  CHECK_THROWS_WITH(parse_position(game.def(), full + " a1=b"), Contains(fmt::format("this game has {}", kMaxStock)));
  CHECK(position_text(parse_position(game.def(), full)) == full);
  CHECK_THROWS_WITH(parse_position(game.def(), fmt::format("white hand:w={}", kMaxStock + 1)),
                    Contains(fmt::format("the count is a number from 0 to {}", kMaxStock)));
  // The last ply a text may give ends the game (a draw at kMaxPly): no move leads past it.
  State s = parse_position(game.def(), fmt::format("white ply:{} hand:w=2", kMaxPly - 1));
  MoveList moves;
  game.legal_moves(s, moves);
  REQUIRE_FALSE(moves.empty());
  game.apply(s, moves[0]);
  CHECK(s.ply() == kMaxPly);
  CHECK(game.outcome(s).reason == Outcome::Reason::MoveCap);
  CHECK(describe(game.def(), game.outcome(s)) == fmt::format("draw (the {}-ply limit was reached)", kMaxPly));
  CHECK(position_text(parse_position(game.def(), position_text(s))) == position_text(s));
}
