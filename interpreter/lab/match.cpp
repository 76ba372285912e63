// Matches between agents.
#include "lab/match.h"

#include "lab/statistics.h"

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
  }
  return r;
}

}  // namespace boardlab::lab
