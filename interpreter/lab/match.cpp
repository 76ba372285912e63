// Matches between agents.
#include "lab/match.h"

#include "lab/statistics.h"

#include <algorithm>

namespace boardlab::lab {

std::pair<double, double> MatchResult::interval() const {
  const Interval i = wilson95(score(), games);
  return {i.low, i.high};
}

MatchResult match_result(const std::vector<GameStats>& games) {
  MatchResult r;
  for (const GameStats& g : games) {
    ++r.games;
    r.plies += g.plies;
    if (g.winner < 0) ++r.draws;  // a draw, or stopped at the cap
    else (g.winner == g.first_seat ? r.wins : r.losses)++;
    r.first_mover_wins += g.winner >= 0 && g.winner == g.starter;
  }
  return r;
}

EloDifference elo_difference(const MatchResult& r) {
  const auto [lo, hi] = r.interval();
  return {elo_of_score(r.score()), {elo_of_score(lo), elo_of_score(hi)}};
}

Match play_match(const MatchConfig& config, const SeriesRunner& run) {
  Match m;
  SimulationConfig c = config.series;
  const long total = config.series.games;
  for (long done = 0; done < total;) {
    c.begin = done;
    c.games = config.sprt ? std::min(total, done + config.batch) : total;
    for (auto& g : run(c, "")) m.games.push_back(std::move(g));
    done = c.games;
    ++m.looks;
    if (!config.sprt) break;
    // The first agent's score per game: 1, 1/2 or 0.
    std::vector<double> scores;
    for (const auto& g : m.games) scores.push_back(g.winner < 0 ? 0.5 : g.winner == g.first_seat ? 1.0 : 0.0);
    m.test = elo_sprt(observed(spread_of(scores)), *config.sprt);
    if (m.test.verdict != Verdict::Continue) break;
  }
  m.result = match_result(m.games);
  return m;
}

}  // namespace boardlab::lab
