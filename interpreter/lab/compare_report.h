// The HTML report of a comparison: the question and its verdict, every statistic of both
// rule sets with the difference and its interval, and the two sides' plots overlaid (the
// running first-mover rate with its band and the even line, game length, branching per side).
#pragma once
#include <string>

#include "lab/compare.h"

namespace boardlab::lab {

// `a`, `b`: the rule sets as people name them; `dir`: the comparison's folder, for the
// commands the page gives.
std::string compare_html(const Comparison& c, const CompareConfig& config, const std::string& a, const std::string& b,
                         const std::string& dir);
// The same for a terminal: the rule sets, the table of differences, the verdict and the test.
std::string compare_text(const Comparison& c, const CompareConfig& config, const std::string& a, const std::string& b);

}  // namespace boardlab::lab
