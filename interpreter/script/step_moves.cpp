// StepMoves: the C++ walk of scripts/lib/steps.lua's search. Keep the two in step: the
// order of pieces, steps, directions and distances, the rule that a cell is reached once per
// piece, and every word written are the same (tests compare them move for move, and
// checking mode runs both).
#include "script/step_moves.h"

#include <algorithm>
#include <new>

#include "core/contract.h"
#include "script/move_list.h"

namespace boardlab {

int32_t StepMoves::run(bl_host* host, const bl_board* board, bl_step_rules* rules) {
  // Called from Lua through the FFI: no exception may cross it.
  try {
    return static_cast<StepMoves*>(host->steps_scratch)->search(host, board, rules);
  } catch (const std::bad_alloc&) {
    return BL_MEMORY;
  }
}

int32_t StepMoves::search(bl_host* host, const bl_board* board, bl_step_rules* rules) {
  const bl_board& B = *board;
  const bl_step_rules& R = *rules;
  const bl_state& S = host->state;
  rules->failed[0] = rules->failed[1] = rules->failed[2] = 0;
  if (reached_.size() != static_cast<size_t>(B.ncells)) reached_.assign(static_cast<size_t>(B.ncells), 0), stamp_ = 0;
  auto fail = [&](int table, int code, int other) {
    rules->failed[0] = table, rules->failed[1] = code, rules->failed[2] = other;
    return BL_UNANSWERED;
  };
  // One loop step per piece, charged at once.
  if ((host->ticks_left -= S.nmine) < 0) return BL_TICKS;
  // Locals for everything the loop reads: the move words it writes are int32s, which the
  // compiler must assume may alias any int32 or uint32 field it would otherwise keep in a
  // register.
  const uint8_t *height = S.height, *playable = B.playable, *count = R.count;
  const uint8_t *promotion = R.promotion, *progress_of = R.progress;
  const int8_t* owner = S.owner;
  const int16_t *rays = B.ray, *mine = S.mine;
  const int32_t* steps = R.steps;
  uint32_t* reached = reached_.data();
  const int me = S.side, nmine = S.nmine, stride = B.max_ray + 1, max_ray = B.max_ray, ncells = B.ncells;
  const int ndirs = B.ndirs, cap = B.stack_cap, steps_stride = R.stride;
  const int capture_flags = kProgressFlag | R.capture_flags, promotion_flags = R.promotion_flags;
  int32_t status = BL_OK;
  for (int i = 0; i < nmine; ++i) {
    const int from = mine[i], h = height[from], code = S.pieces[from * cap + h - 1];
    const int n = count[code];
    if (n == BL_UNTABLED) return fail(BL_TABLE_STEPS, code, 0);
    const int progress = progress_of ? progress_of[code] : 0;
    if (progress == BL_UNTABLED) return fail(BL_TABLE_PROGRESS, code, 0);
    const int quiet_flags = progress ? kProgressFlag : 0;
    if (++stamp_ == 0) std::fill(reached_.begin(), reached_.end(), 0), stamp_ = 1;
    const uint32_t stamp = stamp_;
    const int16_t* from_rays = rays + from * ndirs * stride;
    const int32_t* step = steps + code * steps_stride;
    for (int e = 0; e < n; ++e) {
      const int32_t packed = step[e], onto = packed >> 24;
      const int range = std::min((packed >> 16) & 0xFF, max_ray);
      const int16_t* ray = from_rays + (packed & 0xFFFF) * stride;
      for (int k = 1; k <= range; ++k) {
        const int to = ray[k];
        if (to < 0 || !playable[to]) break;
        // What stands there, as the onto bit that allows stopping on it (0: an own stack).
        const int there = height[to] == 0 ? BL_ONTO_EMPTY : owner[to] != me ? BL_ONTO_ENEMY : 0;
        if (onto & there && reached[to] != stamp) {
          reached[to] = stamp;
          const int promoted = promotion ? promotion[code * ncells + to] : 0;
          if (promoted == BL_UNTABLED) return fail(BL_TABLE_PROMOTION, code, to);
          const bool capture = there == BL_ONTO_ENEMY;
          const int flags = (capture ? capture_flags : quiet_flags) | (promoted ? promotion_flags : 0);
          int32_t* w = MoveList::begin_move(host->moves, 1 + capture + (promoted != 0), flags, status);
          if (!w) return status;
          if (capture) w = MoveList::put(w, Op::Remove, 0, to, kNone, 0);
          w = MoveList::put(w, Op::Move, h, from, to, 0);
          if (promoted) MoveList::put(w, Op::SetTop, 0, to, 0, promoted);
        }
        if (there != BL_ONTO_EMPTY) break;
      }
    }
  }
  return status;
}

}  // namespace boardlab
