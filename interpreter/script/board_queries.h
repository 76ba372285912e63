// The position queries a script asks (state.connected, state.line, state.longest_line in
// scripts/lib/query_binding.lua), answered by board/lines.h on the state of the hook call. The
// script host points bl_host's query functions here, with a BoardQueries as their scratch.
#pragma once
#include <cstdint>

#include "board/lines.h"
#include "script/ffi_types.h"

namespace boardlab {

class BoardQueries {
 public:
  explicit BoardQueries(const Board& board) : board_(board) {}
  // bl_host::connected: 1 or 0; -1 if the loop budget ran out (a search is charged the
  // board's cells) or memory did.
  static int32_t connected(bl_host* host, const bl_board* board, int32_t player, const uint8_t* from,
                           const uint8_t* to, const uint8_t* dirs);
  // bl_host::line: the run through a cell (lines.h's line_through).
  static int32_t line(bl_host* host, const bl_board* board, int32_t cell, int32_t dir);
  // bl_host::longest_line: as lines.h says; -1 if the loop budget ran out.
  static int32_t longest_line(bl_host* host, const bl_board* board, int32_t player, const uint8_t* dirs);
  // The working memory, lent to the end-of-move rules between hook calls.
  ConnectScratch& scratch() { return scratch_; }

 private:
  const Board& board_;
  ConnectScratch scratch_;
};

}  // namespace boardlab
