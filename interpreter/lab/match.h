// A match between two agents: the first agent's wins, draws and losses over a series of
// games played by `simulate` (seats alternating, the series' seeds), its score and Elo
// advantage with their 95% intervals, and a match that stops once an SPRT settles.
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "lab/ratings.h"
#include "lab/simulation.h"
#include "lab/summary.h"

namespace boardlab::lab {

struct MatchResult {
  int games = 0, wins = 0, draws = 0, losses = 0;  // for the first agent
  int first_mover_wins = 0;  // games the side that moved first won, whichever agent it was
  int capped = 0;            // games stopped at the ply cap (among the draws)
  long plies = 0;
  std::vector<Thinking> thinking;  // per agent, over the games
  Variety variety;                 // how many of the games differ
  double score() const { return games ? (wins + 0.5 * draws) / games : 0; }
  // Wilson's 95% interval for the first agent's score (draws count half).
  std::pair<double, double> interval() const;
};

// The first agent's record over these games (a game stopped at the ply cap is a draw).
MatchResult match_result(const std::vector<GameStats>& games);

// The first agent's Elo advantage and its 95% interval, from its score and the score's interval.
struct EloDifference {
  double elo = 0;
  Interval interval95;
};
EloDifference elo_difference(const MatchResult& r);

// A match played in batches until its SPRT settles (when one is asked) or the games run out.
struct MatchConfig {
  SimulationConfig series;      // its `games` is the most to play
  std::optional<EloTest> sprt;  // none: play every game
  long batch = 20;              // games between two looks of the test
};
struct Match {
  std::vector<GameStats> games;
  MatchResult result;
  SequentialState test;  // at the last look
  long looks = 0;
};
Match play_match(const MatchConfig& config, const SeriesRunner& run = run_series);
// What a match found, for a terminal: wins, draws and losses, the score and the Elo
// difference with their intervals, the first mover's rate, the sequential test's verdict.
std::string match_text(const Match& match, const MatchConfig& config);

}  // namespace boardlab::lab
