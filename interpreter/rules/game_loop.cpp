// The one game loop.
#include "rules/game_loop.h"

#include <stdexcept>

namespace boardlab {

LoopEnd GameLoop::play(const Rules& rules, State& s, std::span<Player* const> seats, Rng& dice, int max_plies,
                       GameObserver* observer) {
  LoopEnd end;
  while (max_plies == 0 || end.plies < max_plies) {
    if (rules.is_chance(s)) {
      rules.apply(s, rules.sample_chance(s, dice));
      if (observer) observer->rolled(s);
      continue;
    }
    rules.legal_moves(s, moves_);
    if (moves_.empty()) break;  // the game is over
    const int i = seats[static_cast<size_t>(s.side())]->choose(rules, s, moves_);
    if (i == Player::kStop) {
      end.stopped = true;
      break;
    }
    if (i < 0 || i >= moves_.size()) throw std::logic_error("a player chose a move that is not in the list");
    if (observer) observer->moving(s, moves_, i);
    moves_.get(i, move_);
    rules.apply(s, move_);
    ++end.plies;
    if (observer) observer->moved(s);
  }
  return end;
}

}  // namespace boardlab
