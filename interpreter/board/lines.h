// Connection and lines over a board: whether one owner's cells link two sets of cells
// (connection games), and how long a straight run of one owner's cells is (n in a row).
// Plain walks over the ray tables, on an array giving each cell's owner (-1: none), so the
// rules (a definition's results) and scripts (state.connected and the rest, through the
// script host) ask the same code. Their Lua twins are scripts/lib/queries.lua.
#pragma once
#include <cstdint>
#include <vector>

#include "board/board.h"

namespace boardlab {

// Working memory for connected(), reused between calls.
struct ConnectScratch {
  std::vector<int16_t> queue;
  std::vector<uint32_t> seen;  // seen[cell] == stamp: queued in this search
  uint32_t stamp = 0;
};

// Do cells of `player` link a cell of `from` to a cell of `to` (byte masks [cell]), stepping
// one cell along the directions of `dirs` (a byte mask [dir]; NULL: all)? Visits each cell
// once at most: O(cells x directions).
bool connected(const Board& b, const int8_t* owner, int player, const uint8_t* from, const uint8_t* to,
               const uint8_t* dirs, ConnectScratch& scratch);

// Does a group of `player`'s cells (joined by one step along any direction) holding one of
// the `n` cells of `starts` touch every set of `need`? `sets[cell]` has bit i set when the
// cell is in set i. Each group is visited once: O(its cells x directions), so asking through
// the cells a move touched costs the groups they joined, not the board.
bool group_touches(const Board& b, const int8_t* owner, int player, const int16_t* starts, int n, const uint8_t* sets,
                   uint8_t need, ConnectScratch& scratch);

// A board on which every one-cell step along a direction is one fixed difference of cell
// indices (grids and hex boards without reflecting edges): a group can then be flooded a
// word of 64 cells at a time, with no branch on which cells are whose.
constexpr int kMaxShiftWords = 8;  // boards of up to 512 cells
struct StepShifts {
  int words = 0;              // the bit sets' words; 0: the board is not such a board, or too big
  std::vector<int> offset;    // [dir]: target cell - source cell
  std::vector<uint64_t> from;  // [dir * words + w]: the cells with a step along dir
};
StepShifts step_shifts(const Board& b);
// out |= in shifted by k cells (k > 0: towards higher cells), over `words` words. Inline:
// the word-parallel flood calls it per direction and step, where a call cost 3% of a
// connection game's playout instructions (callgrind, docs/results.md).
inline void or_shifted(uint64_t* out, const uint64_t* in, int k, int words) {
  const int q = (k >= 0 ? k : -k) / 64, r = (k >= 0 ? k : -k) % 64;
  if (k >= 0) {
    for (int w = words - 1; w >= q; --w) {
      uint64_t v = in[w - q] << r;
      if (r && w - q - 1 >= 0) v |= in[w - q - 1] >> (64 - r);
      out[w] |= v;
    }
  } else {
    for (int w = 0; w + q < words; ++w) {
      uint64_t v = in[w + q] >> r;
      if (r && w + q + 1 < words) v |= in[w + q + 1] << (64 - r);
      out[w] |= v;
    }
  }
}

// group_touches on such a board, with bit sets (bit c % 64 of word c / 64): `owned` the
// player's cells, `sets[i * words + w]` set i of `nsets`. The same answer as group_touches.
bool group_touches_bits(const StepShifts& sh, const uint64_t* owned, const int16_t* starts, int n, const uint64_t* sets,
                        int nsets);

// The number of cells in the unbroken run of `cell`'s owner through `cell` along `dir` and
// its opposite (0 for a cell nobody owns): O(the run).
int line_through(const Board& b, const int8_t* owner, int cell, int dir);

// The longest such run of `player`'s cells anywhere along the directions of `dirs` (NULL:
// all): O(cells x directions), each run walked once from its first cell.
int longest_line(const Board& b, const int8_t* owner, int player, const uint8_t* dirs);

}  // namespace boardlab
