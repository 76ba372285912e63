// Elo ratings from game results: a pair's Elo difference from its score, a ladder's ratings
// fitted to every pair at once (Bradley-Terry, draws half a win, as BayesElo and Ordo do),
// with 95% intervals, and the sequential test engine testers stop a match with (SPRT on an
// Elo difference, the normal approximation of the score as in Fishtest and cutechess-cli).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "lab/statistics.h"

namespace boardlab::lab {

// The Elo difference that gives an expected score `s`, clamped to +-kEloClamp at 0 and 1.
constexpr double kEloClamp = 1000;
double elo_of_score(double s);
// The expected score of an Elo difference.
double score_of_elo(double elo);
// An Elo difference from a score (elo_of_score) with its 95% interval for people: "+120 (+80
// to +160)". At the clamp (a score of 0 or 1) the figure is no estimate, only a bound: ">= +287 (every game won: no
// upper bound)"; an interval reaching the clamp is open on that side.
std::string elo_text(double elo, double low, double high);

// Agent i's results against agent j.
struct PairResult {
  size_t i = 0, j = 0;
  long wins = 0, draws = 0, losses = 0;
};
struct Rating {
  double elo = 0;
  Interval interval95;
};
// The maximum-likelihood ratings of n agents from their pairs' results, the first agent at 0,
// with a virtual draw added to every pair (so that an agent that won every game gets a finite
// rating). The intervals come from `resamples` bootstrap samples of each pair's games
// (seeded: the same results give the same intervals).
std::vector<Rating> elo_ratings(size_t n, const std::vector<PairResult>& pairs, int resamples = 400, uint64_t seed = 1);

// SPRT on a match's Elo difference: H0 "elo0" against H1 "elo1" (elo1 > elo0).
struct EloTest {
  double elo0 = 0, elo1 = 10, alpha = 0.05, beta = 0.05;
};
// Found: H1 (the first agent is stronger by elo1); NotFound: H0. `score` of the games
// played, with the variance of one game's score.
SequentialState elo_sprt(const Observed& score, const EloTest& t);

}  // namespace boardlab::lab
