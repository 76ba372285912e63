// BoardQueries: the FFI entry points of the position queries. No exception may cross them.
#include "script/board_queries.h"

#include <new>

namespace boardlab {

int32_t BoardQueries::connected(bl_host* host, const bl_board* board, int32_t player, const uint8_t* from,
                                const uint8_t* to, const uint8_t* dirs) {
  auto& self = *static_cast<BoardQueries*>(host->queries_scratch);
  if ((host->ticks_left -= board->ncells) < 0) return -1;
  try {
    return boardlab::connected(self.board_, host->state.owner, player, from, to, dirs, self.scratch_) ? 1 : 0;
  } catch (const std::bad_alloc&) {
    return -1;
  }
}

int32_t BoardQueries::line(bl_host* host, const bl_board*, int32_t cell, int32_t dir) {
  const auto& self = *static_cast<BoardQueries*>(host->queries_scratch);
  return line_through(self.board_, host->state.owner, cell, dir);
}

int32_t BoardQueries::longest_line(bl_host* host, const bl_board* board, int32_t player, const uint8_t* dirs) {
  const auto& self = *static_cast<BoardQueries*>(host->queries_scratch);
  if ((host->ticks_left -= board->ncells) < 0) return -1;
  return boardlab::longest_line(self.board_, host->state.owner, player, dirs);
}

}  // namespace boardlab
