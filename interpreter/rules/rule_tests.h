// Rule tests as data: scenarios written in YAML beside a definition (`NAME.test.yaml` beside
// `NAME.yaml`), each a position and what the rules say of it: the exact legal moves, moves
// that must or must not be legal, the outcome, the position after some moves, perft counts.
// `boardlab test` runs them, and `boardlab check` when a definition has them. The format is
// the schema below, documented in docs/testing.md.
#pragma once
#include <string>

#include "core/diagnostics.h"
#include "definition/schema.h"

namespace boardlab {

struct RuleTestResult {
  int scenarios = 0;
  int failed = 0;        // scenarios with at least one failure
  Diagnostics failures;  // each at the line of what failed: `file:line:col: error: scenario '...': ...`
  int most_vms = 0;      // the most game VMs held at once (at most kRuleTestVms)
  bool ok() const { return failed == 0; }
};

// A test file's time budget by default: the bundled games' files take a few seconds, and a
// stranger's correct perft counts could ask for hours.
constexpr double kRuleTestSeconds = 300;
// The VMs kept at once for a file's sets of options (a scenario's `options` loads its own).
constexpr size_t kRuleTestVms = 4;

// Runs every scenario of a test file, within `max_seconds` (then the scenario under way and
// the rest fail, saying so). Throws DefinitionError when the file (or the definition it
// tests) does not read, with every problem found.
RuleTestResult run_rule_tests(const std::string& path, double max_seconds = kRuleTestSeconds);

// The test file beside a definition (`x.yaml` -> `x.test.yaml`), or "" if it has none.
std::string rule_tests_beside(const std::string& definition_path);

// What a test file may hold (also the source of its documentation's table).
const Schema& rule_tests_schema();

}  // namespace boardlab
