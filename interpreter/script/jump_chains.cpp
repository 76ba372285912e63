// JumpChains: the C++ walk of scripts/lib/chains.lua's search. Keep the two in step: the
// order of pieces, directions and chains, the dedupe rule and every word written are the
// same (tests compare them move for move, and checking mode runs both).
#include "script/jump_chains.h"

#include <algorithm>
#include <new>

#include "core/contract.h"
#include "script/move_list.h"

namespace boardlab {

struct JumpChains::Search {
  JumpChains& js;
  bl_host& host;
  const bl_board& B;
  bl_chain_rules& R;
  const bl_state& S;
  bl_moves& M;
  int me;
  int32_t status = BL_OK;
  // js.is_jumped_'s cells, held here: the words written may alias the vector's own fields.
  uint8_t* is_jumped = js.is_jumped_.data();

  int top(int c) const {
    const int h = S.height[c];
    return h ? S.pieces[c * B.stack_cap + h - 1] : 0;
  }

  bool fail(int32_t why, int table = 0, int code = 0, int other = 0) {
    if (status == BL_OK) status = why, R.failed[0] = table, R.failed[1] = code, R.failed[2] = other;
    return false;
  }
  // A table entry the script's function could not give: the search stops there.
  int promotion(int code, int cell) {
    if (!R.promotion) return 0;
    const int p = R.promotion[code * B.ncells + cell];
    if (p == BL_UNTABLED) fail(BL_UNANSWERED, BL_TABLE_PROMOTION, code, cell);
    return p == BL_UNTABLED ? 0 : p;
  }

  // Room for one move of `actions` actions, or nullptr with the status set.
  int32_t* open_move(int actions, int flags) {
    if (actions > kMaxActions) return fail(BL_CHAINS_ACTIONS), nullptr;
    return MoveList::begin_move(M, actions, flags, status);
  }
  static constexpr auto put = &MoveList::put;

  // "remove" captures: is this (start, end, jumped set) new in this call? Records it if so.
  bool first_time(int from, int to, int depth) {
    auto& key = js.key_;
    key.assign({static_cast<int16_t>(from), static_cast<int16_t>(to)});
    key.insert(key.end(), js.jumped_.begin(), js.jumped_.begin() + depth);
    std::sort(key.begin() + 2, key.end());
    bool added = false;
    js.seen_.insert(key.data(), key.size(), added);
    return added;
  }

  void write_chain(int from, int depth, int promoted) {
    const int to = js.path_[depth - 1];
    if (!R.take_top && !first_time(from, to, depth)) return;
    const int flags = kProgressFlag | R.capture_flags | (promoted ? R.promotion_flags : 0);
    int32_t* w = open_move(1 + (depth - 1) + depth + (promoted ? 1 : 0), flags);
    if (!w) return;
    // A king may jump round and land where it started: then the stack does not move, and a
    // mark names the start.
    w = to == from ? put(w, Op::Mark, 0, from, 0, 0) : put(w, Op::Move, S.height[from], from, to, 0);
    for (int i = 0; i < depth - 1; ++i) w = put(w, Op::Mark, 0, js.path_[i], 0, 0);
    for (int i = 0; i < depth; ++i) {
      const int over = js.jumped_[i];
      w = R.take_top ? put(w, Op::Transfer, S.height[over] - 1, over, to, 0) : put(w, Op::Remove, 0, over, kNone, 0);
    }
    if (promoted) put(w, Op::SetTop, 0, to, 0, promoted);
  }

  // Explores chains from `cell` after `depth` jumps; true if it wrote any move.
  bool explore(int from, int cell, int code, int depth) {
    if (--host.ticks_left < 0) return fail(BL_TICKS);
    const int n = R.jump_count[code];
    if (n == BL_UNTABLED) return fail(BL_UNANSWERED, BL_TABLE_JUMPS, code);
    bool wrote = false;
    if (B.max_ray < 2) return false;  // no jump lands anywhere (nor may the table be read below)
    const int stride = ray_stride(B);
    const int16_t* row = rays_from(B, cell);  // [d * stride + k]: k points along d
    const int16_t* dirs = R.jump_dirs + code * R.dir_stride;
    for (int i = 0; i < n && status == BL_OK; ++i) {
      const int16_t* along = row + dirs[i] * stride;
      const int over = along[1], land = along[2];
      if (over < 0 || land < 0 || !B.playable[land] || is_jumped[over] || S.height[over] == 0 || S.owner[over] == me) continue;
      if (R.can_capture) {
        const int victim = top(over), may = R.can_capture[code * B.ncodes + victim];
        if (may == BL_UNTABLED) return fail(BL_UNANSWERED, BL_TABLE_CAPTURE, code, victim);
        if (!may) continue;
      }
      if (S.height[land] != 0 && land != from) continue;
      if (static_cast<int>(js.path_.size()) <= depth) js.path_.resize(depth + 1), js.jumped_.resize(depth + 1);
      js.path_[depth] = static_cast<int16_t>(land);
      js.jumped_[depth] = static_cast<int16_t>(over);
      is_jumped[over] = 1;
      const int promoted = promotion(code, land);
      bool went_on = false;
      if (!promoted && status == BL_OK) went_on = explore(from, land, code, depth + 1);
      if ((!went_on || R.may_stop) && status == BL_OK) write_chain(from, depth + 1, promoted);
      is_jumped[over] = 0;
      wrote = true;
    }
    return wrote;
  }

  void slides(int c) {
    const int code = top(c), n = R.slide_count[code];
    if (n == BL_UNTABLED) return void(fail(BL_UNANSWERED, BL_TABLE_SLIDES, code));
    const int progress = R.progress ? R.progress[code] : 0;
    if (progress == BL_UNTABLED) return void(fail(BL_UNANSWERED, BL_TABLE_PROGRESS, code));
    const int flag = progress ? kProgressFlag : 0;
    if (B.max_ray < 1) return;
    const int stride = ray_stride(B);
    const int16_t *next = rays_from(B, c) + 1, *dirs = R.slide_dirs + code * R.dir_stride;
    for (int i = 0; i < n && status == BL_OK; ++i) {
      const int t = next[dirs[i] * stride];
      if (t < 0 || !B.playable[t] || S.height[t] != 0) continue;
      const int promoted = promotion(code, t);
      if (status != BL_OK) return;
      int32_t* w = open_move(promoted ? 2 : 1, flag | (promoted ? R.promotion_flags : 0));
      if (!w) return;
      w = put(w, Op::Move, S.height[c], c, t, 0);
      if (promoted) put(w, Op::SetTop, 0, t, 0, promoted);
    }
  }
};

int32_t JumpChains::run(bl_host* host, const bl_board* board, bl_chain_rules* rules) {
  // Called from Lua through the FFI: no exception may cross it.
  try {
    return static_cast<JumpChains*>(host->chains_scratch)->search(host, board, rules);
  } catch (const std::bad_alloc&) {
    return BL_MEMORY;
  }
}

int32_t JumpChains::search(bl_host* host, const bl_board* board, bl_chain_rules* rules) {
  auto& js = *this;
  if (js.is_jumped_.size() != static_cast<size_t>(board->ncells)) js.is_jumped_.assign(board->ncells, 0);
  js.seen_.clear();
  Search s{js, *host, *board, *rules, host->state, host->moves, host->state.side};
  rules->failed[0] = rules->failed[1] = rules->failed[2] = 0;
  bool any_jump = false;
  for (int i = 0; i < s.S.nmine && s.status == BL_OK; ++i) {
    const int c = s.S.mine[i];
    if (s.explore(c, c, s.top(c), 0)) any_jump = true;
  }
  if (any_jump && rules->compulsory) return s.status;
  for (int i = 0; i < s.S.nmine && s.status == BL_OK; ++i) s.slides(s.S.mine[i]);
  return s.status;
}

}  // namespace boardlab
