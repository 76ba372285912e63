// Dablot Prejjesne (shared/rules/README.md section 5): the rule scenarios (the setup, steps
// and rank-limited jump chains on the lattice, compulsory capture, the end of the game, the
// engine's draws, perft from the start) are in definitions/dablot.test.yaml and
// definitions/dablot-optional-captures.test.yaml; here, the no-progress count's default,
// notation read and printed, and perft symmetry.
#include <catch2/catch.hpp>
#include <array>
#include <set>
#include <string>
#include <tuple>

#include "bench/handwritten_dablot.h"
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
  CHECK(position_text(s) == "black ply:1 g5=S k13=s");
  // Forgiving entry: the points in order, whatever separates them.
  for (const char* typed : {"c5 e7 g5", "c5e7g5", "C5-E7-G5"}) {
    State t = parse_position(game->def(), "white c5=S d6=s f6=s k13=s");
    testing::play(*game, t, typed);
    CHECK(position_text(t) == "black ply:1 g5=S k13=s");
  }
}

TEST_CASE("Dablot: a step refused while a capture is compulsory says so and lists the captures") {
  auto game = testing::bundled("dablot");
  State s = parse_position(game->def(), "white a1=S b2=s e5=S e7=S f8=s k13=s");
  MoveList moves;
  game->legal_moves(s, moves);
  CHECK(game->notation(s, moves).parse("e5-e6").error ==
        "'e5-e6' is not a legal move: the piece on e5 cannot capture, and every legal move here is a capture: a1xc3, e7xg9");
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

namespace {
using DablotMove = std::tuple<int, int, std::array<uint64_t, 3>>;  // from, to, jumped cells (hand-written cells)

// The hand-written generator's cell of an interpreter cell, by its name ("c5": x 2, y 4).
int hand_cell(const GameDef& def, int c) {
  const std::string& name = def.board.cell_names[static_cast<size_t>(c)];
  return (std::stoi(name.substr(1)) - 1) * 11 + (name[0] - 'a');
}

handwritten_dablot::Position hand_dablot(const State& s) {
  handwritten_dablot::Position p;
  for (int c = 0; c < s.def().board.ncells; ++c)
    if (s.height(c)) p.board[hand_cell(s.def(), c)] = static_cast<int8_t>((s.owner(c) == 0 ? 1 : -1) * s.def().kinds[s.def().kind_of[s.top(c)]].rank);
  p.side = s.side();
  return p;
}

std::set<DablotMove> hand_dablot_set(const State& s) {
  static handwritten_dablot::Move buf[handwritten_dablot::kMaxMoves];
  const int n = handwritten_dablot::legal_moves(hand_dablot(s), buf);
  std::set<DablotMove> out;
  for (int i = 0; i < n; ++i) out.insert({buf[i].from, buf[i].to, buf[i].captured});
  return out;
}

std::set<DablotMove> interpreter_dablot_set(const Rules& g, const State& s) {
  MoveList moves;
  g.legal_moves(s, moves);
  std::set<DablotMove> out;
  const GameDef& def = g.def();
  for (int i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    int from = -1, to = -1;
    std::array<uint64_t, 3> jumped{};
    for (const Action& a : m) {
      if (a.op == Op::Move && from < 0) from = hand_cell(def, a.a), to = hand_cell(def, a.b);
      else if (a.op == Op::Mark && from < 0) from = to = hand_cell(def, a.a);  // a chain back to its start
      else if (a.op == Op::Remove) {
        const int c = hand_cell(def, a.a);
        jumped[static_cast<size_t>(c / 64)] |= uint64_t{1} << (c % 64);
      }
    }
    out.insert({from, to, jumped});
  }
  return out;
}
}  // namespace

TEST_CASE("Dablot: moves and perft agree with an independent hand-written generator") {
  auto game = testing::bundled("dablot");
  State start = game->initial();
  const auto mapped = hand_dablot(start), hand_start = handwritten_dablot::start_position();
  REQUIRE(std::equal(mapped.board, mapped.board + handwritten_dablot::kCells, hand_start.board));
  for (int d = 1; d <= (testing::random_games(10) >= 10 ? 4 : 3); ++d) {
    INFO("depth " << d);
    CHECK(perft(*game, start, d) == handwritten_dablot::perft(handwritten_dablot::start_position(), d));
  }
  long chains = 0;
  const long positions = testing::random_positions(*game, testing::random_games(300), [&](const State& s) {
    const auto mine = interpreter_dablot_set(*game, s);
    REQUIRE(mine == hand_dablot_set(s));
    for (const auto& m : mine) {
      const auto& j = std::get<2>(m);
      chains += __builtin_popcountll(j[0]) + __builtin_popcountll(j[1]) + __builtin_popcountll(j[2]) > 1;
    }
  });
  CHECK(positions > 100 * testing::random_games(300));  // random games last about 250 plies
  CHECK(chains > 0);
}
