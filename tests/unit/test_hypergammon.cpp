// Hypergammon (shared/rules/README.md section 3) against GNU Backgammon's legal moves: for
// every oracle position and roll (tests/data/gnubg/), our set of resulting positions must
// equal gnubg's. Then a test per rule, and the variants.
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "helpers.h"
#include "rules/playout.h"
#include "state/position_text.h"
#include "state/track_sides.h"

using namespace boardlab;
using nlohmann::json;
using testing::texts_at;

namespace {

// Every distinct position the legal moves of `s` lead to, as track sides.
std::set<TrackSides> results(Game& game, State& s) {
  MoveList moves;
  game.legal_moves(s, moves);
  std::set<TrackSides> out;
  for (int i = 0; i < moves.size(); ++i) {
    State after = s;
    game.apply(after, moves[i]);
    out.insert(track_sides(after));
  }
  return out;
}

std::vector<json> read_lines(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in.good());
  std::vector<json> out;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(json::parse(line));
  return out;
}

}  // namespace

TEST_CASE("Hypergammon: every oracle position's legal results equal GNU Backgammon's") {
  auto game = testing::bundled("hypergammon");
  int positions = 0, results_seen = 0, passes = 0;
  for (const json& q : read_lines("tests/data/gnubg/hypergammon_moves.jsonl")) {
    const int to_move = q["to_move"];
    State s = state_from_track_sides(game->def(), q["sides"].get<TrackSides>(), to_move, q["dice"].get<std::vector<int>>());
    std::set<TrackSides> want;
    for (const json& r : q["results"]) want.insert(r["sides"].get<TrackSides>());
    INFO("oracle id " << q["id"] << ": " << position_text(s));
    CHECK(results(*game, s) == want);  // a pass: the one unchanged position
    passes += q["pass"].get<bool>();
    ++positions;
    results_seen += static_cast<int>(want.size());
  }
  CHECK(positions == 355);
  CHECK(results_seen == 1449);
  CHECK(passes == 10);
}

TEST_CASE("Hypergammon: the hand-made tricky positions equal GNU Backgammon's answers") {
  auto game = testing::bundled("hypergammon");
  int n = 0;
  for (const json& q : read_lines("tests/data/gnubg/tricky_answers.jsonl")) {
    // "me" is the side to move; play it as white.
    TrackSides sides{q["me"].get<std::vector<int>>(), q["opp"].get<std::vector<int>>()};
    State s = state_from_track_sides(game->def(), sides, 0, q["dice"].get<std::vector<int>>());
    std::set<TrackSides> want;
    for (const json& m : q["moves"]) want.insert(TrackSides{m["me"].get<std::vector<int>>(), m["opp"].get<std::vector<int>>()});
    INFO("tricky case " << q["id"] << ": " << position_text(s));
    CHECK(results(*game, s) == want);
    ++n;
  }
  CHECK(n == 18);
}
