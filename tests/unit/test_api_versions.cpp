// Authoring API versions: files written for API 1 (tests/data/api1/, the bundled games as the
// first docs had them written) load through the compatibility layer and play the same game;
// API 2 refuses what it replaced with a message naming the replacement; a newer API is refused.
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <map>

#include "core/rng.h"
#include "core/text.h"
#include "definition/game_def.h"
#include "helpers.h"
#include "rules/playout.h"
#include "script/script_host.h"
#include "state/position_text.h"

using namespace boardlab;

namespace {

// Each legal move of `s`, by the position it leads to (without the ply): its notation.
std::map<std::string, std::string> moves_by_result(const Rules& game, const State& s) {
  MoveList moves;
  game.legal_moves(s, moves);
  const auto texts = game.move_texts(s, moves);
  std::map<std::string, std::string> out;
  for (int i = 0; i < moves.size(); ++i) {
    State t = s;
    game.apply(t, moves[i]);
    out.emplace(position_text(t, WithPly::No), texts[static_cast<size_t>(i)]);
  }
  return out;
}

}  // namespace

TEST_CASE("API-1 fixtures load through the compatibility layer and play the bundled games") {
  for (const char* name : {"dipole", "breakthrough", "double-draughts", "dablot", "hypergammon"}) {
    INFO(name);
    ThreadRules old(load_game_def(fmt::format("tests/data/api1/{}.yaml", name)));
    auto now = testing::bundled(name);
    CHECK(old.def().api == 1);
    CHECK(now->def().api == kApiVersion);
    State a = old.initial(), b = now->initial();
    for (int depth = 1; depth <= 2; ++depth) CHECK(perft(old, a, depth) == perft(*now, b, depth));
    // Random games in step: the same moves, spelt the same (Dipole's old script spelt bearing a
    // whole stack off e1-off/12, as its rules text then did).
    Rng rng(2026);
    for (int g = 0; g < testing::random_games(10); ++g) {
      a = old.initial();
      b = now->initial();
      for (int ply = 0; ply < 150 && !now->over(b); ++ply) {
        if (now->is_chance(b)) {
          const ChanceOutcome roll = now->sample_chance(b, rng);
          now->apply(b, roll);
          old.apply(a, roll);
          continue;
        }
        const auto theirs = moves_by_result(old, a), ours = moves_by_result(*now, b);
        REQUIRE(theirs.size() == ours.size());
        for (const auto& [pos, text] : ours) {
          REQUIRE(theirs.count(pos));
          if (std::string(name) != "dipole" || text.find("off") == std::string::npos) CHECK(theirs.at(pos) == text);
        }
        auto pick = ours.begin();
        std::advance(pick, static_cast<long>(rng.below(static_cast<uint32_t>(ours.size()))));
        testing::play(*now, b, pick->second);
        testing::play(old, a, theirs.at(pick->first));
        REQUIRE(position_text(a) == position_text(b));
      }
      CHECK(old.outcome(a) == now->outcome(b));
      CHECK(b.ply() > 0);
    }
  }
}

TEST_CASE("API 2 refuses game.event, naming its replacement; a newer API than this one is refused") {
  testing::TempDir dir;
  const std::string lua = read_text_file("tests/data/api1/breakthrough.lua").value();
  std::string yaml = read_text_file("tests/data/api1/breakthrough.yaml").value();
  dir.write("breakthrough.lua", lua);
  const std::string two = dir.write("two.yaml", "api: 2\n" + yaml);
  CHECK_THROWS_WITH(ThreadRules(load_game_def(two)),
                    Catch::Contains("game.event is API 1's; API 2 writes game.flags(name)"));
  const std::string three = dir.write("three.yaml", "api: 3\n" + yaml);
  CHECK_THROWS_WITH(load_game_def(three), Catch::Contains("api: 3: this boardlab reads definitions written for API 1 to 2"));
  const std::string zero = dir.write("zero.yaml", "api: 0\n" + yaml);
  CHECK_THROWS_WITH(load_game_def(zero), Catch::Contains("'api' must be between 1"));
}

TEST_CASE("A variant inherits its base's api unless it names a script of its own") {
  testing::TempDir dir;
  dir.write("old.lua", read_text_file("tests/data/api1/breakthrough.lua").value());
  dir.write("new.lua", read_text_file("docs/tutorial/breakthrough.lua").value());
  std::string base = read_text_file("docs/tutorial/breakthrough.yaml").value();
  const std::string script_line = "script: breakthrough.lua";
  const size_t at = base.find(script_line);
  REQUIRE(at != std::string::npos);
  base.replace(at, script_line.size(), "script: new.lua");
  dir.write("base.yaml", base);  // api: 2
  const auto inherits = load_game_def(dir.write("plain.yaml", "extends: base.yaml\nname: plain\n"));
  CHECK(inherits->api == 2);
  const auto own = load_game_def(dir.write("own.yaml", "extends: base.yaml\nname: own\nscript: old.lua\n"));
  CHECK(own->api == 1);  // its script says nothing of its api: the first
  ThreadRules plays(own);
  CHECK(plays.move_texts(plays.initial(), [&] {
    MoveList m;
    plays.legal_moves(plays.initial(), m);
    return m;
  }()).size() == 22);
  const auto says = load_game_def(dir.write("says.yaml", "extends: base.yaml\nname: says\nscript: new.lua\napi: 2\n"));
  CHECK(says->api == 2);
}
