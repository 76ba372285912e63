// The skill ladder.
#include "lab/ladder.h"

#include "lab/html_page.h"

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

std::string ladder_text(const Ladder& l, const SimulationConfig& base) {
  const auto& agents = l.agents;
  std::string out = fmt::format("{}: each pair of agents plays {} games, seats alternating (seed {}, at most {} plies{}).\n",
                                base.def->name, base.games, base.seed, base.max_plies, openings_text(base.opening_plies));
  out += "The row agent's score against the column agent (draws count half), with its 95% interval:\n\n";
  size_t wname = 6;
  for (const auto& s : agents) wname = std::max(wname, s.str().size());
  out += fmt::format("{:<{}}", "", wname);
  for (const auto& s : agents) out += fmt::format("  {:<21}", s.str().substr(0, 21));
  out += "\n";
  for (size_t i = 0; i < agents.size(); ++i) {
    out += fmt::format("{:<{}}", agents[i].str(), wname);
    for (size_t j = 0; j < agents.size(); ++j) {
      const Interval ci = l.interval(i, j);
      out += fmt::format("  {:<21}", i == j ? "-" : fmt::format("{:.3f} ({:.3f}-{:.3f})", l.score(i, j), ci.low, ci.high));
    }
    out += "\n";
  }
  out += fmt::format("\nElo ratings, fitted to every pair at once ({} at 0), with their 95% intervals:\n", agents[0].str());
  std::vector<size_t> order(agents.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return l.ratings[x].elo > l.ratings[y].elo; });
  for (size_t i : order)
    out += fmt::format("  {:<{}}  {:+6.0f}  ({:+.0f} to {:+.0f})\n", agents[i].str(), wname, l.ratings[i].elo,
                       l.ratings[i].interval95.low, l.ratings[i].interval95.high);
  out += "\nThe first mover's win rate in each pair's games:\n";
  for (size_t i = 0; i < agents.size(); ++i)
    for (size_t j = i + 1; j < agents.size(); ++j) {
      const MatchResult& r = l.results[i][j];
      out += fmt::format("  {} against {}: {}\n", agents[i].str(), agents[j].str(), rate_text(Rate{r.first_mover_wins, r.games}));
    }
  // A pair whose games mostly stopped at the cap scored draws the rules did not decide.
  for (size_t i = 0; i < agents.size(); ++i)
    for (size_t j = i + 1; j < agents.size(); ++j)
      if (const MatchResult& r = l.results[i][j]; mostly_capped(r.capped, r.games))
        out += fmt::format("\nNo verdict from {} against {}: {}\n", agents[i].str(), agents[j].str(),
                           capped_note(r.capped, r.games, base.max_plies));
      else if (too_alike(r.variety))
        out += fmt::format("\nNo verdict from {} against {}: {}\n", agents[i].str(), agents[j].str(), alike_note(r.variety));
  return out + "\nA variant rewards skill when the stronger agents' scores stay well above 0.5.\n";
}

std::string ladder_html(const Ladder& l, const std::string& game) {
  const size_t n = l.agents.size();
  std::vector<size_t> order(n);
  for (size_t i = 0; i < n; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return l.ratings[x].elo > l.ratings[y].elo; });
  Table ratings{"ratings", {text("agent"), text("Elo"), text("95% interval")}, {}, true, true};
  for (size_t i : order)
    ratings.rows.push_back({text(l.agents[i].str()), text(fmt::format("{:+.0f}", l.ratings[i].elo)),
                            text(fmt::format("{:+.0f} to {:+.0f}", l.ratings[i].interval95.low, l.ratings[i].interval95.high))});
  Table scores{"scores", {text("")}, {}, true, true};
  for (size_t j : order) scores.header.push_back(text(l.agents[j].str()));
  for (size_t i : order) {
    std::vector<Html> row{text(l.agents[i].str())};
    for (size_t j : order) {
      const Interval ci = l.interval(i, j);
      row.push_back(text(i == j ? "-" : fmt::format("{:.3f} ({:.3f}-{:.3f})", l.score(i, j), ci.low, ci.high)));
    }
    scores.rows.push_back(std::move(row));
  }
  Table pairs{"pairs",
              {text("first agent"), text("second agent"), text("games"), text("wins"), text("draws"), text("losses"),
               text("first mover wins")},
              {},
              false,
              true};
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j < n; ++j) {
      const MatchResult& r = l.results[i][j];
      pairs.rows.push_back({text(l.agents[i].str()), text(l.agents[j].str()), text(std::to_string(r.games)),
                            text(std::to_string(r.wins)), text(std::to_string(r.draws)), text(std::to_string(r.losses)),
                            text(rate_text(Rate{r.first_mover_wins, r.games}))});
    }
  // The ratings as points with their intervals, strongest first.
  Plot plot;
  plot.title = "Elo rating with its 95% interval";
  plot.ylabel = "Elo";
  plot.xlabel = "agent";
  plot.reference_y = 0;
  plot.reference_name = fmt::format("{}: 0", l.agents[0].str());
  Series dots("rating", Series::Style::Points);
  for (size_t k = 0; k < n; ++k) {
    const Rating& r = l.ratings[order[k]];
    plot.categories.push_back(l.agents[order[k]].str());
    dots.x.push_back(static_cast<double>(k));
    dots.y.push_back(r.elo), dots.low.push_back(r.interval95.low), dots.high.push_back(r.interval95.high);
  }
  plot.series.push_back(std::move(dots));
  HtmlPage page(fmt::format("{}: ladder", game));
  page.heading(fmt::format("{}: who beats whom", game), 1)
      .paragraph(text(fmt::format("Every pair of agents played {} games, seats alternating. Elo ratings are fitted to every "
                                  "pair at once (Bradley-Terry, a draw half a win, one virtual draw per pair), {} at 0; "
                                  "their 95% intervals come from 400 bootstrap samples of the games.",
                                  l.games, l.agents[0].str())))
      .table(ratings)
      .figure(plot)
      .heading("The row agent's score against the column agent")
      .paragraph(text("Draws count half; each score with its 95% interval."))
      .table(scores)
      .heading("Each pair")
      .table(pairs);
  return page.str();
}

}  // namespace boardlab::lab
