// Rule tests as data (rules/rule_tests.h): every file in tests/failing-rule-tests/ produces
// exactly the messages its `# expect:` lines give, whether its scenarios fail or the file
// does not read; a passing file passes; and every bundled definition's test file is found.
#include <catch2/catch.hpp>
#include <filesystem>

#include "definition/bundled.h"
#include "helpers.h"
#include "rules/playout.h"
#include "rules/rule_tests.h"
#include <fmt/format.h>

using namespace boardlab;
namespace fs = std::filesystem;

TEST_CASE("every failing rule test file reports exactly its expected messages") {
  int files = 0;
  for (const auto& e : fs::directory_iterator("tests/failing-rule-tests")) {
    const std::string file = e.path().string();
    INFO(file);
    const std::string expected = testing::expected_messages(file);
    REQUIRE_FALSE(expected.empty());
    std::string got;
    try {
      const RuleTestResult r = run_rule_tests(file);
      got = r.failures.str();
      CHECK(r.failed == r.scenarios);  // each scenario there fails once at least
    } catch (const DefinitionError& err) {
      got = err.diags.str();
    }
    CHECK(got == expected);
    ++files;
  }
  CHECK(files >= 2);
}

TEST_CASE("a rule test file passes when the rules say what it says, and the test file is found beside its definition") {
  testing::TempDir dir;
  const std::string game = testing::tiny_definition(dir, R"(
function generate()
  for i = 0, state.nmine() - 1 do
    local c = state.mine(i)
    local t = board.ray(c, board.dir("n"), 1)
    if t >= 0 and state.height(t) == 0 then moves.stack(c, t, 1) end
  end
end
)");
  REQUIRE(rule_tests_beside(game).empty());
  const std::string tests = game.substr(0, game.size() - 5) + ".test.yaml";
  std::string text = "scenarios:\n  - name: steps north\n    position: a a1=x c3=o\n    moves: [a1-a2]\n"
                     "    perft: [1]\n  - name: played\n    play: [a1-a2]\n    after: b a2=x c3=o\n";
  dir.write(fs::path(tests).filename().string(), text);
  CHECK(rule_tests_beside(game) == tests);
  CHECK(is_rule_test_file(tests));
  CHECK_FALSE(is_rule_test_file(game));
  const RuleTestResult r = run_rule_tests(tests);
  INFO(r.failures.str());
  CHECK(r.scenarios == 2);
  CHECK(r.ok());
}

TEST_CASE("the bundled test files are not listed as games") {
  for (const auto& d : bundled_definitions()) {
    INFO(d);
    CHECK_FALSE(is_rule_test_file(d));
  }
  CHECK_FALSE(rule_tests_beside(resolve_game("breakthrough")).empty());
}

TEST_CASE("a rule test file runs within its time budget and keeps a few VMs, whatever it asks for") {
  testing::TempDir dir;
  // Correct perft counts lead deeper: depth 6 of Breakthrough takes minutes. The counts for
  // depths 1-4 are the runtime's own; the 6.2 million moves of depth 5 take longer than 0.05 s
  // (0.15 s in the release build, with no VM on the way since the moves are declared).
  auto rules = testing::bundled("breakthrough");
  std::string counts;
  for (int d = 1; d <= 4; ++d) {
    State s = rules->initial();
    counts += (d > 1 ? ", " : "") + std::to_string(perft(*rules, s, d));
  }
  const std::string deep = dir.write("deep.test.yaml", fmt::format(R"(game: {}
scenarios:
  - name: deep
    perft: [{}, 1, 1]
  - name: never run
    legal: [a2-a3]
)", resolve_game("breakthrough"), counts));
  const RuleTestResult slow = run_rule_tests(deep, 0.05);
  CHECK(slow.failed == 2);
  CHECK_THAT(slow.failures.str(), Catch::Contains("scenario 'deep': stopped: the file ran past its time budget of 0.05 s") &&
                                      Catch::Contains("1 more scenario not run"));
  // 40 scenarios with options of their own (a stranger's file of 2,000 kept 2,000 VMs).
  std::string many = fmt::format("game: {}\nscenarios:\n", resolve_game("connect-four"));
  for (int k = 0; k < 40; ++k)
    many += fmt::format("  - name: size {0}\n    options: {{columns: {1}, rows: {2}}}\n    legal: [a1]\n", k, 4 + k % 17, 4 + k / 17);
  const RuleTestResult r = run_rule_tests(dir.write("many.test.yaml", many));
  INFO(r.failures.str());
  CHECK(r.scenarios == 40);
  CHECK(r.most_vms <= static_cast<int>(kRuleTestVms));
  CHECK(r.most_vms >= 2);
}
