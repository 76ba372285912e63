// Double Draughts and English checkers (shared/rules/README.md section 2): the rule scenarios
// and English checkers' published perft counts are in definitions/double-draughts.test.yaml
// and definitions/english-checkers.test.yaml (the variants' in
// definitions/double-draughts-straight-jumps.test.yaml and
// definitions/double-draughts-super-king.test.yaml); here, the no-progress count as the state
// keeps it, and English checkers against an independent hand-written generator.
#include <catch2/catch.hpp>

#include <set>
#include <tuple>

#include "bench/handwritten_checkers.h"
#include "helpers.h"
#include "rules/playout.h"
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

namespace {
using CheckersMove = std::tuple<int, int, uint64_t, bool>;  // from, to, jumped cells, crowns

std::set<CheckersMove> hand_checkers_set(const State& s, bool double_draughts = false) {
  handwritten_checkers::Position p;
  p.double_draughts = double_draughts;
  for (int c = 0; c < 64; ++c) {
    if (!s.height(c)) continue;
    const bool king = s.def().glyph_of[s.top(c)] == 'W' || s.def().glyph_of[s.top(c)] == 'B';
    p.board[c] = static_cast<int8_t>((s.owner(c) == 0 ? 1 : -1) * (king ? 2 : 1));
  }
  p.side = s.side();
  handwritten_checkers::Move buf[handwritten_checkers::kMaxMoves];
  const int n = handwritten_checkers::legal_moves(p, buf);
  std::set<CheckersMove> out;
  for (int i = 0; i < n; ++i) out.insert({buf[i].from, buf[i].to, buf[i].captured, buf[i].crowns});
  return out;
}

std::set<CheckersMove> interpreter_checkers_set(const Rules& g, const State& s) {
  MoveList moves;
  g.legal_moves(s, moves);
  std::set<CheckersMove> out;
  for (int i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    int from = -1, to = -1;
    uint64_t jumped = 0;
    bool crowns = false;
    for (const Action& a : m) {
      if (a.op == Op::Move && from < 0) from = a.a, to = a.b;
      else if (a.op == Op::Mark && from < 0) from = to = a.a;  // a chain back to its start
      else if (a.op == Op::Remove) jumped |= uint64_t{1} << a.a;
      else if (a.op == Op::SetTop) crowns = true;
    }
    out.insert({from, to, jumped, crowns});
  }
  return out;
}
}  // namespace

TEST_CASE("English checkers: moves and perft agree with an independent hand-written generator") {
  auto game = testing::bundled("english-checkers");
  State start = game->initial();
  for (int d = 1; d <= (testing::random_games(10) >= 10 ? 6 : 4); ++d) {
    INFO("depth " << d);
    CHECK(perft(*game, start, d) == handwritten_checkers::perft(handwritten_checkers::start_position(), d));
  }
  long chains = 0;
  const long positions = testing::random_positions(*game, testing::random_games(300), [&](const State& s) {
    const auto mine = interpreter_checkers_set(*game, s);
    REQUIRE(mine == hand_checkers_set(s));
    for (const auto& m : mine) chains += __builtin_popcountll(std::get<2>(m)) > 1;
  });
  CHECK(positions > 30 * testing::random_games(300));  // random games last about 70 plies
  CHECK(chains > 0);  // multi-jumps were compared, not only slides and single jumps
}

TEST_CASE("Double Draughts: moves and perft agree with the hand-written generator") {
  auto game = testing::bundled("double-draughts");
  State start = game->initial();
  for (int d = 1; d <= (testing::random_games(10) >= 10 ? 5 : 3); ++d) {
    INFO("depth " << d);
    CHECK(perft(*game, start, d) == handwritten_checkers::perft(handwritten_checkers::start_position(true), d));
  }
  long chains = 0, straight = 0;
  const long positions = testing::random_positions(*game, testing::random_games(300), [&](const State& s) {
    const auto mine = interpreter_checkers_set(*game, s);
    REQUIRE(mine == hand_checkers_set(s, true));
    for (const auto& m : mine) {
      chains += __builtin_popcountll(std::get<2>(m)) > 1;
      straight += (std::get<0>(m) - std::get<1>(m)) % 2 != 0;  // a king along a rank or file
    }
  });
  CHECK(positions > 30 * testing::random_games(300));
  CHECK(chains > 0);
  CHECK(straight > 0);  // kings' orthogonal moves were compared
}
