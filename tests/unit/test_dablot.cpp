// Dablot Prejjesne (shared/rules/README.md section 5): the rule scenarios (the setup, steps
// and rank-limited jump chains on the lattice, compulsory capture, the end of the game, the
// engine's draws, perft from the start) are in definitions/dablot.test.yaml and
// definitions/dablot-optional-captures.test.yaml; here, the no-progress count's default,
// notation read and printed, and perft symmetry.
#include <catch2/catch.hpp>
#include <set>

#include "helpers.h"
#include "rules/playout.h"
#include "state/position_text.h"

using namespace boardlab;
using testing::texts_at;

TEST_CASE("Dablot: the engine's draws: 60 moves each without capture by default") {
  auto game = testing::bundled("dablot");
  CHECK(game->def().no_progress_plies == 120);
}

TEST_CASE("Dablot: notation c5-d6 and c5xe7xg5, read and printed") {
  auto game = testing::bundled("dablot");
  CHECK(texts_at(*game, "white c5=S k13=s").count("c5-d6"));
  State s = parse_position(game->def(), "white c5=S d6=s f6=s k13=s");
  CHECK(testing::legal_texts(*game, s) == std::vector<std::string>{"c5xe7xg5"});
  testing::play(*game, s, "c5xe7xg5");
  CHECK(position_text(s) == "black g5=S k13=s");
  // Forgiving entry: the points in order, whatever separates them.
  for (const char* typed : {"c5 e7 g5", "c5e7g5", "C5-E7-G5"}) {
    State t = parse_position(game->def(), "white c5=S d6=s f6=s k13=s");
    testing::play(*game, t, typed);
    CHECK(position_text(t) == "black g5=S k13=s");
  }
}

TEST_CASE("Dablot: perft from the start, the same whoever moves first") {
  // Depth 1 (15, counted by hand) is a scenario in definitions/dablot.test.yaml.
  auto white = testing::bundled("dablot");
  auto black = testing::bundled("dablot", {{"first_player", "black"}});
  State sw = white->initial(), sb = black->initial();
  // The setup is symmetric under a half turn of the board: black first mirrors white first.
  for (int d = 1; d <= 4; ++d) {
    INFO("depth " << d);
    CHECK(perft(*white, sw, d) == perft(*black, sb, d));
  }
}
