// Matches between agents: one game with an agent per seat, and series of games with seats
// alternating, seeded, summarised with a 95% confidence interval.
#pragma once
#include <functional>
#include <string>

#include "agents/agent.h"

namespace boardlab {

struct PlayedGame {
  Outcome outcome;  // ongoing: stopped at the ply cap
  int plies = 0;
};
// Sees each move before it is applied: the state, its legal moves, the move chosen.
using MoveObserver = std::function<void(const State&, const MoveList&, const Move&)>;
// Plays from `s` to the end (or `max_plies`, 0: none) with seats[p] choosing for player p;
// dice come from `rng`.
PlayedGame play_game(Game& game, State& s, const std::vector<Agent*>& seats, Rng& rng, int max_plies,
                     const MoveObserver& observe = {});

struct MatchResult {
  int games = 0, wins = 0, draws = 0, losses = 0;  // for the first agent
  long plies = 0;
  double score() const { return games ? (wins + 0.5 * draws) / games : 0; }
  // Wilson's 95% interval for the first agent's score (draws count half).
  std::pair<double, double> interval() const;
};
// Matches and self-play seat two agents: throws std::invalid_argument for another number of
// players.
void check_two_players(const GameDef& def);

// Game i seats the first agent as player i % 2 and seeds everything from seed + i.
// `progress(i, result so far)` is called after each game.
MatchResult play_match(const GameDefPtr& def, const AgentSpec& a, const AgentSpec& b, int games, uint64_t seed,
                       int max_plies, const std::function<void(int, const MatchResult&)>& progress = {});

}  // namespace boardlab
