// Connection by breadth-first search, lines by walking rays (lines.h). Keep in step with
// scripts/lib/queries.lua: checking mode compares every answer.
#include "board/lines.h"

#include <algorithm>

namespace boardlab {

namespace {

// The cell one step along `dir` from `cell`, or a negative sentinel.
inline int next_cell(const Board& b, int cell, int dir) { return b.max_ray >= 1 ? b.ray(cell, dir, 1) : kNoCell; }

// How many cells of `who` follow `cell` along `dir` without a break (a reflecting edge that
// leads back to `cell` ends the run).
int run(const Board& b, const int8_t* owner, int cell, int dir, int who) {
  int n = 0;
  for (int k = 1; k <= b.max_ray; ++k) {
    const int t = b.ray(cell, dir, k);
    if (t < 0 || t == cell || owner[t] != who) break;
    ++n;
  }
  return n;
}

}  // namespace

bool connected(const Board& b, const int8_t* owner, int player, const uint8_t* from, const uint8_t* to,
               const uint8_t* dirs, ConnectScratch& scratch) {
  auto& seen = scratch.seen;
  auto& queue = scratch.queue;
  if (seen.size() != static_cast<size_t>(b.ncells)) seen.assign(static_cast<size_t>(b.ncells), 0), scratch.stamp = 0;
  if (++scratch.stamp == 0) std::fill(seen.begin(), seen.end(), 0), scratch.stamp = 1;
  const uint32_t stamp = scratch.stamp;
  queue.clear();
  for (int c = 0; c < b.ncells; ++c)
    if (from[c] && owner[c] == player) {
      if (to[c]) return true;
      seen[static_cast<size_t>(c)] = stamp;
      queue.push_back(static_cast<int16_t>(c));
    }
  for (size_t i = 0; i < queue.size(); ++i) {
    const int c = queue[i];
    for (int d = 0; d < b.ndirs(); ++d) {
      if (dirs && !dirs[d]) continue;
      const int t = next_cell(b, c, d);
      if (t < 0 || owner[t] != player || seen[static_cast<size_t>(t)] == stamp) continue;
      if (to[t]) return true;
      seen[static_cast<size_t>(t)] = stamp;
      queue.push_back(static_cast<int16_t>(t));
    }
  }
  return false;
}

int line_through(const Board& b, const int8_t* owner, int cell, int dir) {
  const int who = owner[cell];
  if (who < 0) return 0;
  const int back = b.opposite[static_cast<size_t>(dir)];
  return 1 + run(b, owner, cell, dir, who) + (back >= 0 ? run(b, owner, cell, back, who) : 0);
}

int longest_line(const Board& b, const int8_t* owner, int player, const uint8_t* dirs) {
  int best = 0;
  for (int c = 0; c < b.ncells; ++c) {
    if (owner[c] != player) continue;
    best = std::max(best, 1);
    for (int d = 0; d < b.ndirs(); ++d) {
      if (dirs && !dirs[d]) continue;
      // Only from the run's first cell: the cell behind it is not the player's.
      if (const int back = b.opposite[static_cast<size_t>(d)]; back >= 0) {
        const int t = next_cell(b, c, back);
        if (t >= 0 && t != c && owner[t] == player) continue;
      }
      best = std::max(best, 1 + run(b, owner, c, d, player));
    }
  }
  return best;
}

}  // namespace boardlab
