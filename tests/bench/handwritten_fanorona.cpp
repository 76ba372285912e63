// A hand-written C++ Fanorona (benchmark yardstick and test oracle only).
#include "handwritten_fanorona.h"

namespace handwritten_fanorona {

namespace {
constexpr int kDx[8] = {0, 1, 1, 1, 0, -1, -1, -1}, kDy[8] = {1, 1, 0, -1, -1, -1, 0, 1};
bool strong(int at) { return (at % kWidth + at / kWidth) % 2 == 0; }
// The point one step from `at` in direction d, or -1 off the board.
int next(int at, int d) {
  const int x = at % kWidth + kDx[d], y = at / kWidth + kDy[d];
  return x < 0 || x >= kWidth || y < 0 || y >= kHeight ? -1 : y * kWidth + x;
}
int back(int d) { return (d + 4) % 8; }

struct Search {
  std::vector<Position>& out;
  int me, them;
  bool chains;

  // Removes the enemy line starting at `at` going in direction d.
  void remove_line(Position& q, int at, int d) const {
    for (; at >= 0 && q.board[at] == them; at = next(at, d)) q.board[at] = 0;
  }
  // Every capturing step of the piece on `from` (not in direction `last`, not onto a point
  // in `visited`), each kept as a move, and the chains going on from each.
  void captures(const Position& p, int from, int last, uint64_t visited) {
    const int dirs = strong(from) ? 8 : 4;
    for (int i = 0; i < dirs; ++i) {
      const int d = strong(from) ? i : 2 * i;  // a weak point's lines are n, e, s, w
      if (d == last) continue;
      const int to = next(from, d);
      if (to < 0 || p.board[to] != 0 || (visited >> to & 1)) continue;
      const int ahead = next(to, d), behind = next(from, back(d));
      for (const int target : {ahead, behind}) {
        if (target < 0 || p.board[target] != them) continue;
        Position q = p;
        q.board[to] = q.board[from], q.board[from] = 0;
        remove_line(q, target, target == ahead ? d : back(d));
        out.push_back(q);
        if (chains) captures(q, to, d, visited | uint64_t{1} << to);
      }
    }
  }
};
}  // namespace

Position start_position() {
  Position p;
  for (int at = 0; at < 2 * kWidth; ++at) p.board[at] = 1, p.board[kPoints - 1 - at] = 2;
  const int8_t middle[kWidth] = {2, 1, 2, 1, 0, 2, 1, 2, 1};  // a3..i3: b w b w . b w b w
  for (int x = 0; x < kWidth; ++x) p.board[2 * kWidth + x] = middle[x];
  return p;
}

void legal_moves(const Position& p, std::vector<Position>& out) {
  out.clear();
  const int me = p.side + 1;
  Search s{out, me, 3 - me, p.ply != 0 || p.side != 0};  // White's first turn (ply 0): one capturing step
  for (int at = 0; at < kPoints; ++at)
    if (p.board[at] == me) s.captures(p, at, -1, uint64_t{1} << at);
  if (!out.empty()) return;
  for (int at = 0; at < kPoints; ++at) {  // no capture: one plain step (paika)
    if (p.board[at] != me) continue;
    for (int i = 0, dirs = strong(at) ? 8 : 4; i < dirs; ++i) {
      const int to = next(at, strong(at) ? i : 2 * i);
      if (to < 0 || p.board[to] != 0) continue;
      Position q = p;
      q.board[to] = q.board[at], q.board[at] = 0;
      out.push_back(q);
    }
  }
}

int playout(boardlab::Rng& rng, int max_plies) {
  static thread_local std::vector<Position> moves;
  Position p = start_position();
  int plies = 0;
  while (plies < max_plies) {
    legal_moves(p, moves);
    if (moves.empty()) break;  // no piece or no move: the side to move loses
    const int side = p.side;
    p = moves[rng.below(static_cast<uint32_t>(moves.size()))];
    p.side = 1 - side, ++p.ply, ++plies;
  }
  return plies;
}

}  // namespace handwritten_fanorona
