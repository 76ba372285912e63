// Comparing two rule sets.
#include "lab/compare.h"

#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include <algorithm>

namespace boardlab::lab {

Comparison compare(const CompareConfig& config, const SeriesRunner& run) {
  Comparison c;
  c.config_a = config.a, c.config_b = config.b;
  for (long done = 0; done < config.games;) {
    c.config_a.begin = c.config_b.begin = done;
    c.config_a.games = c.config_b.games = std::min(config.games, done + config.batch);
    for (auto& g : run(c.config_a, "A")) c.games_a.push_back(std::move(g));
    for (auto& g : run(c.config_b, "B")) c.games_b.push_back(std::move(g));
    done = c.config_a.games;
    ++c.looks;
    c.last = sequential_test(first_mover_wins(c.games_a), first_mover_wins(c.games_b), config.test);
    if (c.last.verdict != Verdict::Continue && c.settled_after == 0) c.first_settled = c.last, c.settled_after = done;
    if (c.last.verdict != Verdict::Continue && !config.no_stop) break;
  }
  c.a = summarize(c.games_a, *config.a.def);
  c.b = summarize(c.games_b, *config.b.def);
  c.rows = compare_summaries(c.a, c.b);
  return c;
}

const char* verdict_text(Verdict v) {
  switch (v) {
    case Verdict::Differs: return "differs";
    case Verdict::Same: return "same";
    default: return "not settled";
  }
}

std::string test_text(const SequentialTest& t, const SequentialState& st) {
  return fmt::format("sequential probability ratio test on the first mover's win rate, delta {}, alpha {}, beta {}; "
                     "log-likelihood ratio {:.2f}, bounds {:.2f} and {:.2f}",
                     t.delta, t.alpha, t.beta, st.llr, st.lower, st.upper);
}

nlohmann::json to_json(const Comparison& c, const SequentialTest& t, const std::string& a, const std::string& b) {
  nlohmann::json diffs = nlohmann::json::array();
  for (const auto& r : c.rows)
    diffs.push_back({{"statistic", r.name}, {"a", r.a}, {"b", r.b}, {"difference", r.difference.value},
                     {"ci95", {r.difference.interval95.low, r.difference.interval95.high}}});
  return {{"a", a}, {"b", b}, {"games_each", c.games_each()}, {"looks", c.looks},
          {"verdict", verdict_text(c.last.verdict)}, {"test", test_text(t, c.last)}, {"differences", diffs}};
}

}  // namespace boardlab::lab
