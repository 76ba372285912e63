// A hand-written C++ Dablot Prejjesne (benchmark yardstick and test oracle only).
#include "handwritten_dablot.h"

#include "handwritten_common.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace handwritten_dablot {

namespace {

// n, ne, e, se, s, sw, w, nw in doubled coordinates; centres use the diagonals only.
const int DX[8] = {0, 1, 2, 1, 0, -1, -2, -1}, DY[8] = {2, 1, 0, -1, -2, -1, 0, 1};

bool is_point(int x, int y) { return x >= 0 && x <= 10 && y >= 0 && y <= 12 && x % 2 == y % 2; }
bool has_step(int cell, int d) { return cell % 11 % 2 == 0 || d % 2 == 1; }  // a centre: diagonals only

// The point k steps from `cell` along direction d, or -1.
int along(int cell, int d, int k) {
  const int x = cell % 11 + k * DX[d], y = cell / 11 + k * DY[d];
  return is_point(x, y) ? y * 11 + x : -1;
}

void set_bit(std::array<uint64_t, 3>& m, int c) { m[static_cast<size_t>(c / 64)] |= uint64_t{1} << (c % 64); }
bool has_bit(const std::array<uint64_t, 3>& m, int c) { return m[static_cast<size_t>(c / 64)] >> (c % 64) & 1; }

struct Search {
  const Position& p;
  Move* out;
  int count = 0, from = 0, piece = 0;

  void add(int to, const std::array<uint64_t, 3>& captured) {
    for (int i = 0; i < count; ++i)  // the same start, end and jumped cells: one move
      if (out[i].from == from && out[i].to == to && out[i].captured == captured) return;
    out[count++] = {int16_t(from), int16_t(to), captured};
  }

  bool jumps(int cell, std::array<uint64_t, 3> captured) {
    bool any = false;
    for (int d = 0; d < 8; ++d) {
      if (!has_step(cell, d)) continue;
      const int over = along(cell, d, 1), land = along(cell, d, 2);
      if (land < 0 || has_bit(captured, over)) continue;
      const int victim = p.board[over];
      if (victim * piece >= 0 || std::abs(victim) > std::abs(piece)) continue;  // own, empty, or higher
      if (p.board[land] != 0 && land != from) continue;
      any = true;
      auto now = captured;
      set_bit(now, over);
      if (!jumps(land, now)) add(land, now);
    }
    return any;
  }
};

}  // namespace

Position start_position() {
  Position p;
  for (int c = 0; c < kCells; ++c) {
    const int x = c % 11, y = c / 11;
    if (!is_point(x, y)) continue;
    if (y <= 4) p.board[c] = 1;
    if (y >= 8) p.board[c] = -1;
  }
  p.board[5 * 11 + 9] = 2;    // j6: the white prince
  p.board[6 * 11 + 10] = 3;   // k7: the white king
  p.board[7 * 11 + 1] = -2;   // b8: the black prince
  p.board[6 * 11 + 0] = -3;   // a7: the black king
  return p;
}

int legal_moves(const Position& p, Move* out) {
  const int sign = p.side == 0 ? 1 : -1;
  Search s{p, out};
  for (int c = 0; c < kCells; ++c) {
    if (p.board[c] * sign <= 0) continue;
    s.from = c, s.piece = p.board[c];
    s.jumps(c, {});
  }
  if (s.count) return s.count;
  for (int c = 0; c < kCells; ++c) {
    if (p.board[c] * sign <= 0) continue;
    for (int d = 0; d < 8; ++d) {
      if (!has_step(c, d)) continue;
      const int t = along(c, d, 1);
      if (t >= 0 && p.board[t] == 0) out[s.count++] = {int16_t(c), int16_t(t), {}};
    }
  }
  return s.count;
}

void play(Position& p, const Move& m) {
  const int8_t piece = p.board[m.from];
  p.board[m.from] = 0;
  for (int c = 0; c < kCells; ++c)
    if (has_bit(m.captured, c)) p.board[c] = 0;
  p.board[m.to] = piece;
  p.side = 1 - p.side;
}

uint64_t perft(const Position& p, int depth) { return handwritten::perft<Move>(p, depth, kMaxMoves, legal_moves, play); }

int playout(boardlab::Rng& rng, int max_plies) {
  Position p = start_position();
  static Move moves[kMaxMoves];
  static handwritten::DrawWatch<Position> draws(120);  // 120 plies without a capture
  draws.start(p);
  int plies = 0;
  while (plies < max_plies) {
    const int n = legal_moves(p, moves);
    if (n == 0) break;  // the side to move loses
    const Move& m = moves[rng.below(static_cast<uint32_t>(n))];
    const bool capture = m.captured[0] | m.captured[1] | m.captured[2];
    play(p, m);
    ++plies;
    int pieces[2] = {0, 0}, kings = 0;
    for (int8_t c : p.board) {
      if (c) ++pieces[c > 0 ? 0 : 1];
      kings += std::abs(c) == 3;
    }
    if (!pieces[0] || !pieces[1]) break;                       // no piece left: a loss
    if (pieces[0] == 1 && pieces[1] == 1 && kings == 2) break;  // the two kings: a draw
    if (draws.drawn_after(p, capture)) break;
  }
  return plies;
}

}  // namespace handwritten_dablot
