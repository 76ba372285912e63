// A match between two agents: the first agent's wins, draws and losses over a series of
// games played by `simulate` (seats alternating, the series' seeds), and its score with a
// 95% confidence interval.
#pragma once
#include <utility>
#include <vector>

#include "lab/simulation.h"

namespace boardlab::lab {

struct MatchResult {
  int games = 0, wins = 0, draws = 0, losses = 0;  // for the first agent
  long plies = 0;
  double score() const { return games ? (wins + 0.5 * draws) / games : 0; }
  // Wilson's 95% interval for the first agent's score (draws count half).
  std::pair<double, double> interval() const;
};

// The first agent's record over these games (a game stopped at the ply cap is a draw).
MatchResult match_result(const std::vector<GameStats>& games);

}  // namespace boardlab::lab
