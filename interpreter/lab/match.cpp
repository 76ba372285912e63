// Matches between agents.
#include "lab/match.h"

#include <fmt/format.h>

#include <stdexcept>

#include "lab/statistics.h"

namespace boardlab {

PlayedGame play_game(Game& game, State& s, const std::vector<Agent*>& seats, Rng& rng, int max_plies,
                     const MoveObserver& observe) {
  MoveList moves;
  Move m;
  const int start = s.ply();
  while (!s.outcome().over() && (max_plies == 0 || s.ply() - start < max_plies)) {
    if (s.awaiting_roll()) game.roll(s, rng);
    game.legal_moves(s, moves);
    if (moves.empty()) break;
    const int i = moves.size() == 1 ? 0 : seats[static_cast<size_t>(s.side())]->choose(s, moves);
    moves.get(i, m);
    if (observe) observe(s, moves, m);
    game.apply(s, m);
  }
  return {s.outcome(), s.ply() - start};
}

std::pair<double, double> MatchResult::interval() const {
  const lab::Interval i = lab::wilson95(score(), games);
  return {i.low, i.high};
}

void check_two_players(const GameDef& def) {
  if (def.nplayers() != 2)
    throw std::invalid_argument(fmt::format("two agents play two-player games; {} has {} players", def.name, def.nplayers()));
}

MatchResult play_match(const GameDefPtr& def, const AgentSpec& a, const AgentSpec& b, int games, uint64_t seed,
                       int max_plies, const std::function<void(int, const MatchResult&)>& progress) {
  check_two_players(*def);
  Game game(def);
  MatchResult r;
  for (int i = 0; i < games; ++i) {
    const uint64_t game_seed = seed + static_cast<uint64_t>(i);
    // Fresh agents each game: nothing learnt in one game carries into the next.
    auto first = make_agent(a, def, game_seed * 2 + 1);
    auto second = make_agent(b, def, game_seed * 2 + 2);
    const int a_seat = i % 2;
    std::vector<Agent*> seats(2);
    seats[static_cast<size_t>(a_seat)] = first.get();
    seats[static_cast<size_t>(1 - a_seat)] = second.get();
    Rng rng(game_seed);
    State s = game.initial();
    const PlayedGame g = play_game(game, s, seats, rng, max_plies);
    ++r.games;
    r.plies += g.plies;
    if (g.outcome.kind == Outcome::Kind::Win) (g.outcome.winner == a_seat ? r.wins : r.losses)++;
    else ++r.draws;  // a draw, or stopped at the cap
    if (progress) progress(i, r);
  }
  return r;
}

}  // namespace boardlab
