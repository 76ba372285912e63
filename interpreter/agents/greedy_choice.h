// The greedy choice: the legal move whose position after it an evaluation rates best for the
// mover, ties broken uniformly at random. The greedy agent plays it, and training's self-play
// chooses by it (with its own network as the evaluation), so the two never disagree.
#pragma once
#include "core/rng.h"
#include "rules/rules.h"

namespace boardlab {

// `work` is the position to choose in, a copy the caller keeps for reuse: each move is applied
// to it and undone, so it is the same position after. `value(after, player)` rates a position
// (the dice not rolled yet: the evaluation sees the board) for `player`, as a double; values
// within 1e-12 of each other are a tie, and each tied move is equally likely (reservoir
// sampling from `rng`).
template <class Value>
int greedy_choice(const Rules& rules, State& work, const MoveList& legal, Rng& rng, Value&& value) {
  const int me = work.side();
  double best = -2;
  int pick = 0, ties = 0;
  Move m;
  for (int i = 0; i < legal.size(); ++i) {
    legal.get(i, m);
    rules.apply(work, m);
    const double v = value(work, me);
    work.undo();
    if (v > best + 1e-12) {
      best = v, pick = i, ties = 1;
    } else if (v > best - 1e-12 && rng.below(static_cast<uint32_t>(++ties)) == 0) {
      pick = i;
    }
  }
  return pick;
}

}  // namespace boardlab
