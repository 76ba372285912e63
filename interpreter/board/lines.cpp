// Connection by breadth-first search, lines by walking rays (lines.h). Keep in step with
// scripts/lib/queries.lua: checking mode compares every answer.
#include "board/lines.h"

#include <algorithm>
#include <array>

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

namespace {
// A new stamp for a search: every cell whose seen[] holds it was queued in this search.
uint32_t next_stamp(const Board& b, ConnectScratch& scratch) {
  auto& seen = scratch.seen;
  if (seen.size() != static_cast<size_t>(b.ncells)) seen.assign(static_cast<size_t>(b.ncells), 0), scratch.stamp = 0;
  if (++scratch.stamp == 0) std::fill(seen.begin(), seen.end(), 0), scratch.stamp = 1;
  return scratch.stamp;
}
}  // namespace

bool connected(const Board& b, const int8_t* owner, int player, const uint8_t* from, const uint8_t* to,
               const uint8_t* dirs, ConnectScratch& scratch) {
  auto& seen = scratch.seen;
  auto& queue = scratch.queue;
  const uint32_t stamp = next_stamp(b, scratch);
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

bool group_touches(const Board& b, const int8_t* owner, int player, const int16_t* starts, int n, const uint8_t* sets,
                   uint8_t need, ConnectScratch& scratch) {
  auto& seen = scratch.seen;
  auto& queue = scratch.queue;
  const uint32_t stamp = next_stamp(b, scratch);
  const int ndirs = b.ndirs();
  for (int i = 0; i < n; ++i) {
    const int start = starts[i];
    if (owner[start] != player || seen[static_cast<size_t>(start)] == stamp) continue;
    // One group, flooded from `start`: the sets its cells lie in.
    uint8_t touched = sets[start];
    seen[static_cast<size_t>(start)] = stamp;
    queue.clear();
    queue.push_back(static_cast<int16_t>(start));
    for (size_t q = 0; q < queue.size() && touched != need; ++q) {
      const int c = queue[q];
      for (int d = 0; d < ndirs; ++d) {
        const int t = next_cell(b, c, d);
        if (t < 0 || owner[t] != player || seen[static_cast<size_t>(t)] == stamp) continue;
        touched |= sets[t];
        seen[static_cast<size_t>(t)] = stamp;
        queue.push_back(static_cast<int16_t>(t));
      }
    }
    if ((touched & need) == need) return true;
  }
  return false;
}

StepShifts step_shifts(const Board& b) {
  StepShifts sh;
  const int words = (b.ncells + 63) / 64;
  if (words > kMaxShiftWords || b.max_ray < 1) return sh;
  sh.offset.assign(static_cast<size_t>(b.ndirs()), 0);
  sh.from.assign(static_cast<size_t>(b.ndirs() * words), 0);
  for (int d = 0; d < b.ndirs(); ++d) {
    bool seen = false;
    for (int c = 0; c < b.ncells; ++c) {
      const int t = b.ray(c, d, 1);
      if (t < 0) continue;
      if (!seen) sh.offset[static_cast<size_t>(d)] = t - c, seen = true;
      if (t - c != sh.offset[static_cast<size_t>(d)] || t == c) return StepShifts{};
      sh.from[static_cast<size_t>(d * words + c / 64)] |= uint64_t{1} << (c % 64);
    }
  }
  sh.words = words;
  return sh;
}

bool group_touches_bits(const StepShifts& sh, const uint64_t* owned, const int16_t* starts, int n, const uint64_t* sets,
                        int nsets) {
  const int words = sh.words, ndirs = static_cast<int>(sh.offset.size());
  std::array<uint64_t, kMaxShiftWords> flooded{}, group, grown, edge;
  for (int i = 0; i < n; ++i) {
    const int start = starts[i];
    const uint64_t bit = uint64_t{1} << (start % 64);
    if (!(owned[start / 64] & bit) || (flooded[static_cast<size_t>(start / 64)] & bit)) continue;
    group.fill(0);
    group[static_cast<size_t>(start / 64)] = bit;
    // Grown by one step along every direction at a time, within the player's cells, until
    // it stops growing.
    for (bool growing = true; growing;) {
      grown = group;
      for (int d = 0; d < ndirs; ++d) {
        const uint64_t* from = &sh.from[static_cast<size_t>(d * words)];
        for (int w = 0; w < words; ++w) edge[static_cast<size_t>(w)] = group[static_cast<size_t>(w)] & from[w];
        or_shifted(grown.data(), edge.data(), sh.offset[static_cast<size_t>(d)], words);
      }
      growing = false;
      for (int w = 0; w < words; ++w) {
        const uint64_t g = grown[static_cast<size_t>(w)] & owned[w];
        growing |= g != group[static_cast<size_t>(w)];
        group[static_cast<size_t>(w)] = g;
      }
    }
    bool all = true;
    for (int k = 0; k < nsets && all; ++k) {
      uint64_t meet = 0;
      for (int w = 0; w < words; ++w) meet |= group[static_cast<size_t>(w)] & sets[k * words + w];
      all = meet != 0;
    }
    if (all) return true;
    for (int w = 0; w < words; ++w) flooded[static_cast<size_t>(w)] |= group[static_cast<size_t>(w)];
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
