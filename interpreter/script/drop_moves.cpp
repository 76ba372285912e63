// drop_moves: the C++ twin of scripts/lib/drop.lua's loop (drop.generate_lua).
#include "script/drop_moves.h"

#include <array>
#include <bit>

#include "board/lines.h"
#include "core/contract.h"
#include "script/move_list.h"

namespace boardlab {

int32_t drop_moves(bl_host* host, const bl_board* board, const bl_drop_rules* rules) {
  const bl_board& B = *board;
  const bl_drop_rules& R = *rules;
  const uint8_t *height = host->state.height, *playable = B.playable;
  // One loop step per cell, charged at once.
  if ((host->ticks_left -= B.ncells) < 0) return BL_TICKS;
  auto rests = [&](int c) {
    if (!playable[c] || height[c] != 0) return false;
    if (R.fall < 0) return true;
    const int below = board_ray(B, c, R.fall, 1);
    return below < 0 || !playable[below] || height[below] != 0;  // else it would fall on
  };
  bl_moves& m = host->moves;
  int32_t status = BL_OK;
  constexpr int kWords = 3;  // a header and one action
  if (m.nwords + kWords * B.ncells > m.cap_words || m.count + B.ncells > m.cap_moves) {
    // Not room for every cell: move by move, the buffer growing as it must.
    for (int c = 0; c < B.ncells; ++c) {
      if (!rests(c)) continue;
      int32_t* w = MoveList::begin_move(m, 1, R.flags, status);
      if (!w) return status;
      MoveList::put(w, Op::FromReserve, 0, c, R.from, R.code);
    }
    return status;
  }
  // Room for all: the fill and the rules kept in locals (a word written may alias m's and
  // R's fields, which the compiler would otherwise reload after every store), the action's
  // words made once but for the cell.
  int32_t *words = m.words, *starts = m.starts, nwords = m.nwords, count = m.count;
  const int32_t header = MoveList::header(1, R.flags), ncells = B.ncells;
  int32_t action[2];
  MoveList::put(action, Op::FromReserve, 0, 0, R.from, R.code);
  const int32_t first = action[0], second = action[1];
  // Each cell's move is written, and kept (the fill advanced) only when the cell takes a
  // piece: no branch on which cells are empty, a pattern no predictor learns (a mispredicted
  // branch per empty cell was a third of Hex's generate).
  auto write = [&](int c, bool keep) {
    starts[count] = nwords;
    words[nwords] = header;
    words[nwords + 1] = first | static_cast<int32_t>(static_cast<uint32_t>(c) << BL_ACTION_A);
    words[nwords + 2] = second;
    count += keep;
    nwords += kWords * keep;
  };
  if (R.fall >= 0 && B.step_offset && host->state.owned) {
    // On a board whose steps are shifts (board/lines.h), the cells where a piece comes to
    // rest as bit sets, a word of 64 cells at a time: the empty playable cells whose next
    // cell along the fall is off the board, unplayable or taken. Then one write per move,
    // in cell order as below.
    const int cell_words = B.cell_words, off = B.step_offset[R.fall];
    std::array<uint64_t, kMaxShiftWords> taken{}, blocked_next{};
    for (int p = 0; p < B.nplayers; ++p)
      for (int w = 0; w < cell_words; ++w) taken[w] |= host->state.owned[p * cell_words + w];
    for (int w = 0; w < cell_words; ++w) taken[w] |= ~B.playable_bits[w];  // a wall, like a piece
    or_shifted(blocked_next.data(), taken.data(), -off, cell_words);  // bit c: cell c + off is blocked
    const uint64_t* has_next = B.step_from + R.fall * cell_words;
    for (int w = 0; w < cell_words; ++w) {
      uint64_t rest = B.playable_bits[w] & ~taken[w] & (~has_next[w] | blocked_next[w]);
      for (; rest; rest &= rest - 1) write(64 * w + std::countr_zero(rest), true);
    }
  } else if (R.fall < 0) {
    for (int c = 0; c < ncells; ++c) write(c, (playable[c] != 0) & (height[c] == 0));
  } else {
    // Likewise with the fall: the cell below read whether or not there is one (the cell
    // itself stands in for none), so that no branch depends on the position.
    const int16_t* ray = B.ray + R.fall * ray_stride(B) + 1;
    const int per_cell = B.ndirs * ray_stride(B);
    for (int c = 0; c < ncells; ++c, ray += per_cell) {
      const int below = *ray;
      const bool edge = below < 0;
      const int b = edge ? c : below;
      const bool blocked = edge | (playable[b] == 0) | (height[b] != 0);
      write(c, (playable[c] != 0) & (height[c] == 0) & blocked);
    }
  }
  m.nwords = nwords, m.count = count;
  return status;
}

}  // namespace boardlab
