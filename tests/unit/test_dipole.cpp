// Dipole (shared/rules/README.md section 1): the rule scenarios are in
// definitions/dipole.test.yaml; here, orthogonal moves over random positions, notation, and
// moves and perft compared with an independent hand-written generator.
#include <catch2/catch.hpp>
#include <set>
#include <tuple>

#include "bench/handwritten_dipole.h"
#include "helpers.h"
#include "rules/invariants.h"
#include "rules/playout.h"
#include "state/position_text.h"

using namespace boardlab;

using testing::texts_at;

TEST_CASE("Dipole: orthogonal moves need an even count") {
  auto game = testing::bundled("dipole");
  // Over random positions: every orthogonal move on the board moves an even count (a capture
  // straight ahead with 2 is a scenario in definitions/dipole.test.yaml).
  const Board& b = game->def().board;
  MoveList moves;
  int orthogonal = 0;
  for (uint64_t seed = 1; seed <= 50; ++seed) {
    Rng rng(seed);
    State s = game->initial();
    random_playout(*game, s, rng, static_cast<int>(rng.below(40)));
    game->legal_moves(s, moves);
    for (int i = 0; i < moves.size(); ++i) {
      Move m = moves[i];
      const Action& a = m.actions[m.count - 1];
      if (a.op != Op::Move || (b.x[a.a] != b.x[a.b] && b.y[a.a] != b.y[a.b])) continue;
      ++orthogonal;
      CHECK(a.n % 2 == 0);
    }
  }
  CHECK(orthogonal > 20);
}

TEST_CASE("Dipole: notation e1-g3, e1-g3/2, b6-off/2, b6-off for the whole stack") {
  auto game = testing::bundled("dipole");
  auto t = texts_at(*game, "white e1=ww b6=www h8=b");
  CHECK(t.count("e1-g3"));
  CHECK(t.count("e1-f2/1"));
  CHECK(t.count("b6-off/2"));
  CHECK(t.count("b6-off"));
  CHECK_FALSE(t.count("b6-off/3"));
  auto ten = testing::bundled("dipole-10x10");
  CHECK(position_text(ten->initial()) == "white e1=" + std::string(20, 'w') + " f10=" + std::string(20, 'b'));
}

namespace {
std::set<std::tuple<int, int, int>> hand_set(const State& s) {
  handwritten_dipole::Position p;
  for (int c = 0; c < 64; ++c) {
    int h = s.height(c);
    p.stack[c] = static_cast<int8_t>(s.owner(c) == 0 ? h : -h);
  }
  p.side = s.side();
  std::vector<handwritten_dipole::Move> buf(64 * 12 * 9);
  int n = handwritten_dipole::legal_moves(p, buf.data());
  std::set<std::tuple<int, int, int>> out;
  for (int i = 0; i < n; ++i) out.insert({buf[i].from, buf[i].to, buf[i].n});
  return out;
}
std::set<std::tuple<int, int, int>> interpreter_set(const Rules& g, State& s) {
  MoveList moves;
  g.legal_moves(s, moves);
  std::set<std::tuple<int, int, int>> out;
  for (int i = 0; i < moves.size(); ++i) {
    Move m = moves[i];
    if (m.is_pass()) continue;
    const Action& a = m.actions[m.count - 1];
    out.insert({a.a, a.op == Op::ToReserve ? -1 : a.b, a.n});
  }
  return out;
}
}  // namespace

TEST_CASE("Dipole: moves and perft agree with an independent hand-written generator") {
  auto game = testing::bundled("dipole");
  State start = game->initial();
  for (int d = 1; d <= (testing::random_games(10) >= 10 ? 4 : 3); ++d) {
    INFO("depth " << d);
    CHECK(perft(*game, start, d) == handwritten_dipole::perft(handwritten_dipole::start_position(), d));
  }
  MoveList moves;
  int positions = 0;
  for (uint64_t seed = 1; seed <= static_cast<uint64_t>(testing::random_games(300)); ++seed) {
    Rng rng(seed);
    State s = game->initial();
    while (!s.outcome().over()) {
      REQUIRE(interpreter_set(*game, s) == hand_set(s));
      ++positions;
      game->legal_moves(s, moves);
      if (moves.empty()) break;
      game->apply(s, moves[static_cast<int>(rng.below(static_cast<uint32_t>(moves.size())))]);
    }
  }
  CHECK(positions > 10 * testing::random_games(300));  // games last about 20 plies
}
