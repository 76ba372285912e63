// Matches between agents.
#include "lab/match.h"

#include "lab/report.h"
#include "lab/statistics.h"
#include "lab/summary.h"

#include <fmt/format.h>

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
    r.capped += g.capped;
    add_thinking(r.thinking, g.thinking);
  }
  r.variety = variety_of(games);
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
    m.test = elo_sprt(worth(observed(spread_of(scores)), variety_of(m.games)), *config.sprt);
    if (mostly_capped(capped_games(m.games), static_cast<long>(m.games.size()))) {
      m.test.verdict = Verdict::Unfinished;  // draws at the cap are not a measure of strength
      break;
    }
    if (too_alike(variety_of(m.games))) {
      m.test.verdict = Verdict::Alike;  // one game again and again is not a measure of strength
      break;
    }
    if (m.test.verdict != Verdict::Continue) break;
  }
  m.result = match_result(m.games);
  return m;
}

std::string match_text(const Match& match, const MatchConfig& m) {
  const MatchResult& r = match.result;
  const SimulationConfig& c = m.series;
  const std::string a = c.agents[0].str(), b = c.agents[1].str();
  auto [lo, hi] = r.interval();
  const EloDifference elo = elo_difference(r);
  std::string out = fmt::format("{}: {} against {}, {} games (seats alternating, seed {}{})\n", c.def->name, a, b, r.games,
                                c.seed, openings_text(c.opening_plies));
  out += fmt::format("wins {}, draws {}, losses {} for {}\n", r.wins, r.draws, r.losses, a);
  out += fmt::format("score {:.3f} (95% CI {:.3f}-{:.3f}); Elo {}; {:.1f} plies a game\n", r.score(), lo, hi,
                     elo_text(elo.elo, elo.interval95.low, elo.interval95.high), static_cast<double>(r.plies) / r.games);
  out += fmt::format("the first mover won {}\n", rate_text(Rate{r.first_mover_wins, r.games}));
  out += fmt::format("distinct games: {}\n", variety_text(r.variety));
  for (size_t k = 0; k < r.thinking.size() && k < 2; ++k)
    if (const Thinking& t = r.thinking[k]; t.moves > 0)
      out += fmt::format("{} thought {}\n", k == 0 ? a : b, thinking_text(t));
  if (mostly_capped(r.capped, r.games)) out += "No verdict from these games: " + capped_note(r.capped, r.games, c.max_plies) + "\n";
  if (too_alike(r.variety)) out += "No verdict from these games: " + alike_note(r.variety) + "\n";
  if (m.sprt) {
    const EloTest& t = *m.sprt;
    const char* verdict = match.test.verdict == Verdict::Found      ? "H1 accepted: the first agent is stronger by about ELO1 or more"
                          : match.test.verdict == Verdict::NotFound ? "H0 accepted: the first agent is not stronger by ELO1"
                          : match.test.verdict == Verdict::Unfinished ? "no verdict (most games stopped at the cap)"
                          : match.test.verdict == Verdict::Alike      ? "no verdict (too few distinct games)"
                                                                      : "not settled before --games ran out";
    out += fmt::format("SPRT elo0 {} elo1 {} (alpha {}, beta {}): {} after {} games; log-likelihood ratio {:.2f}, bounds "
                       "{:.2f} and {:.2f}\n", t.elo0, t.elo1, t.alpha, t.beta, verdict, r.games, match.test.llr,
                       match.test.lower, match.test.upper);
  }
  return out;
}

}  // namespace boardlab::lab
