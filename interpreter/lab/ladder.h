// The skill ladder: every pair of agents plays a series (simulate's games, seats
// alternating), and each agent's score against each other one, with its interval.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "lab/match.h"
#include "lab/results_json.h"
#include "lab/statistics.h"

namespace boardlab::lab {

struct Ladder {
  std::vector<AgentSpec> agents;
  long games = 0;  // per pair
  // results[i][j] for i < j: agent i as the first agent against agent j.
  std::vector<std::vector<MatchResult>> results;
  double score(size_t i, size_t j) const;  // i's score against j (draws half)
  Interval interval(size_t i, size_t j) const;
};

// `base` gives the game, games per pair, seed, ply cap and threads; its agents are ignored.
// Throws std::invalid_argument for fewer than two agents.
Ladder play_ladder(const SimulationConfig& base, const std::vector<AgentSpec>& agents,
                   const SeriesRunner& run = run_series);

nlohmann::json to_json(const Ladder& l, const std::string& game);

}  // namespace boardlab::lab
