// What the hand-written generators share: perft over their own legal_moves and play, and
// the draws a draughts-like playout declares (threefold repetition, a run of plies without
// progress), kept as the positions since the last irreversible move.
#pragma once
#include <algorithm>
#include <cstdint>
#include <iterator>
#include <vector>

#include "core/rng.h"

namespace handwritten {

// A random playout from `p`: a uniformly chosen move of `legal(p, out)` (at most kMax) is
// played by `play_ends(p, move)`, which says whether the game ended, until then, until the
// side to move has no move, or for `max_plies`; returns the plies played.
template <class Move, int kMax, class Position, class Legal, class PlayEnds>
int random_playout(Position p, boardlab::Rng& rng, int max_plies, Legal legal, PlayEnds play_ends) {
  Move moves[kMax];
  int plies = 0;
  while (plies < max_plies) {
    const int n = legal(p, moves);
    if (n == 0) break;  // the side to move loses
    ++plies;
    if (play_ends(p, moves[rng.below(static_cast<uint32_t>(n))])) break;
  }
  return plies;
}

// Leaf moves at `depth` from `p`; `legal(p, out)` fills at most `max_moves` moves.
template <class Move, class Position, class Legal, class Play>
uint64_t perft(const Position& p, int depth, size_t max_moves, Legal legal, Play play) {
  std::vector<Move> moves(max_moves);
  const int n = legal(p, moves.data());
  if (depth == 1) return static_cast<uint64_t>(n);
  uint64_t total = 0;
  for (int i = 0; i < n; ++i) {
    Position q = p;
    play(q, moves[static_cast<size_t>(i)]);
    total += perft<Move>(q, depth - 1, max_moves, legal, play);
  }
  return total;
}

// Positions since the last irreversible move (none before it can come back): a position
// seen a third time, or more than `max_quiet` plies since, is a draw. Positions compare by
// their side and `board` array.
template <class Position>
class DrawWatch {
 public:
  explicit DrawWatch(size_t max_quiet) : max_quiet_(max_quiet) {}
  void start(const Position& p) { since_.assign(1, p); }
  // After a move that led to `p`: whether the game is now drawn.
  bool drawn_after(const Position& p, bool irreversible) {
    if (irreversible) since_.clear();
    since_.push_back(p);
    if (since_.size() > max_quiet_) return true;
    int seen = 0;
    for (const Position& q : since_)
      seen += q.side == p.side && std::equal(std::begin(q.board), std::end(q.board), std::begin(p.board));
    return seen >= 3;
  }

 private:
  size_t max_quiet_;
  std::vector<Position> since_;
};

}  // namespace handwritten
