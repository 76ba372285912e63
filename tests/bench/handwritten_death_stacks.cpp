// A hand-written Death Stacks random playout (benchmark yardstick only).
#include "handwritten_death_stacks.h"

#include "handwritten_common.h"

#include <array>
#include <cstring>
#include <vector>

namespace handwritten {

namespace {

constexpr int N = 6, CELLS = 36, CAP = 24, MAX_H = 4;

struct Tables {
  // target[cell][k][dir] with reflection off the walls.
  int8_t target[CELLS][CAP + 1][8];
  uint64_t z[CELLS][CAP][2];
  Tables() {
    const int dx[8] = {0, 1, 1, 1, 0, -1, -1, -1}, dy[8] = {1, 1, 0, -1, -1, -1, 0, 1};
    auto fold = [](int v) {
      int m = ((v % 10) + 10) % 10;
      return m <= 5 ? m : 10 - m;
    };
    for (int c = 0; c < CELLS; ++c)
      for (int k = 0; k <= CAP; ++k)
        for (int d = 0; d < 8; ++d)
          target[c][k][d] = static_cast<int8_t>(fold(c / N + k * dy[d]) * N + fold(c % N + k * dx[d]));
    boardlab::Rng r(12345);
    for (auto& a : z)
      for (auto& b : a)
        for (auto& w : b) w = r.next();
  }
};
const Tables T;


// A small open-addressing multiset of board hashes for the repetition rule.
class Seen {
 public:
  void clear() {
    keys_.fill(0);
    counts_.fill(0);
  }
  int add(uint64_t key) {
    size_t i = key & (keys_.size() - 1);
    while (counts_[i] && keys_[i] != key) i = (i + 1) & (keys_.size() - 1);
    keys_[i] = key;
    return ++counts_[i];
  }

 private:
  std::array<uint64_t, 4096> keys_{};
  std::array<uint16_t, 4096> counts_{};
};

}  // namespace

Position start_position() {
  Position p;
  for (int f = 0; f < N; ++f) {
    for (int l = 0; l < 2; ++l) {
      p.pieces[5 * N + f][l] = 0;
      p.pieces[f][l] = 1;
      p.hash ^= T.z[5 * N + f][l][0] ^ T.z[f][l][1];
    }
    p.height[5 * N + f] = p.height[f] = 2;
  }
  return p;
}

int legal_moves(const Position& p, Move* out) {
  bool too_tall = false;
  for (int c = 0; c < CELLS; ++c)
    if (p.height[c] > MAX_H && p.pieces[c][p.height[c] - 1] == p.side) too_tall = true;
  int n = 0;
  for (int c = 0; c < CELLS; ++c) {
    int h = p.height[c];
    if (!h || p.pieces[c][h - 1] != p.side) continue;
    int kmin = too_tall ? (h > MAX_H ? h - MAX_H : h + 1) : 1;
    for (int k = kmin; k <= h; ++k) {
      uint64_t used = 0;
      for (int d = 0; d < 8; ++d) {
        int t = T.target[c][k][d];
        if (t == c || (used >> t & 1)) continue;
        used |= uint64_t{1} << t;
        out[n++] = {static_cast<int8_t>(c), static_cast<int8_t>(t), static_cast<int8_t>(k)};
      }
    }
  }
  return n;
}

void play(Position& p, const Move& m) {
  int hf = p.height[m.from], ht = p.height[m.to];
  for (int i = 0; i < m.k; ++i) {
    uint8_t piece = p.pieces[m.from][hf - m.k + i];
    p.hash ^= T.z[m.from][hf - m.k + i][piece] ^ T.z[m.to][ht + i][piece];
    p.pieces[m.to][ht + i] = piece;
  }
  p.height[m.from] = static_cast<uint8_t>(hf - m.k);
  p.height[m.to] = static_cast<uint8_t>(ht + m.k);
  p.side = 1 - p.side;
}

uint64_t perft(const Position& p, int depth) { return handwritten::perft<Move>(p, depth, CELLS * CAP * 8, legal_moves, play); }

PlayoutResult death_stacks_playout(boardlab::Rng& rng, int max_plies) {
  Position p = start_position();
  static Seen seen;
  seen.clear();
  seen.add(p.hash);
  Move moves[CELLS * CAP * 8];
  PlayoutResult r;
  for (; r.plies < max_plies; ++r.plies) {
    int n = legal_moves(p, moves);
    if (n == 0) {
      r.winner = 1 - p.side;
      return r;
    }
    play(p, moves[rng.below(static_cast<uint32_t>(n))]);
    if (seen.add(p.hash) >= 3) {
      ++r.plies;
      return r;
    }
  }
  return r;
}

}  // namespace handwritten
