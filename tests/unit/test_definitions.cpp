// Definitions: the bad-definition catalogue (each file in tests/bad-definitions/ ends with
// the exact messages it must produce, as `# expect:` lines), and variants.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "core/diagnostics.h"
#include "core/text.h"
#include "helpers.h"
#include "definition/bundled.h"
#include "rules/invariants.h"

using namespace boardlab;
namespace fs = std::filesystem;

using testing::expected_messages;

TEST_CASE("every bad definition produces exactly its expected messages") {
  int files = 0;
  std::vector<fs::path> paths;
  for (const auto& e : fs::directory_iterator("tests/bad-definitions")) paths.push_back(e.path());
  std::sort(paths.begin(), paths.end());
  for (const auto& path : paths) {
    const std::string file = path.string();
    const std::string expected = expected_messages(file);
    INFO(file);
    REQUIRE_FALSE(expected.empty());
    std::string got;
    try {
      load_game_def(file);
    } catch (const DefinitionError& e) {
      got = e.diags.str();
    }
    CHECK(got == expected);
    ++files;
  }
  CHECK(files >= 9);
}

TEST_CASE("every bundled definition loads, without a warning") {
  auto defs = bundled_definitions();
  CHECK(defs.size() >= 3);
  for (const auto& d : defs) {
    INFO(d);
    GameDefPtr g;
    REQUIRE_NOTHROW(g = load_game_def(d));
    for (const auto& w : g->warnings) FAIL_CHECK(w.str());
  }
}

TEST_CASE("a definition that is legal but likely wrong gets exactly its expected warnings") {
  // tests/warnings/: each definition loads, and ends with the warnings it must produce; so
  // do the API-1 fixtures (tests/data/api1/), warned of what API 2 replaced.
  int files = 0;
  std::vector<fs::directory_entry> entries;
  for (const char* dir : {"tests/warnings", "tests/data/api1"})
    for (const auto& e : fs::directory_iterator(dir)) entries.push_back(e);
  for (const auto& e : entries) {
    if (e.path().extension() != ".yaml") continue;
    const std::string file = e.path().string();
    const std::string expected = expected_messages(file);
    INFO(file);
    Diagnostics got;
    const GameDefPtr g = load_game_def(file);  // kept: a temporary would die before the loop
    for (const auto& w : g->warnings) got.warning(w.pos, w.message);
    CHECK(got.str() == expected);
    ++files;
  }
  CHECK(files >= 7);
}

TEST_CASE("variants change options without new rules") {
  auto base = load_game_def(resolve_game("death-stacks"));
  auto tall5 = load_game_def(resolve_game("death-stacks-tall5"));
  auto black = load_game_def(resolve_game("death-stacks-black-first"));
  CHECK(base->option("max_height")->value == "4");
  CHECK(tall5->option("max_height")->value == "5");
  CHECK(tall5->name == "death-stacks-tall5");
  CHECK(base->first_player == base->player_index("red"));
  CHECK(black->first_player == black->player_index("black"));
  CHECK(black->script_file == base->script_file);
  SECTION("options set from outside override the definition") {
    auto d = load_game_def(resolve_game("death-stacks"), {{"first_player", "black"}, {"max_height", "6"}});
    CHECK(d->first_player == d->player_index("black"));
    CHECK(d->option("max_height")->value == "6");
    CHECK_THROWS_WITH(load_game_def(resolve_game("death-stacks"), {{"max_heigth", "6"}}),
                      Catch::Contains("unknown option 'max_heigth' (did you mean 'max_height'?)"));
    CHECK_THROWS_WITH(load_game_def(resolve_game("death-stacks"), {{"max_height", "tall"}}),
                      Catch::Contains("option 'max_height' takes a whole number, not 'tall'"));
    // A value the game declares nonsense (no stack could stand) is refused, not played.
    CHECK_THROWS_WITH(load_game_def(resolve_game("death-stacks"), {{"max_height", "0"}}),
                      Catch::Contains("option 'max_height' must be at least 1, not 0"));
    CHECK(load_game_def(resolve_game("death-stacks"), {{"max_height", "1"}})->option("max_height")->value == "1");
  }
}

TEST_CASE("a cycle of extends is reported") {
  testing::TempDir dir;
  dir.write("a.yaml", "extends: b.yaml\n");
  const std::string b = dir.write("b.yaml", "extends: a.yaml\n");
  // Where a.yaml says it extends b.yaml, which the chain started from (the files shown as
  // paths relative to the working folder, or whole, depending on where the tests run).
  try {
    load_game_def(b);
    FAIL("the cycle loaded");
  } catch (const DefinitionError& e) {
    const std::string what = e.what();
    CHECK_THAT(what, Catch::Contains("a.yaml:1:10: error: 'extends' makes a cycle: "));
    CHECK_THAT(what, Catch::Contains("b.yaml extends itself"));
  }
}

TEST_CASE("a definition reads regular files only, of a bounded size") {
  testing::TempDir dir;
  const std::string zero = dir.write("zero.yaml", "name: x\nextends: /dev/zero\n");
  CHECK_THROWS_WITH(load_game_def(zero), Catch::Contains("zero.yaml:2:10: error: cannot read '/dev/zero' to extend: not a regular file"));
  const std::string big = dir.write("big.yaml", "name: x\n# " + std::string(kMaxTextFile, 'x') + "\n");
  CHECK_THROWS_WITH(load_game_def(big), Catch::Contains("the file is larger than 16 MiB"));
  CHECK_THROWS_WITH(load_game_def(dir.path()), Catch::Contains("not a regular file"));
}

TEST_CASE("every bundled game keeps the runtime's invariants over 1,000 seeded random games") {
  // Apply/undo, hash, clone, piece conservation, position text and notation round trips,
  // the ply cap (rules/invariants.h); games stop after 200 plies (Death Stacks never ends).
  for (const auto& path : bundled_definitions()) {
    INFO(path);
    ThreadRules game(load_game_def(path));
    InvariantOptions opt;
    opt.games = testing::random_games(1000);
    opt.max_plies = 200;
    auto report = check_invariants(game, opt);
    for (const auto& f : report.failures) FAIL_CHECK(f);
    CHECK(report.games == opt.games);
  }
}
