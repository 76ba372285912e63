// Position text: round trips over random positions, and readable errors for bad input.
#include <catch2/catch.hpp>

#include "helpers.h"
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
    ++checked;
  }
  CHECK(checked == 50);
}

TEST_CASE("the start position's text") {
  auto game = testing::bundled("death-stacks");
  CHECK(position_text(game->initial()) ==
        "red a1=bb b1=bb c1=bb d1=bb e1=bb f1=bb a6=rr b6=rr c6=rr d6=rr e6=rr f6=rr");
}

TEST_CASE("bad position text says what is wrong") {
  auto game = testing::bundled("death-stacks");
  const GameDef& g = game->def();
  using Catch::Contains;
  CHECK_THROWS_WITH(parse_position(g, ""), Contains("empty position"));
  CHECK_THROWS_WITH(parse_position(g, "green a1=r"), Contains("'green' is not a player (expected one of: red, black)"));
  CHECK_THROWS_WITH(parse_position(g, "red z9=r"), Contains("no cell named 'z9'"));
  CHECK_THROWS_WITH(parse_position(g, "red a1=rq"), Contains("'q' is not a piece glyph"));
  CHECK_THROWS_WITH(parse_position(g, "red a1=r a1=b"), Contains("cell a1 is given twice"));
  CHECK_THROWS_WITH(parse_position(g, "red a1"), Contains("expected cell=pieces"));
  CHECK_THROWS_WITH(parse_position(g, "red off:r=1"), Contains("no reserve named 'off'"));
  CHECK_THROWS_WITH(parse_position(g, "red a1=" + std::string(25, 'r')), Contains("at most 24 pieces"));
}
