// One game walked back four ways: from its lab folder (move numbers and rolls), from its
// record (the moves' texts), as a rule scenario's play list, and through the web API. Each
// must reach the same positions, the roll-off included, because one walker (Replayer) and
// one roll-off rule (read_roll) serve them all.
#include <catch2/catch.hpp>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "definition/bundled.h"
#include "helpers.h"
#include "lab/simulation.h"
#include "rules/replay.h"
#include "rules/rule_tests.h"
#include "lab/lab_game.h"
#include "state/position_text.h"
#include "web/game_view.h"
#include "web/web_api.h"

using namespace boardlab;
using json = nlohmann::json;

namespace {

// A scenario's play item for a record's ply: `side [dice] move`.
std::string play_item(const Record::Ply& p) {
  return p.dice.empty() ? fmt::format("{} {}", p.side, p.move) : fmt::format("{} [{}] {}", p.side, p.dice, p.move);
}

// Rule scenarios that play the first k plies of `r` and expect positions[k], for every k.
std::string scenarios_for(const std::string& definition, const Record& r, const std::vector<State>& positions) {
  std::string out = fmt::format("game: {}\nscenarios:\n", definition);
  for (size_t k = 1; k <= r.plies.size(); ++k) {
    out += fmt::format("  - name: \"ply {}\"\n    play:\n", k);
    for (size_t i = 0; i < k; ++i) out += fmt::format("      - \"{}\"\n", play_item(r.plies[i]));
    out += fmt::format("    after: \"{}\"\n", position_text(positions[k]));
  }
  return out;
}

}  // namespace

TEST_CASE("A game replays to the same positions and roll-off from its lab folder, its record, a scenario and the web API",
          "[replay]") {
  testing::TempDir dir;
  for (const char* name : {"plakoto", "hypergammon", "dipole", "lasca"}) {
    INFO(name);
    const std::string path = resolve_game(name);
    auto def = load_game_def(path);
    const ThreadRules rules(def);
    lab::SimulationConfig c{def, {AgentSpec::parse("greedy"), AgentSpec::parse("random")}, 3, 17, 40, 1};
    c.opening_plies = 2;
    lab::RunInfo run;
    run.game = name;
    run.agents = {"greedy", "random"};
    run.definition_hash = def->content_hash;
    for (const lab::GameStats& g : lab::simulate(c)) {
      INFO("game " << g.index);
      // The lab folder's walk gives the record; the record's walk keeps every position.
      const Record r = lab_game_record(rules, run, g);
      REQUIRE(static_cast<int>(r.plies.size()) == g.plies);
      const Replay rep = replay(rules, r, -1, true);
      REQUIRE(rep.error.empty());
      REQUIRE(rep.positions.size() == r.plies.size() + 1);
      // The roll-off: the folder's first mover is the record's, and moves with the recorded dice.
      CHECK(r.plies[0].side == def->players[static_cast<size_t>(g.starter)].name);
      if (def->dice.count) CHECK(r.plies[0].dice == g.dice[0]);
      CHECK(rep.positions[1].side() != g.starter);

      // Rule scenarios: every prefix of the game, each ending in the record's position.
      const std::string tests = dir.write(fmt::format("{}-{}.test.yaml", name, g.index), scenarios_for(path, r, rep.positions));
      const RuleTestResult result = run_rule_tests(tests);
      INFO(result.failures.str());
      CHECK(result.ok());
      CHECK(result.scenarios == g.plies);

      // The web API: a game opened from the record lists the same positions.
      WebApi api{WebApi::Config{}};
      const WebResponse made = api.handle({"POST", "/api/games", json{{"record", format_record(r)}, {"seats", {"human", "human"}}}.dump()});
      REQUIRE(made.status == 201);
      const std::string id = json::parse(made.body)["id"];
      const WebResponse listed = api.handle({"GET", "/api/games/" + id + "/positions", ""});
      REQUIRE(listed.status == 200);
      const json positions = json::parse(listed.body)["positions"];
      REQUIRE(positions.size() == rep.positions.size());
      for (size_t k = 0; k < positions.size(); ++k) CHECK(positions[k] == position_view(rep.positions[k]));
    }
  }
}

TEST_CASE("The one roll-off rule: the named winner plays, else the dice are read in player order; never a double",
          "[replay]") {
  auto game = testing::bundled("plakoto");
  const State start = game->initial();
  REQUIRE(start.opening_roll());
  CHECK(read_roll(start, "6-5", 1).side == 1);
  CHECK(read_roll(start, "5-6", 0).side == 0);
  CHECK(read_roll(start, "6-5").side == 0);  // the first die is the first player's
  CHECK(read_roll(start, "5-6").side == 1);
  CHECK_THROWS_WITH(read_roll(start, "3-3", 0), Catch::Contains("a roll-off is never a double"));
  // After the roll-off, rolls are ordinary: no side, doubles welcome.
  State s = start;
  game->apply(s, read_roll(s, "6-5", 1));
  CHECK(s.side() == 1);
  CHECK_THROWS_WITH(read_roll(s, "3-3"), Catch::Contains("already holds its roll"));
  CHECK_THROWS_WITH(read_roll(testing::bundled("dipole")->initial(), "3-1"), Catch::Contains("has no dice"));
  // The replay reads a record's roll-off by the same rule.
  State walked = start;
  Replayer walk(*game, walked);
  CHECK(walk.play({1, "6-5", "24/13", -1}).empty());
  CHECK(position_text(walked) == "white ply:1 1=bbbbbbbbbbbbbb 12=b 24=wwwwwwwwwwwwwww");
  State twice = start;
  CHECK(Replayer(*game, twice).play({0, "4-4", "24/16", -1}).find("never a double") != std::string::npos);
}

TEST_CASE("A replay keeps each position's board, not its history, and a record holds at most kMaxRecordPlies moves",
          "[replay]") {
  auto def = load_game_def(resolve_game("lasca"));
  const ThreadRules rules(def);
  lab::SimulationConfig c{def, {AgentSpec::parse("random"), AgentSpec::parse("random")}, 1, 5, 200, 1};
  lab::RunInfo run;
  run.game = "lasca";
  run.agents = {"random", "random"};
  run.definition_hash = def->content_hash;
  const lab::GameStats g = lab::simulate(c).at(0);
  const Record r = lab_game_record(rules, run, g);
  const Replay rep = replay(rules, r, -1, true);
  REQUIRE(rep.error.empty());
  // Memory linear in the record: a kept position has no history (it once kept all of it, so
  // a 10,000-ply record cost 1.8 GB), yet shows the same board, side, ply and outcome.
  State walk = rules.initial();
  for (size_t k = 0; k < rep.positions.size(); ++k) {
    const State& kept = rep.positions[k];
    CHECK(kept.history_size() == 0);
    CHECK(kept.same_position(walk));
    CHECK(kept.ply() == walk.ply());
    if (k < rep.moves.size()) rules.apply(walk, rep.moves[k]);
  }
  CHECK(rep.positions.back().outcome() == rep.state.outcome());

  std::string text = "[Game \"lasca\"]\n";
  for (size_t i = 1; i <= kMaxRecordPlies + 1; ++i) text += fmt::format("{}. white a1-b2\n", i);
  CHECK_THROWS_WITH(parse_record(text), Catch::Contains(fmt::format("a record holds at most {} moves", kMaxRecordPlies)));
}
