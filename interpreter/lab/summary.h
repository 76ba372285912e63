// What a set of self-play games says about a rule set: wins per seat and for whoever moved first (its
// advantage), draws, games stopped at the cap, length, branching, the game's events and
// time, each rate with its 95% interval. Built from GameStats alone, so shards merged
// give the same summary as one run.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "lab/simulation.h"
#include "lab/statistics.h"

namespace boardlab::lab {

// How many different games a series holds. Agents that choose without chance (alphabeta,
// the levels above 1) play one game again and again from one position, and two copies of
// one such agent seated both ways play one game twice; copies tell no more than one game.
// So a series counts as its distinct games: exact when the repeats are such copies, and
// a little cautious when random play meets the same short game again by chance. Kish's
// effective number (n^2 over the sum of each game's count squared) is wrong there: a short
// game drawn often by chance weighs as if it were copies (docs/lab.md has the measurement).
struct Variety {
  long games = 0, distinct = 0;
};
// Distinct by their moves and rolls.
Variety variety_of(const std::vector<GameStats>& games);
// Fewer distinct games than this give no verdict, rating or fairness answer: the least a
// sequential test decides on (SequentialTest::min_games), below which the normal
// approximation of a rate it rests on is poor.
constexpr long kMinDistinctGames = 20;
// The games are too alike to measure the rules: fewer distinct games than the floor, and
// fewer than half the games played (so that a short series of distinct games is not refused
// for being short, nor a long one whose games come in identical pairs, as two copies of one
// agent seated both ways play them).
bool too_alike(const Variety& v);
// "the 100 games are only 1 distinct ...", with what to do.
std::string alike_note(const Variety& v);
// What a sequential test looks at, with n the distinct games: copies of one game would
// narrow a mean's interval as if they were independent games, which they are not.
Observed worth(Observed o, const Variety& v);
// "100 of 100".
std::string variety_text(const Variety& v);

struct Summary {
  long games = 0;
  Variety variety;
  std::vector<std::string> player_names;
  std::vector<Rate> seat_wins;  // per seat
  Rate draws, capped;           // capped games count as draws too
  Rate starter_wins;            // the player who moved first won: its advantage
  Rate first_agent_wins;        // the first agent's wins, whatever its seat
  Spread first_agent_score;     // per game: 1 for its win, 1/players for a draw (a capped game too), else 0
  Spread length;                // plies
  Spread branching;             // per game: its mean number of legal moves where there was a choice
  std::vector<std::string> event_names;
  std::vector<Spread> events;  // per game: moves carrying each event
  Spread seconds;
  std::vector<Thinking> thinking;  // per agent (A, B, ...): its time choosing moves, over the games that carry it
  std::map<std::string, long> results;  // how games ended, by describe()'s text
  std::vector<double> branching_by_ply;  // the mean over games still choosing at that ply
  std::vector<long> games_by_ply;        // how many games that is
  // Per seat, over its own decisions: the mean branching at its k-th choice, and how many games had one.
  std::vector<std::vector<double>> branching_by_turn;
  std::vector<std::vector<long>> games_by_turn;
};

Summary summarize(const std::vector<GameStats>& games, const GameDef& def);
// The games won by the player who moved first (Summary::starter_wins), alone: what
// compare's sequential test looks at after every batch.
Rate first_mover_wins(const std::vector<GameStats>& games);

// A game stopped at the ply cap ends undecided. When more than half of a run's games did,
// its rates tell of the cap more than of the rules: the lab gives no verdict from them
// (compare, match) and its summaries say so (simulate, sweep, the ladder).
long capped_games(const std::vector<GameStats>& games);
bool mostly_capped(long capped, long games);
// The note that says so, for people: "100 of 100 games stopped at the cap of 1000 plies...".
std::string capped_note(long capped, long games, int max_plies);

// The statistics a comparison reports, by name, for both summaries: rates as rates,
// spreads by their means.
struct Compared {
  std::string name;
  double a = 0, b = 0;
  Difference difference;
};
std::vector<Compared> compare_summaries(const Summary& a, const Summary& b);

}  // namespace boardlab::lab
