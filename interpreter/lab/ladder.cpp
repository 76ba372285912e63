// The skill ladder.
#include "lab/ladder.h"

#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "lab/report.h"
#include "lab/results_json.h"
#include "lab/svg_plot.h"

namespace boardlab::lab {

double Ladder::score(size_t i, size_t j) const {
  if (i == j) return 0.5;
  if (i < j) return results[i][j].score();
  return 1 - results[j][i].score();  // draws count half either way
}

Interval Ladder::interval(size_t i, size_t j) const { return wilson95(score(i, j), games); }

Ladder play_ladder(const SimulationConfig& base, const std::vector<AgentSpec>& agents, const SeriesRunner& run) {
  if (agents.size() < 2) throw std::invalid_argument("a ladder needs at least two agents");
  if (base.def->nplayers() != 2) throw std::invalid_argument("a ladder pairs agents: it plays two-player games");
  Ladder l;
  l.agents = agents;
  l.games = base.games;
  const size_t n = agents.size();
  l.results.assign(n, std::vector<MatchResult>(n));
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j < n; ++j) {
      SimulationConfig c = base;
      c.agents = {agents[i], agents[j]};
      l.results[i][j] = match_result(run(c, fmt::format("{} vs {}", agents[i].str(), agents[j].str())));
    }
  std::vector<PairResult> pairs;
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j < n; ++j) {
      const MatchResult& r = l.results[i][j];
      pairs.push_back({i, j, r.wins, r.draws, r.losses});
    }
  l.ratings = elo_ratings(n, pairs, 400, base.seed);
  return l;
}

nlohmann::json to_json(const Ladder& l, const std::string& game) {
  const size_t n = l.agents.size();
  nlohmann::json matrix = nlohmann::json::array(), pairs = nlohmann::json::array();
  std::vector<std::string> names;
  for (size_t i = 0; i < n; ++i) {
    names.push_back(l.agents[i].str());
    nlohmann::json row = nlohmann::json::array();
    for (size_t j = 0; j < n; ++j) row.push_back(i == j ? nlohmann::json(nullptr) : nlohmann::json(l.score(i, j)));
    matrix.push_back(row);
    for (size_t j = i + 1; j < n; ++j) {
      const MatchResult& r = l.results[i][j];
      const Rate first{r.first_mover_wins, r.games};
      const Interval ci = first.interval95();
      pairs.push_back({{"first", l.agents[i].str()}, {"second", l.agents[j].str()}, {"games", r.games},
                       {"wins", r.wins}, {"draws", r.draws}, {"losses", r.losses},
                       {"first_mover_wins", {{"rate", first.value()}, {"ci95", {ci.low, ci.high}}}}});
    }
  }
  nlohmann::json ratings = nlohmann::json::array();
  for (size_t i = 0; i < n && i < l.ratings.size(); ++i)
    ratings.push_back({{"agent", names[i]}, {"elo", l.ratings[i].elo},
                       {"ci95", {l.ratings[i].interval95.low, l.ratings[i].interval95.high}}});
  return {{"game", game}, {"agents", names}, {"elo", ratings}, {"score", matrix}, {"pairs", pairs}};
}

std::string ladder_html(const Ladder& l, const std::string& game) {
  const size_t n = l.agents.size();
  std::vector<size_t> order(n);
  for (size_t i = 0; i < n; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return l.ratings[x].elo > l.ratings[y].elo; });
  std::string ratings = "<tr><th>agent</th><th>Elo</th><th>95% interval</th></tr>\n";
  for (size_t i : order)
    ratings += fmt::format("<tr><th>{}</th><td class=\"num\">{:+.0f}</td><td class=\"num\">{:+.0f} to {:+.0f}</td></tr>\n",
                           escape_html(l.agents[i].str()), l.ratings[i].elo, l.ratings[i].interval95.low,
                           l.ratings[i].interval95.high);
  std::string matrix = "<tr><th></th>";
  for (size_t j : order) matrix += fmt::format("<th>{}</th>", escape_html(l.agents[j].str()));
  matrix += "</tr>\n";
  for (size_t i : order) {
    matrix += fmt::format("<tr><th>{}</th>", escape_html(l.agents[i].str()));
    for (size_t j : order) {
      if (i == j) {
        matrix += "<td>-</td>";
        continue;
      }
      const Interval ci = l.interval(i, j);
      matrix += fmt::format("<td class=\"num\">{:.3f} ({:.3f}-{:.3f})</td>", l.score(i, j), ci.low, ci.high);
    }
    matrix += "</tr>\n";
  }
  std::string pairs = "<tr><th>first agent</th><th>second agent</th><th>games</th><th>wins</th><th>draws</th>"
                      "<th>losses</th><th>first mover wins</th></tr>\n";
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j < n; ++j) {
      const MatchResult& r = l.results[i][j];
      pairs += fmt::format("<tr><td>{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>"
                           "<td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>\n",
                           escape_html(l.agents[i].str()), escape_html(l.agents[j].str()), r.games, r.wins, r.draws,
                           r.losses, rate_text(Rate{r.first_mover_wins, r.games}));
    }
  return fmt::format(R"(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{0}: ladder</title>
<style>
{1}</style></head>
<body>
<h1>{0}: who beats whom</h1>
<p>Every pair of agents played {2} games, seats alternating. Elo ratings are fitted to every
pair at once (Bradley-Terry, a draw half a win, one virtual draw per pair), {3} at 0; their 95%
intervals come from 400 bootstrap samples of the games.</p>
<table id="ratings">
{4}</table>
<h2>The row agent's score against the column agent</h2>
<p>Draws count half; each score with its 95% interval.</p>
<table id="scores">
{5}</table>
<h2>Each pair</h2>
<table id="pairs">
{6}</table>
</body></html>
)",
                     escape_html(game), page_css(), l.games, escape_html(l.agents[0].str()), ratings, matrix, pairs);
}

}  // namespace boardlab::lab
