// Death Stacks (shared/rules/README.md section 4): the rule scenarios are in
// definitions/death-stacks.test.yaml; here, the rules that need the state or more than one
// position (the too-tall rule, repetition counts, notation), perft and move sets checked
// against an independent hand-written generator, and random-playout invariants.
#include <catch2/catch.hpp>
#include <set>
#include <tuple>

#include "bench/handwritten_death_stacks.h"
#include "helpers.h"
#include "rules/invariants.h"
#include "rules/playout.h"
#include "state/position_text.h"

using namespace boardlab;
using Triple = std::tuple<int, int, int>;  // from, to, k

namespace {

std::set<Triple> move_set(const Rules& game, State& s, int* duplicates = nullptr) {
  MoveList moves;
  game.legal_moves(s, moves);
  std::set<Triple> out;
  for (int i = 0; i < moves.size(); ++i) {
    Move m = moves[i];
    REQUIRE(m.count == 1);
    REQUIRE(m.actions[0].op == Op::Move);
    bool fresh = out.insert({m.actions[0].a, m.actions[0].b, m.actions[0].n}).second;
    if (!fresh && duplicates) ++*duplicates;
  }
  return out;
}

int cell(const Rules& g, const char* name) { return g.def().board.cell_index(name); }

handwritten::Position to_handwritten(const State& s) {
  handwritten::Position p;
  for (int c = 0; c < 36; ++c) {
    p.height[c] = static_cast<uint8_t>(s.height(c));
    for (int l = 0; l < s.height(c); ++l) p.pieces[c][l] = static_cast<uint8_t>(s.def().owner_of[s.piece(c, l)]);
  }
  p.side = s.side();
  return p;
}

std::set<Triple> handwritten_set(const State& s) {
  std::vector<handwritten::Move> buf(36 * 24 * 8);
  int n = handwritten::legal_moves(to_handwritten(s), buf.data());
  std::set<Triple> out;
  for (int i = 0; i < n; ++i) out.insert({buf[i].from, buf[i].to, buf[i].k});
  return out;
}

}  // namespace

TEST_CASE("Death Stacks: the first player is an option") {
  // The setup, red first, is a scenario in definitions/death-stacks.test.yaml.
  auto black = testing::bundled("death-stacks-black-first");
  CHECK(black->def().players[black->initial().side()].name == "black");
}

TEST_CASE("Death Stacks: null moves are illegal and each (from, to, k) is one move") {
  auto game = testing::bundled("death-stacks");
  MoveList moves;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    Rng rng(seed);
    State s = game->initial();
    random_playout(*game, s, rng, static_cast<int>(rng.below(400)));
    int duplicates = 0;
    for (const auto& [from, to, k] : move_set(*game, s, &duplicates)) CHECK(from != to);
    CHECK(duplicates == 0);
  }
}

TEST_CASE("Death Stacks: the too-tall rule") {
  auto game = testing::bundled("death-stacks");
  const int c3 = cell(*game, "c3"), e5 = cell(*game, "e5");
  SECTION("you must move from the too-tall stack, leaving at most 4, and may move it whole") {
    State s = parse_position(game->def(), "red a1=rr c3=bbbbbr f6=b");  // c3 is red's: red on top
    auto moves = move_set(*game, s);
    REQUIRE_FALSE(moves.empty());
    std::set<int> ks;
    for (const auto& [from, to, k] : moves) {
      CHECK(from == c3);
      ks.insert(k);
    }
    CHECK(ks == std::set<int>{2, 3, 4, 5, 6});
  }
  SECTION("with several too-tall stacks, reducing any one is enough") {
    State s = parse_position(game->def(), "red c3=rrrrrr e5=rrrrr f6=b");
    std::set<std::pair<int, int>> from_k;
    for (const auto& [from, to, k] : move_set(*game, s)) from_k.insert({from, k});
    CHECK(from_k.count({c3, 2}));
    CHECK_FALSE(from_k.count({c3, 1}));
    CHECK(from_k.count({e5, 1}));
  }
  SECTION("an opponent's tall stack puts no constraint on you") {
    State s = parse_position(game->def(), "red a1=rr c3=rrrrrrb f6=r");
    std::set<std::pair<int, int>> from_k;
    for (const auto& [from, to, k] : move_set(*game, s)) from_k.insert({from, k});
    CHECK(from_k.count({cell(*game, "a1"), 1}));
    CHECK(from_k.count({cell(*game, "f6"), 1}));
  }
  SECTION("the limit is an option: 5 in the variant") {
    auto tall5 = testing::bundled("death-stacks-tall5");
    State s = parse_position(tall5->def(), "red a1=rr c3=rrrrr f6=b");
    std::set<int> from;
    for (const auto& [f, to, k] : move_set(*tall5, s)) from.insert(f);
    CHECK(from.size() == 2);  // a 5-stack is not too tall there
  }
}

TEST_CASE("Death Stacks: the occurrences of a board arrangement are counted, whoever is to move") {
  auto game = testing::bundled("death-stacks");
  State s = parse_position(game->def(), "red a1=r f6=b");
  const char* cycle[] = {"a1-a2", "f6-f5", "a2-a1", "f5-f6"};
  for (int round = 0; round < 2; ++round) {
    for (int i = 0; i < 4; ++i) {
      CHECK_FALSE(s.outcome().over());
      testing::play(*game, s, cycle[i]);
    }
  }
  CHECK(s.occurrences() == 3);  // the draw it makes is a scenario in definitions/death-stacks.test.yaml
  SECTION("the side to move is not part of the arrangement") {
    State t = parse_position(game->def(), "red a1=r f6=b");
    for (const char* m : {"a1-a2", "f6-f5", "a2-b1", "f5-f6", "b1-a1"}) testing::play(*game, t, m);
    CHECK(game->def().players[t.side()].name == "black");
    CHECK(t.occurrences() == 2);  // the start's board, now with black to move
  }
}

TEST_CASE("Death Stacks: notation leaves the count out only when it is the whole stack and unambiguous") {
  auto game = testing::bundled("death-stacks");
  State s = game->initial();
  auto texts = testing::legal_texts(*game, s);
  CHECK(std::find(texts.begin(), texts.end(), "a6-a5/1") != texts.end());
  CHECK(std::find(texts.begin(), texts.end(), "a6-a4") != texts.end());
  MoveList moves;
  game->legal_moves(s, moves);
  auto notation = game->notation(s, moves);
  CHECK(notation.parse("a6-a4/2").index == notation.parse("a6-a4").index);
  CHECK_THAT(notation.parse("a6-a3").error, Catch::Contains("not a legal move; from a6:"));
  CHECK_THAT(notation.parse("d4-d5").error, Catch::Contains("nothing of yours can move from d4"));
  // Over random positions: a short form is printed only if no other move shares from and to.
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Rng rng(seed);
    State t = game->initial();
    random_playout(*game, t, rng, 200);
    game->legal_moves(t, moves);
    auto printed = game->move_texts(t, moves);
    for (size_t i = 0; i < printed.size(); ++i) {
      if (printed[i].find('/') != std::string::npos) continue;
      for (size_t j = 0; j < printed.size(); ++j)
        if (j != i) CHECK(printed[j].rfind(printed[i] + "/", 0) != 0);
    }
  }
}

TEST_CASE("Death Stacks: perft agrees with an independent hand-written generator") {
  auto game = testing::bundled("death-stacks");
  State s = game->initial();
  const int depth = testing::random_games(10) >= 10 ? 4 : 3;
  for (int d = 1; d <= depth; ++d) {
    INFO("depth " << d);
    CHECK(perft(*game, s, d) == handwritten::perft(handwritten::start_position(), d));
  }
}

TEST_CASE("Death Stacks: move sets agree with the hand-written generator over random positions") {
  auto game = testing::bundled("death-stacks");
  MoveList moves;
  int positions = 0;
  for (uint64_t seed = 1; seed <= static_cast<uint64_t>(testing::random_games(100)); ++seed) {
    Rng rng(seed);
    State s = game->initial();
    for (int ply = 0; ply < 300 && !s.outcome().over(); ++ply) {
      REQUIRE(move_set(*game, s) == handwritten_set(s));
      ++positions;
      game->legal_moves(s, moves);
      if (moves.empty()) break;
      game->apply(s, moves[static_cast<int>(rng.below(static_cast<uint32_t>(moves.size())))]);
    }
  }
  CHECK(positions > 1000);
}

TEST_CASE("Death Stacks: 24 checkers stay on the board, whatever happens") {
  auto game = testing::bundled("death-stacks");
  MoveList moves;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Rng rng(seed);
    State s = game->initial();
    for (int ply = 0; ply < 500 && !s.outcome().over(); ++ply) {
      game->legal_moves(s, moves);
      if (moves.empty()) break;
      game->apply(s, moves[static_cast<int>(rng.below(static_cast<uint32_t>(moves.size())))]);
      int on_board = 0;
      for (int c = 0; c < game->def().board.ncells; ++c) on_board += s.height(c);
      REQUIRE(on_board == 24);
    }
  }
}

