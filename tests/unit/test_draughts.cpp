// Double Draughts and English checkers (shared/rules/README.md section 2): the rule scenarios
// and English checkers' published perft counts are in definitions/double-draughts.test.yaml
// and definitions/english-checkers.test.yaml (the variants' in
// definitions/double-draughts-straight-jumps.test.yaml and
// definitions/double-draughts-super-king.test.yaml); here, the no-progress count as the state
// keeps it.
#include <catch2/catch.hpp>

#include "helpers.h"
#include "state/position_text.h"

using namespace boardlab;

TEST_CASE("Double Draughts: 50 moves each without progress draw, counted by the state") {
  auto game = testing::bundled("double-draughts");
  SECTION("no progress: the count is an option (100 plies by default)") {
    CHECK(game->def().no_progress_plies == 100);
    auto six = testing::bundled("double-draughts", {{"no_progress", "6"}});
    State s = parse_position(six->def(), "white a1=W h8=B");
    const char* plies[] = {"a1-a2", "h8-h7", "a2-a3", "h7-h6", "a3-a4", "h6-h5"};
    for (const char* m : plies) {
      CHECK_FALSE(s.outcome().over());
      testing::play(*six, s, m);
    }
    // The draw these plies reach is a scenario in definitions/double-draughts.test.yaml.
    s.undo();
    CHECK_FALSE(s.outcome().over());
    CHECK(s.quiet_plies() == 5);
  }
  SECTION("a man's move or a capture resets the count") {
    State s = parse_position(game->def(), "white a1=W c3=w h8=B");
    testing::play(*game, s, "a1-b2");
    testing::play(*game, s, "h8-g7");
    CHECK(s.quiet_plies() == 2);
    testing::play(*game, s, "c3-d4");
    CHECK(s.quiet_plies() == 0);
  }
}
