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

// The number of cells in the unbroken run of `cell`'s owner through `cell` along `dir` and
// its opposite (0 for a cell nobody owns): O(the run).
int line_through(const Board& b, const int8_t* owner, int cell, int dir);

// The longest such run of `player`'s cells anywhere along the directions of `dirs` (NULL:
// all): O(cells x directions), each run walked once from its first cell.
int longest_line(const Board& b, const int8_t* owner, int player, const uint8_t* dirs);

}  // namespace boardlab
