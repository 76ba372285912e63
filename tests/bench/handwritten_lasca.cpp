// A hand-written C++ Lasca (benchmark yardstick and test oracle only).
#include "handwritten_lasca.h"

#include <algorithm>

#include "handwritten_common.h"

namespace handwritten_lasca {

namespace {

const int DX[4] = {1, -1, 1, -1}, DY[4] = {1, 1, -1, -1};  // ne, nw (north), se, sw

int step(int cell, int d, int k) {
  const int x = cell % 7 + k * DX[d], y = cell / 7 + k * DY[d];
  return x < 0 || x > 6 || y < 0 || y > 6 ? -1 : y * 7 + x;
}
int owner(uint8_t piece) { return piece == kEmpty ? -1 : piece <= kWhiteOfficer ? 0 : 1; }
bool officer(uint8_t piece) { return piece == kWhiteOfficer || piece == kBlackOfficer; }
bool may_go(uint8_t commander, int d) { return officer(commander) || (DY[d] == 1) == (owner(commander) == 0); }
uint8_t top(const Position& p, int c) { return p.height[c] ? p.col[c][p.height[c] - 1] : uint8_t{kEmpty}; }
bool far_rank(uint8_t commander, int cell) {
  return !officer(commander) && cell / 7 == (owner(commander) == 0 ? 6 : 0);
}

struct Search {
  const Position& p;
  Move* out;
  int count = 0;
  Move m;  // the chain being explored
  uint8_t commander = kEmpty;

  // Jumps on from `cell`; true if any.
  bool jumps(int cell) {
    bool any = false;
    for (int d = 0; d < 4; ++d) {
      if (!may_go(commander, d)) continue;
      const int over = step(cell, d, 1), land = step(cell, d, 2);
      if (land < 0 || p.height[over] == 0 || owner(top(p, over)) == p.side) continue;
      if (p.height[land] != 0 && land != m.from) continue;
      if (std::find(m.jumped, m.jumped + m.njumped, over) != m.jumped + m.njumped) continue;
      any = true;
      m.jumped[m.njumped++] = static_cast<int8_t>(over);
      m.to = static_cast<int8_t>(land);
      m.promotes = far_rank(commander, land);
      if (m.promotes || !jumps(land)) out[count++] = m;
      --m.njumped;
    }
    return any;
  }
};

}  // namespace

Position start_position() {
  Position p;
  for (int c = 0; c < kCells; ++c) {
    if ((c % 7 + c / 7) % 2) continue;
    if (c / 7 <= 2) p.height[c] = 1, p.col[c][0] = kWhiteSoldier;
    if (c / 7 >= 4) p.height[c] = 1, p.col[c][0] = kBlackSoldier;
  }
  return p;
}

int legal_moves(const Position& p, Move* out) {
  Search s{p, out, 0, Move{}, kEmpty};
  for (int c = 0; c < kCells; ++c) {
    if (p.height[c] == 0 || owner(top(p, c)) != p.side) continue;
    s.m = Move{};
    s.m.from = static_cast<int8_t>(c);
    s.commander = top(p, c);
    s.jumps(c);
  }
  if (s.count) return s.count;
  for (int c = 0; c < kCells; ++c) {
    if (p.height[c] == 0 || owner(top(p, c)) != p.side) continue;
    for (int d = 0; d < 4; ++d) {
      const int to = step(c, d, 1);
      if (to < 0 || !may_go(top(p, c), d) || p.height[to] != 0) continue;
      Move m;
      m.from = static_cast<int8_t>(c), m.to = static_cast<int8_t>(to), m.promotes = far_rank(top(p, c), to);
      out[s.count++] = m;
    }
  }
  return s.count;
}

void play(Position& p, const Move& m) {
  uint8_t column[kCap];
  int h = p.height[m.from];
  std::copy(p.col[m.from], p.col[m.from] + h, column);
  p.height[m.from] = 0;
  for (int i = 0; i < m.njumped; ++i) {  // each prisoner goes under the column: the last lowest
    const int over = m.jumped[i];
    std::copy_backward(column, column + h, column + h + 1);
    column[0] = p.col[over][--p.height[over]];
    ++h;
  }
  if (m.promotes) column[h - 1] = column[h - 1] == kWhiteSoldier ? kWhiteOfficer : kBlackOfficer;
  std::copy(column, column + h, p.col[m.to]);
  p.height[m.to] = static_cast<uint8_t>(h);
  p.side = 1 - p.side;
}

uint64_t perft(const Position& p, int depth) {
  return handwritten::perft<Move>(p, depth, kMaxMoves, legal_moves, play);
}

int playout(boardlab::Rng& rng, int max_plies) {
  return handwritten::random_playout<Move, kMaxMoves>(start_position(), rng, max_plies, legal_moves,
                                                      [](Position& p, const Move& m) { return play(p, m), false; });
}

}  // namespace handwritten_lasca
