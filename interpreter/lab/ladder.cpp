// The skill ladder.
#include "lab/ladder.h"

#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include <stdexcept>

#include "lab/results_json.h"

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
      pairs.push_back({{"first", l.agents[i].str()}, {"second", l.agents[j].str()}, {"games", r.games},
                       {"wins", r.wins}, {"draws", r.draws}, {"losses", r.losses}});
    }
  }
  return {{"game", game}, {"agents", names}, {"score", matrix}, {"pairs", pairs}};
}

}  // namespace boardlab::lab
