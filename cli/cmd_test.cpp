// `boardlab test`: runs rule scenarios written as data (rules/rule_tests.h), and the part of
// `boardlab check` that runs a definition's own test file.
#include <fmt/format.h>

#include "commands.h"
#include "common.h"
#include "definition/bundled.h"
#include "rules/rule_tests.h"

namespace boardlab::cli {

bool print_rule_tests(const std::string& path, double max_seconds) {
  const RuleTestResult r = run_rule_tests(path, max_seconds);
  fmt::print("{}", r.failures.str());
  fmt::print("{}: {} scenario{}, {}\n", path, r.scenarios, r.scenarios == 1 ? "" : "s",
             r.ok() ? "all pass" : fmt::format("{} failed", r.failed));
  return r.ok();
}

Runner add_test(CLI::App& app) {
  auto* cmd = app.add_subcommand("test", "Run rule scenarios written in YAML (NAME.test.yaml beside NAME.yaml)");
  auto files = std::make_shared<std::vector<std::string>>();
  cmd->add_option("files", *files, "test files; a definition or a bundled game's name runs the test file beside it")
      ->required();
  auto max_seconds = std::make_shared<double>(kRuleTestSeconds);
  cmd->add_option("--max-seconds", *max_seconds,
                  fmt::format("each file's time budget: a perft count still running then fails its scenario, and the rest are not run "
                              "(default {})", kRuleTestSeconds))
      ->check(CLI::Range(0.1, 1e6));
  return [=] {
    bool ok = true;
    for (const auto& arg : *files) {
      std::string path = arg;
      if (!is_rule_test_file(arg)) {
        path = rule_tests_beside(resolve_game(arg));
        if (path.empty()) throw UsageError(fmt::format("{} has no test file beside it (NAME.test.yaml)", arg));
      }
      ok = print_rule_tests(path, *max_seconds) && ok;
    }
    return ok ? kExitOk : kExitFailure;
  };
}

}  // namespace boardlab::cli
