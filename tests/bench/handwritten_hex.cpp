// A hand-written C++ Hex (benchmark yardstick and test oracle only).
#include "handwritten_hex.h"

#include "handwritten_common.h"

namespace handwritten_hex {

namespace {
int find(Position& p, int a) {
  while (p.parent[a] != a) a = p.parent[a] = p.parent[p.parent[a]];  // path halving
  return a;
}
void unite(Position& p, int a, int b) { p.parent[find(p, a)] = static_cast<int16_t>(find(p, b)); }

// Puts a stone of `side` on `cell` and joins it to its like neighbours and its edges.
void place(Position& p, int cell, int side) {
  p.board[cell] = static_cast<int8_t>(side + 1);
  ++p.stones[side];
  const int x = cell % kSize, y = cell / kSize;
  static constexpr int kDx[6] = {1, -1, 0, 0, 1, -1}, kDy[6] = {0, 0, 1, -1, -1, 1};
  for (int d = 0; d < 6; ++d) {
    const int nx = x + kDx[d], ny = y + kDy[d];
    if (nx >= 0 && nx < kSize && ny >= 0 && ny < kSize && p.board[ny * kSize + nx] == side + 1) unite(p, cell, ny * kSize + nx);
  }
  if (side == 0 && y == 0) unite(p, cell, kCells);
  if (side == 0 && y == kSize - 1) unite(p, cell, kCells + 1);
  if (side == 1 && x == 0) unite(p, cell, kCells + 2);
  if (side == 1 && x == kSize - 1) unite(p, cell, kCells + 3);
}
bool joined(Position& p, int side) { return find(p, kCells + 2 * side) == find(p, kCells + 2 * side + 1); }
}  // namespace

Position::Position() {
  for (int i = 0; i < kCells + 4; ++i) parent[i] = static_cast<int16_t>(i);
}

Position set_up(const int8_t* board, int side) {
  Position p;
  for (int c = 0; c < kCells; ++c)
    if (board[c]) place(p, c, board[c] - 1);
  p.side = side;
  return p;
}

int legal_moves(const Position& p, int* moves) {
  int n = 0;
  for (int c = 0; c < kCells; ++c)
    if (p.board[c] == 0) moves[n++] = c;
  if (p.side == 1 && p.stones[0] == 1 && p.stones[1] == 0) moves[n++] = kSwap;
  return n;
}

bool play(Position& p, int move) {
  const int me = p.side;
  if (move == kSwap) {
    // Red's one stone becomes Blue's on the mirror cell: rebuilt from scratch (once a game).
    int red = 0;
    while (p.board[red] != 1) ++red;
    Position q;
    place(q, (red % kSize) * kSize + red / kSize, 1);
    q.side = me;
    p = q;
  } else {
    place(p, move, me);
  }
  const bool won = joined(p, me);
  p.side = 1 - me;
  return won;
}

int playout(boardlab::Rng& rng, int max_plies) {
  return handwritten::random_playout<int, kCells + 1>(Position{}, rng, max_plies, legal_moves, play);
}

}  // namespace handwritten_hex
