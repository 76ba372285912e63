// Comparing two rule sets.
#include "lab/compare.h"

#include "lab/results_json.h"

#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace boardlab::lab {

std::optional<Question> question_named(const std::string& name) {
  if (name == "differs") return Question::Differs;
  if (name == "fairer") return Question::Fairer;
  if (name == "skill") return Question::Skill;
  return std::nullopt;
}

namespace {
// The test the question asks for: fairer is one-sided, the others two-sided.
SequentialTest test_for(Question q, SequentialTest t) {
  t.kind = q == Question::Fairer ? SequentialTest::Kind::Fairer : SequentialTest::Kind::Differs;
  return t;
}

// What the question's test looks at, on one side's games, worth as many games as differ.
Observed looked_at(Question q, const std::vector<GameStats>& games, const GameDef& def) {
  const Observed o = q == Question::Skill ? observed(summarize(games, def).first_agent_score) : observed(first_mover_wins(games));
  return worth(o, variety_of(games));
}
}  // namespace

Comparison compare(const CompareConfig& config, const SeriesRunner& run) {
  const SequentialTest test = test_for(config.question, config.test);
  Comparison c;
  c.config_a = config.a, c.config_b = config.b;
  for (long done = 0; done < config.games;) {
    c.config_a.begin = c.config_b.begin = done;
    c.config_a.games = c.config_b.games = std::min(config.games, done + config.batch);
    for (auto& g : run(c.config_a, "A")) c.games_a.push_back(std::move(g));
    for (auto& g : run(c.config_b, "B")) c.games_b.push_back(std::move(g));
    done = c.config_a.games;
    ++c.looks;
    c.last = sequential_test(looked_at(config.question, c.games_a, *config.a.def),
                             looked_at(config.question, c.games_b, *config.b.def), test);
    if (mostly_capped(capped_games(c.games_a), static_cast<long>(c.games_a.size())) ||
        mostly_capped(capped_games(c.games_b), static_cast<long>(c.games_b.size()))) {
      c.last.verdict = Verdict::Unfinished;  // whatever the test says of undecided games
      break;
    }
    if (too_alike(variety_of(c.games_a)) || too_alike(variety_of(c.games_b))) {
      c.last.verdict = Verdict::Alike;  // whatever the test says of copies of a few games
      break;
    }
    if (c.last.verdict != Verdict::Continue && c.settled_after == 0) c.first_settled = c.last, c.settled_after = done;
    if (c.last.verdict != Verdict::Continue && !config.no_stop) break;
  }
  c.a = summarize(c.games_a, *config.a.def);
  c.b = summarize(c.games_b, *config.b.def);
  c.rows = compare_summaries(c.a, c.b);
  return c;
}

const char* verdict_text(Question q, Verdict v) {
  if (v == Verdict::Continue) return "not settled";
  if (v == Verdict::Unfinished || v == Verdict::Alike) return "no verdict";
  if (q == Question::Fairer) return v == Verdict::Found ? "fairer" : "not fairer";
  return v == Verdict::Found ? "differs" : "same";
}

namespace {
const char* statistic_of(Question q) {
  return q == Question::Skill ? "the first agent's score" : "the first mover's win rate";
}
}  // namespace

std::string verdict_sentence(Question q, const SequentialTest& t, const Comparison& c) {
  const long n = c.games_each();
  const SequentialState& st = c.last;
  if (st.verdict == Verdict::Continue) return fmt::format("Not settled after {} games each, the most allowed (--games).", n);
  if (st.verdict == Verdict::Unfinished) {
    const auto& [games, name] = mostly_capped(capped_games(c.games_a), n) ? std::pair(&c.games_a, "A") : std::pair(&c.games_b, "B");
    return fmt::format("No verdict after {} games each: in {}, {}", n, name,
                       capped_note(capped_games(*games), n, name[0] == 'A' ? c.config_a.max_plies : c.config_b.max_plies));
  }
  if (st.verdict == Verdict::Alike) {
    const bool a = too_alike(c.a.variety);
    return fmt::format("No verdict after {} games each: in {}, {}", n, a ? "A" : "B", alike_note(a ? c.a.variety : c.b.variety));
  }
  const std::string after = fmt::format("Settled after {} games each ({} looks): ", n, c.looks);
  if (q == Question::Fairer) {
    if (st.verdict == Verdict::Found)
      return after + fmt::format("B is fairer: its first mover's win rate is closer to 0.5 than A's by about {} or more.", t.delta);
    const double a_off = std::abs(c.a.starter_wins.value() - 0.5);
    return after + fmt::format("B is not fairer than A by {}: its first mover's win rate is no closer to 0.5.", t.delta) +
           (a_off < t.delta ? fmt::format(" A's rate, {:.3f}, is itself within {} of 0.5, so no rule set could be found "
                                          "fairer by that much: a smaller --delta asks a finer question.",
                                          c.a.starter_wins.value(), t.delta)
                            : "");
  }
  return after + (st.verdict == Verdict::Found ? fmt::format("{} differs.", statistic_of(q))
                                               : fmt::format("{} differs by less than {}.", statistic_of(q), t.delta));
}

TestReach test_reach(Question q, const SequentialTest& t, long games) {
  if (q == Question::Fairer && t.delta >= 0.5)
    return {false, fmt::format("with --test fairer, --delta {} can never find B fairer: a rate is at most 0.5 from 0.5", t.delta)};
  // The games each the test takes on average when the difference is 0 or delta (Wald's
  // approximation: the bound over the log-likelihood ratio's drift a game, delta^2 with a
  // rate's widest variance, 1/4 a side); a difference between them takes longer still.
  const SequentialState bounds = sequential_test({}, {}, test_for(q, t));  // no games: the bounds alone
  const double needed = std::max(-bounds.lower, bounds.upper) / (t.delta * t.delta);
  if (needed <= static_cast<double>(games)) return {};
  return {true, fmt::format("a difference of {} takes the test about {:.0f} games each on average to settle, and --games "
                     "allows {}: it may well end unsettled (raise --games or --delta)",
                     t.delta, needed, games)};
}

const char* stars_explained() {
  return "Settled or not is the test's answer to the question asked, with its error rates alpha and beta; a star marks "
         "a row whose own 95% interval leaves out 0, not corrected for the many rows and the repeated looks: a lead to "
         "test (--test), not a finding.";
}

std::string test_text(Question q, const SequentialTest& t, const SequentialState& st) {
  const std::string on = q == Question::Fairer ? "the first mover's win rate's distance from 0.5 (one-sided: B closer)"
                                               : std::string(statistic_of(q)) + " (two-sided)";
  return fmt::format("sequential probability ratio test on {}, delta {}, alpha {}, beta {}; "
                     "log-likelihood ratio {:.2f}, bounds {:.2f} and {:.2f}",
                     on, t.delta, t.alpha, t.beta, st.llr, st.lower, st.upper);
}

nlohmann::json to_json(const Comparison& c, const CompareConfig& config, const std::string& a, const std::string& b) {
  static const char* kNames[] = {"differs", "fairer", "skill"};
  nlohmann::json diffs = nlohmann::json::array();
  for (const auto& r : c.rows)
    diffs.push_back({{"statistic", r.name}, {"a", r.a}, {"b", r.b}, {"difference", r.difference.value},
                     {"ci95", {r.difference.interval95.low, r.difference.interval95.high}}});
  return {{"a", a}, {"b", b}, {"question", kNames[static_cast<int>(config.question)]}, {"games_each", c.games_each()},
          {"looks", c.looks}, {"verdict", verdict_text(config.question, c.last.verdict)},
          {"settled_after", c.settled_after}, {"test", test_text(config.question, config.test, c.last)},
          {"summary_a", to_json(c.a, *config.a.def)}, {"summary_b", to_json(c.b, *config.b.def)},
          {"differences", diffs}};
}

}  // namespace boardlab::lab
