// Dipole (shared/rules/README.md section 1): a test per rule, and random-playout invariants.
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

TEST_CASE("Dipole: the start, sub-stacks of any size, and a bear-off per count") {
  auto game = testing::bundled("dipole");
  State s = game->initial();
  CHECK(position_text(s) == "white e1=wwwwwwwwwwww d8=bbbbbbbbbbbb");
  auto texts = testing::legal_texts(*game, s);
  CHECK(std::set<std::string>(texts.begin(), texts.end()) ==
        std::set<std::string>{"e1-f2/1", "e1-d2/1", "e1-e3/2", "e1-g3/2", "e1-c3/2", "e1-h4/3", "e1-b4/3",
                              "e1-e5/4", "e1-a5/4", "e1-e7/6", "e1-off/4", "e1-off/5", "e1-off/6", "e1-off/7",
                              "e1-off/8", "e1-off/9", "e1-off/10", "e1-off/11", "e1-off/12"});
}

TEST_CASE("Dipole: basic moves and merges go only forward or diagonally forward") {
  auto game = testing::bundled("dipole");
  // d4=ww: forward c5, e5 (n=1), d6 (n=2); c5 holds a friend (merge); nothing backward or sideways.
  CHECK(texts_at(*game, "white d4=ww c5=w h8=b") ==
        std::set<std::string>{"d4-c5/1", "d4-e5/1", "d4-d6", "d4-b6", "d4-f6", "c5-b6", "c5-d6"});
}

TEST_CASE("Dipole: captures in all 8 directions onto stacks no taller than the moving part") {
  auto game = testing::bundled("dipole");
  // Backward-diagonal c3 (height 1) can be taken with 1; sideways b4 (height 2) with 2;
  // f4 (height 3) is too tall for the 2 checkers that reach it.
  auto t = texts_at(*game, "white d4=ww c3=b b4=bb f4=bbb");
  CHECK(t.count("d4-c3/1"));
  CHECK(t.count("d4-b4"));
  CHECK_FALSE(t.count("d4-f4"));
  CHECK_FALSE(t.count("d4-e3/1"));  // an empty square backward: no basic move there
}

TEST_CASE("Dipole: orthogonal moves need an even count") {
  auto game = testing::bundled("dipole");
  CHECK(texts_at(*game, "white d4=www d6=b h8=b").count("d4-d6/2"));  // a capture straight ahead with 2
  // Over random positions: every orthogonal move on the board moves an even count.
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

TEST_CASE("Dipole: pass only with no move") {
  auto game = testing::bundled("dipole");
  CHECK(texts_at(*game, "white d4=w c5=bb e5=bb") == std::set<std::string>{"pass"});
  CHECK_FALSE(texts_at(*game, "white d4=w c5=bb").count("pass"));
}

TEST_CASE("Dipole: a side with no checkers loses, whoever moved") {
  auto game = testing::bundled("dipole");
  State bore = parse_position(game->def(), "white h8=w a1=b");
  testing::play(*game, bore, "h8-off");  // bearing off your last checker loses at once
  CHECK(bore.outcome() == Outcome{Outcome::Kind::Win, Outcome::Reason::NoPieces, 1});
  State took = parse_position(game->def(), "white d4=w c3=b");
  testing::play(*game, took, "d4-c3");
  CHECK(took.outcome() == Outcome{Outcome::Kind::Win, Outcome::Reason::NoPieces, 0});
}

TEST_CASE("Dipole: notation e1-g3, e1-g3/2, b6-off/2") {
  auto game = testing::bundled("dipole");
  auto t = texts_at(*game, "white e1=ww b6=www h8=b");
  CHECK(t.count("e1-g3"));
  CHECK(t.count("e1-f2/1"));
  CHECK(t.count("b6-off/2"));
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
