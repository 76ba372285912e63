// drop_moves: the C++ twin of scripts/lib/drop.lua's loop (drop.generate_lua).
#include "script/drop_moves.h"

#include "core/contract.h"
#include "script/move_list.h"

namespace boardlab {

int32_t drop_moves(bl_host* host, const bl_board* board, const bl_drop_rules* rules) {
  const bl_board& B = *board;
  const bl_drop_rules& R = *rules;
  const uint8_t *height = host->state.height, *playable = B.playable;
  // One loop step per cell, charged at once.
  if ((host->ticks_left -= B.ncells) < 0) return BL_TICKS;
  int32_t status = BL_OK;
  for (int c = 0; c < B.ncells; ++c) {
    if (!playable[c] || height[c] != 0) continue;
    if (R.fall >= 0) {
      const int below = board_ray(B, c, R.fall, 1);
      if (below >= 0 && playable[below] && height[below] == 0) continue;  // it would fall on
    }
    int32_t* w = MoveList::begin_move(host->moves, 1, R.flags, status);
    if (!w) return status;
    MoveList::put(w, Op::FromReserve, 0, c, R.from, R.code);
  }
  return status;
}

}  // namespace boardlab
