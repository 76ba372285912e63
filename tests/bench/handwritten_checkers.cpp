// A hand-written C++ English checkers (benchmark yardstick and test oracle only).
#include "handwritten_checkers.h"

#include "handwritten_common.h"

#include <algorithm>
#include <vector>

namespace handwritten_checkers {

namespace {

// The four diagonals: ne, nw (white men's), se, sw (black men's); then (Double Draughts'
// kings) n, s, e, w.
const int DX[8] = {1, -1, 1, -1, 0, 0, 1, -1}, DY[8] = {1, 1, -1, -1, 1, -1, 0, 0};

int step(int cell, int d, int k) {
  const int x = cell % 8 + k * DX[d], y = cell / 8 + k * DY[d];
  return x < 0 || x > 7 || y < 0 || y > 7 ? -1 : y * 8 + x;
}

bool may_go(int piece, int d) {  // men diagonally forward only
  if (piece == 1) return d < 4 && DY[d] == 1;
  if (piece == -1) return d < 4 && DY[d] == -1;
  return true;
}

bool far_rank(int piece, int cell) { return (piece == 1 && cell / 8 == 7) || (piece == -1 && cell / 8 == 0); }

struct Search {
  const Position& p;
  Move* out;
  int ndirs = 4;
  int count = 0;
  int from = 0, piece = 0;

  void add(int to, uint64_t captured, bool crowns) {
    for (int i = 0; i < count; ++i)  // the same start, end and jumped cells: one move
      if (out[i].from == from && out[i].to == to && out[i].captured == captured) return;
    out[count++] = {int8_t(from), int8_t(to), crowns, captured};
  }

  // Jumps on from `cell` with `captured` taken so far; true if any.
  bool jumps(int cell, uint64_t captured) {
    bool any = false;
    for (int d = 0; d < ndirs; ++d) {
      if (!may_go(piece, d)) continue;
      const int over = step(cell, d, 1), land = step(cell, d, 2);
      if (land < 0 || (captured >> over & 1)) continue;
      if (p.board[over] * piece >= 0) continue;  // empty or own
      if (p.board[land] != 0 && land != from) continue;
      any = true;
      const uint64_t now = captured | uint64_t{1} << over;
      if (far_rank(piece, land)) add(land, now, true);
      else if (!jumps(land, now)) add(land, now, false);
    }
    return any;
  }
};

}  // namespace

Position start_position(bool double_draughts) {
  Position p;
  p.double_draughts = double_draughts;
  for (int c = 0; c < 64; ++c) {
    if (!double_draughts && (c % 8 + c / 8) % 2) continue;
    if (c / 8 <= 2) p.board[c] = 1;
    if (c / 8 >= 5) p.board[c] = -1;
  }
  return p;
}

int legal_moves(const Position& p, Move* out) {
  const int sign = p.side == 0 ? 1 : -1;
  const int ndirs = p.double_draughts ? 8 : 4;
  Search s{p, out, ndirs, 0, 0, 0};
  for (int c = 0; c < 64; ++c) {
    if (p.board[c] * sign <= 0) continue;
    s.from = c, s.piece = p.board[c];
    s.jumps(c, 0);
  }
  if (s.count) return s.count;
  for (int c = 0; c < 64; ++c) {
    if (p.board[c] * sign <= 0) continue;
    for (int d = 0; d < ndirs; ++d) {
      const int t = step(c, d, 1);
      if (t >= 0 && may_go(p.board[c], d) && p.board[t] == 0) out[s.count++] = {int8_t(c), int8_t(t), far_rank(p.board[c], t), 0};
    }
  }
  return s.count;
}

void play(Position& p, const Move& m) {
  int8_t piece = p.board[m.from];
  p.board[m.from] = 0;
  for (uint64_t c = m.captured; c; c &= c - 1) p.board[__builtin_ctzll(c)] = 0;
  if (m.crowns) piece = static_cast<int8_t>(piece * 2);
  p.board[m.to] = piece;
  p.side = 1 - p.side;
}

uint64_t perft(const Position& p, int depth) { return handwritten::perft<Move>(p, depth, kMaxMoves, legal_moves, play); }

int playout(boardlab::Rng& rng, int max_plies, bool double_draughts) {
  Position p = start_position(double_draughts);
  static Move moves[kMaxMoves];
  static handwritten::DrawWatch<Position> draws(100);  // 100 plies without a capture or a man's move
  draws.start(p);
  int plies = 0;
  while (plies < max_plies) {
    const int n = legal_moves(p, moves);
    if (n == 0) break;  // the side to move loses
    const Move& m = moves[rng.below(static_cast<uint32_t>(n))];
    const bool progress = m.captured || p.board[m.from] == 1 || p.board[m.from] == -1;
    play(p, m);
    ++plies;
    if (draws.drawn_after(p, progress)) break;
  }
  return plies;
}

}  // namespace handwritten_checkers
