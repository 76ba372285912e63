// A hand-written C++ Breakthrough (benchmark yardstick and test oracle only).
#include "handwritten_breakthrough.h"

#include "handwritten_common.h"

namespace handwritten_breakthrough {

Position start_position() {
  Position p;
  for (int c = 0; c < 16; ++c) p.board[c] = 1, p.board[63 - c] = -1;
  p.pawns[0] = p.pawns[1] = 16;
  return p;
}

int legal_moves(const Position& p, Move* out) {
  const int me = p.side == 0 ? 1 : -1, dy = me;
  int n = 0;
  for (int from = 0; from < 64; ++from) {
    if (p.board[from] != me) continue;
    const int x = from % 8, y = from / 8 + dy;
    if (y < 0 || y > 7) continue;
    for (int dx = -1; dx <= 1; ++dx) {
      if (x + dx < 0 || x + dx > 7) continue;
      const int to = y * 8 + x + dx;
      // Straight: onto an empty square; diagonal: onto an empty square or an enemy pawn.
      if (p.board[to] == 0 || (dx != 0 && p.board[to] == -me)) out[n++] = {int8_t(from), int8_t(to)};
    }
  }
  return n;
}

bool play(Position& p, const Move& m) {
  const int me = p.side == 0 ? 1 : -1;
  if (p.board[m.to] == -me) --p.pawns[1 - p.side];
  p.board[m.to] = static_cast<int8_t>(me);
  p.board[m.from] = 0;
  const bool won = m.to / 8 == (me == 1 ? 7 : 0) || p.pawns[1 - p.side] == 0;
  p.side = 1 - p.side;
  return won;
}

uint64_t perft(const Position& p, int depth) {
  Move moves[kMaxMoves];
  const int n = legal_moves(p, moves);
  if (depth == 1) return static_cast<uint64_t>(n);
  uint64_t total = 0;
  for (int i = 0; i < n; ++i) {
    Position q = p;
    if (!play(q, moves[i])) total += perft(q, depth - 1);
  }
  return total;
}

int playout(boardlab::Rng& rng, int max_plies) {
  return handwritten::random_playout<Move, kMaxMoves>(start_position(), rng, max_plies, legal_moves, play);
}

}  // namespace handwritten_breakthrough
