// Games of more than two players, end to end, with a small three-player definition
// (tests/data/three-way-race): loading, the turn order, passing, random-game invariants,
// self-play with an agent per seat, a play session, and what is refused.
#include <catch2/catch.hpp>

#include "agents/agent.h"
#include "core/text.h"
#include "definition/bundled.h"
#include "helpers.h"
#include "lab/simulation.h"
#include "lab/summary.h"
#include "rules/invariants.h"
#include "rules/playout.h"
#include "session/play_session.h"
#include "state/position_text.h"

using namespace boardlab;

namespace {
const char* kRace = "tests/data/three-way-race/three-way-race.yaml";
}

TEST_CASE("Three players take turns in the definition's order and pass when stuck", "[players]") {
  ThreadRules race(load_game_def(kRace));
  REQUIRE(race.def().nplayers() == 3);
  CHECK(race.def().no_moves == NoMovePolicy::Pass);  // the default with more than two players
  State s = race.initial();
  for (const char* who : {"north", "east", "south", "north"}) {
    CHECK(race.def().players[static_cast<size_t>(s.side())].name == who);
    testing::play(race, s, testing::legal_texts(race, s)[0]);
  }
  // East without a runner has no step: east passes, and south moves next.
  State boxed = parse_position(race.def(), "east b2=N d3=S");
  CHECK(testing::legal_texts(race, boxed) == std::vector<std::string>{"pass"});
  testing::play(race, boxed, "pass");
  CHECK(race.def().players[static_cast<size_t>(boxed.side())].name == "south");
  // A runner on its far edge wins: the result hook names the winner among three.
  State s2 = parse_position(race.def(), "north b4=N a2=E d3=S");
  testing::play(race, s2, "b4-b5");
  CHECK(describe(race.def(), s2.outcome()) == "north wins (its runner reached the far edge)");
  CHECK(perft(race, s, 2) > 0);
}

TEST_CASE("A three-player game keeps the runtime's invariants over random games", "[players]") {
  ThreadRules race(load_game_def(kRace));
  InvariantOptions opt;
  opt.games = testing::random_games(200);
  const InvariantReport r = check_invariants(race, opt);
  INFO((r.failures.empty() ? "" : r.failures[0]));
  CHECK(r.ok());
  CHECK(r.games == opt.games);
}

TEST_CASE("Self-play seats an agent per player, seats rotating", "[players]") {
  auto def = load_game_def(kRace);
  auto first_agent_wins = [&](const char* first, std::vector<lab::GameStats>* out = nullptr) {
    lab::SimulationConfig c{def, {AgentSpec::parse(first), AgentSpec::parse("random"), AgentSpec::parse("random")}, 60, 5, 100, 2};
    auto games = lab::simulate(c);
    if (out) *out = games;
    return lab::summarize(games, *def).first_agent_wins.hits;
  };
  std::vector<lab::GameStats> games;
  const long mcts = first_agent_wins("mcts:iterations=200", &games);
  REQUIRE(games.size() == 60);
  long seats_won[3] = {0, 0, 0};
  for (const auto& g : games) {
    CHECK(g.first_seat == static_cast<int>(g.index % 3));
    if (g.winner >= 0) ++seats_won[g.winner];
  }
  CHECK(seats_won[0] + seats_won[1] + seats_won[2] == 60);  // every game has a winner
  // In the same games and seats, a searching agent wins more of them than a random one.
  CHECK(mcts > first_agent_wins("random") + 5);
  // Two agents for three seats is refused, naming the count.
  lab::SimulationConfig two{def, {AgentSpec::parse("random"), AgentSpec::parse("random")}, 6, 5, 100, 1};
  CHECK_THROWS_WITH(lab::simulate(two), Catch::Contains("three-way-race has 3 players: give 3 agents, not 2"));
}

TEST_CASE("A play session seats a person and two agents in a three-player game", "[players]") {
  PlaySession::Setup setup;
  setup.def = load_game_def(kRace);
  setup.game = kRace;
  setup.seats = {"human", "greedy", "mcts:iterations=100"};
  setup.seed = 3;
  PlaySession game(setup);
  game.advance();
  REQUIRE(game.is_human(game.state().side()));
  game.play(0);
  game.advance();  // east and south reply
  CHECK(game.record().plies.size() == 3);
  CHECK(game.undo());
  CHECK(game.record().plies.empty());
  CHECK_THROWS_WITH(game.resign(), Catch::Contains("two-player games only"));
}

TEST_CASE("Two-player rules and agents are refused for three players, with reasons", "[players]") {
  auto def = load_game_def(kRace);
  CHECK_THROWS_WITH(make_agent(AgentSpec::parse("alphabeta"), def, 1), Catch::Contains("two-player games"));
  testing::TempDir dir;
  const std::string yaml = *read_text_file(kRace);
  dir.write("three-way-race.lua", *read_text_file("tests/data/three-way-race/three-way-race.lua"));
  std::string changed = yaml;
  const std::string cap = "  max_plies: 60";
  changed.insert(changed.find(cap) + cap.size(), "\n  no_moves: lose\n  lose_without_pieces: true");
  const std::string lose = dir.write("lose.yaml", changed);
  try {
    load_game_def(lose);
    FAIL("loaded");
  } catch (const DefinitionError& e) {
    CHECK_THAT(e.what(), Catch::Contains("lose.yaml:24:13: error: 'turn.no_moves: lose' needs two players (this game has 3"));
    CHECK_THAT(e.what(), Catch::Contains("lose.yaml:25:24: error: 'turn.lose_without_pieces' needs two players"));
  }
}
