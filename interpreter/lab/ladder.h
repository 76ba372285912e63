// The skill ladder: every pair of agents plays a series (simulate's games, seats
// alternating): each agent's score against each other one with its interval, the first
// mover's win rate per pair, and Elo ratings fitted to every pair (ratings.h).
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
  std::vector<Rating> ratings;  // per agent, the first at 0
  double score(size_t i, size_t j) const;  // i's score against j (draws half)
  Interval interval(size_t i, size_t j) const;
};

// `base` gives the game, games per pair, seed, ply cap and threads; its agents are ignored.
// Throws std::invalid_argument for fewer than two agents.
Ladder play_ladder(const SimulationConfig& base, const std::vector<AgentSpec>& agents,
                   const SeriesRunner& run = run_series);

nlohmann::json to_json(const Ladder& l, const std::string& game);
// The ladder as a page: the ratings (a table and a plot), the score matrix, and each pair's record.
std::string ladder_html(const Ladder& l, const std::string& game);
// The same for a terminal: the score matrix, the ratings best first, each pair's first-mover
// rate. `base` gives the games per pair, the seed and the ply cap.
std::string ladder_text(const Ladder& l, const SimulationConfig& base);

}  // namespace boardlab::lab
