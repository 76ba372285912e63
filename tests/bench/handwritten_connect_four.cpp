// A hand-written C++ Connect Four (benchmark yardstick and test oracle only).
#include "handwritten_connect_four.h"

#include "handwritten_common.h"

namespace handwritten_connect_four {

namespace {
// Four in a row in `b`: for each direction's shift, two doubling steps (the spare bit per
// column keeps lines from wrapping round).
bool four(uint64_t b) {
  for (const int shift : {1, kHeight, kHeight - 1, kHeight + 1}) {  // up, across, the diagonals
    const uint64_t two = b & (b >> shift);
    if (two & (two >> (2 * shift))) return true;
  }
  return false;
}
}  // namespace

int legal_moves(const Position& p, int* columns) {
  int n = 0;
  for (int c = 0; c < kColumns; ++c)
    if (p.height[c] < kRows) columns[n++] = c;
  return n;
}

bool play(Position& p, int column) {
  p.discs[p.side] |= uint64_t{1} << (column * kHeight + p.height[column]++);
  const bool won = four(p.discs[p.side]);
  p.side = 1 - p.side;
  return won;
}

int playout(boardlab::Rng& rng, int max_plies) {
  // A full board leaves no move: the playout stops there, a draw.
  return handwritten::random_playout<int, kColumns>(Position{}, rng, max_plies, legal_moves, play);
}

}  // namespace handwritten_connect_four
