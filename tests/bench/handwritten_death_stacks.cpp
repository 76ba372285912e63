// A hand-written Death Stacks random playout (benchmark yardstick only).
#include "handwritten_death_stacks.h"

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
    p.height[5 * N + f] = p.height[f] = 2;
    p.pieces[5 * N + f][0] = p.pieces[5 * N + f][1] = 0;
    p.pieces[f][0] = p.pieces[f][1] = 1;
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
  for (int i = 0; i < m.k; ++i) p.pieces[m.to][ht + i] = p.pieces[m.from][hf - m.k + i];
  p.height[m.from] = static_cast<uint8_t>(hf - m.k);
  p.height[m.to] = static_cast<uint8_t>(ht + m.k);
  p.side = 1 - p.side;
}

uint64_t perft(const Position& p, int depth) {
  std::vector<Move> moves(CELLS * CAP * 8);
  int n = legal_moves(p, moves.data());
  if (depth == 1) return static_cast<uint64_t>(n);
  uint64_t total = 0;
  for (int i = 0; i < n; ++i) {
    Position q = p;
    play(q, moves[i]);
    total += perft(q, depth - 1);
  }
  return total;
}

PlayoutResult death_stacks_playout(boardlab::Rng& rng, int max_plies) {
  uint8_t height[CELLS] = {};
  uint8_t pieces[CELLS][CAP] = {};  // 0 red, 1 black
  uint64_t hash = 0;
  for (int f = 0; f < N; ++f) {
    for (int l = 0; l < 2; ++l) {
      pieces[5 * N + f][l] = 0;
      pieces[f][l] = 1;
      hash ^= T.z[5 * N + f][l][0] ^ T.z[f][l][1];
    }
    height[5 * N + f] = height[f] = 2;
  }
  static Seen seen;
  seen.clear();
  seen.add(hash);
  int side = 0;
  Move moves[CELLS * CAP * 8];
  PlayoutResult r;
  for (; r.plies < max_plies; ++r.plies) {
    bool too_tall = false;
    for (int c = 0; c < CELLS; ++c)
      if (height[c] > MAX_H && pieces[c][height[c] - 1] == side) too_tall = true;
    int n = 0;
    for (int c = 0; c < CELLS; ++c) {
      int h = height[c];
      if (!h || pieces[c][h - 1] != side) continue;
      int kmin = too_tall ? (h > MAX_H ? h - MAX_H : h + 1) : 1;
      for (int k = kmin; k <= h; ++k) {
        uint64_t used = 0;
        for (int d = 0; d < 8; ++d) {
          int t = T.target[c][k][d];
          if (t == c || (used >> t & 1)) continue;
          used |= uint64_t{1} << t;
          moves[n++] = {static_cast<int8_t>(c), static_cast<int8_t>(t), static_cast<int8_t>(k)};
        }
      }
    }
    if (n == 0) {
      r.winner = 1 - side;
      return r;
    }
    const Move m = moves[rng.below(static_cast<uint32_t>(n))];
    int hf = height[m.from], ht = height[m.to];
    for (int i = 0; i < m.k; ++i) {
      uint8_t p = pieces[m.from][hf - m.k + i];
      hash ^= T.z[m.from][hf - m.k + i][p] ^ T.z[m.to][ht + i][p];
      pieces[m.to][ht + i] = p;
    }
    height[m.from] = static_cast<uint8_t>(hf - m.k);
    height[m.to] = static_cast<uint8_t>(ht + m.k);
    side = 1 - side;
    if (seen.add(hash) >= 3) {
      ++r.plies;
      return r;
    }
  }
  return r;
}

}  // namespace handwritten
