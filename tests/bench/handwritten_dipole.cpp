// A hand-written C++ Dipole (benchmark yardstick and test oracle only).
#include "handwritten_dipole.h"

#include <cstdlib>
#include <vector>

namespace handwritten_dipole {

namespace {
const int DX[8] = {0, 1, 1, 1, 0, -1, -1, -1}, DY[8] = {1, 1, 0, -1, -1, -1, 0, 1};
bool forwardish(int side, int d) { return side == 0 ? DY[d] == 1 : DY[d] == -1; }
}  // namespace

Position start_position() {
  Position p;
  p.stack[4] = 12;        // e1
  p.stack[7 * 8 + 3] = -12;  // d8
  return p;
}

int legal_moves(const Position& p, Move* out) {
  const int sign = p.side == 0 ? 1 : -1;
  int count = 0;
  for (int c = 0; c < 64; ++c) {
    int h = p.stack[c] * sign;
    if (h <= 0) continue;
    int x = c % 8, y = c / 8;
    for (int n = 1; n <= h; ++n) {
      bool off = false;
      for (int d = 0; d < 8; ++d) {
        bool orth = DX[d] == 0 || DY[d] == 0;
        if (orth && n % 2) continue;
        int tx = x + n * DX[d], ty = y + n * DY[d];
        if (tx < 0 || tx > 7 || ty < 0 || ty > 7) {
          if (forwardish(p.side, d)) off = true;
          continue;
        }
        int t = ty * 8 + tx, there = p.stack[t] * sign;
        if (there >= 0) {
          if (forwardish(p.side, d)) out[count++] = {int8_t(c), int8_t(t), int8_t(n)};
        } else if (-there <= n) {
          out[count++] = {int8_t(c), int8_t(t), int8_t(n)};
        }
      }
      if (off) out[count++] = {int8_t(c), -1, int8_t(n)};
    }
  }
  return count;
}

void play(Position& p, const Move& m) {
  const int sign = p.side == 0 ? 1 : -1;
  if (m.from >= 0) {
    p.stack[m.from] = int8_t(p.stack[m.from] - sign * m.n);
    if (m.to >= 0) {
      if (p.stack[m.to] * sign < 0) p.stack[m.to] = 0;  // captured: leaves play
      p.stack[m.to] = int8_t(p.stack[m.to] + sign * m.n);
    }
  }
  p.side = 1 - p.side;
}

int winner(const Position& p) {
  int white = 0, black = 0;
  for (int8_t s : p.stack) (s > 0 ? white : black) += std::abs(s);
  if (white == 0) return 1;
  if (black == 0) return 0;
  return -1;
}

uint64_t perft(const Position& p, int depth) {
  std::vector<Move> moves(64 * 12 * 9);
  int n = legal_moves(p, moves.data());
  if (n == 0) moves[n++] = {-1, -1, 0};  // pass
  if (depth == 1) return static_cast<uint64_t>(n);
  uint64_t total = 0;
  for (int i = 0; i < n; ++i) {
    Position q = p;
    play(q, moves[i]);
    if (winner(q) < 0) total += perft(q, depth - 1);
  }
  return total;
}

int playout(boardlab::Rng& rng, int max_plies) {
  Position p = start_position();
  static Move moves[64 * 12 * 9];
  int plies = 0;
  while (plies < max_plies) {
    int n = legal_moves(p, moves);
    Move m = n ? moves[rng.below(static_cast<uint32_t>(n))] : Move{-1, -1, 0};
    play(p, m);
    ++plies;
    if (winner(p) >= 0) break;
  }
  return plies;
}

}  // namespace handwritten_dipole
