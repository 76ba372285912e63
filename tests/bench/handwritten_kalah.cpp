// A hand-written C++ Kalah (benchmark yardstick and test oracle only).
#include "handwritten_kalah.h"

#include "handwritten_common.h"

namespace handwritten_kalah {

namespace {
constexpr int kStore[2] = {6, 13};
int first_pit(int side) { return side == 0 ? 0 : 7; }
bool empty_row(const Position& p, int side) {
  for (int i = first_pit(side); i < first_pit(side) + 6; ++i)
    if (p.seeds[i]) return false;
  return true;
}
}  // namespace

Position start_position(int seeds) {
  Position p;
  for (int i = 0; i < 14; ++i)
    if (i != 6 && i != 13) p.seeds[i] = static_cast<uint8_t>(seeds);
  return p;
}

int legal_moves(const Position& p, int* pits) {
  int n = 0;
  if (p.over) return 0;
  for (int i = first_pit(p.side); i < first_pit(p.side) + 6; ++i)
    if (p.seeds[i]) pits[n++] = i;
  return n;
}

bool play(Position& p, int pit) {
  const int me = p.side, skip = kStore[1 - me];
  int left = p.seeds[pit], at = pit;
  p.seeds[pit] = 0;
  while (left > 0) {
    at = at == 13 ? 0 : at + 1;
    if (at == skip) continue;
    ++p.seeds[at], --left;
  }
  const bool mine = at >= first_pit(me) && at < first_pit(me) + 6;
  if (mine && p.seeds[at] == 1 && p.seeds[12 - at] > 0) {
    p.seeds[kStore[me]] = static_cast<uint8_t>(p.seeds[kStore[me]] + 1 + p.seeds[12 - at]);
    p.seeds[at] = p.seeds[12 - at] = 0;
  }
  // The last seed in the mover's store: the mover moves again, even when the move ends the game.
  if (at != kStore[me]) p.side = 1 - me;
  if (empty_row(p, 0) || empty_row(p, 1)) {
    for (int s = 0; s < 2; ++s)
      for (int i = first_pit(s); i < first_pit(s) + 6; ++i) p.seeds[kStore[s]] = static_cast<uint8_t>(p.seeds[kStore[s]] + p.seeds[i]), p.seeds[i] = 0;
    return p.over = true;
  }
  return false;
}

int playout(boardlab::Rng& rng, int max_plies) {
  return handwritten::random_playout<int, 6>(start_position(), rng, max_plies, legal_moves, play);
}

}  // namespace handwritten_kalah
