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
  int32_t status = BL_CHAINS_OK;

  int top(int c) const {
    const int h = S.height[c];
    return h ? S.pieces[c * B.stack_cap + h - 1] : 0;
  }
  int ray(int c, int d, int k) const { return k > B.max_ray ? -1 : B.ray[(c * B.ndirs + d) * (B.max_ray + 1) + k]; }

  bool fail(int32_t why, int table = 0, int code = 0, int other = 0) {
    if (status == BL_CHAINS_OK) status = why, R.failed[0] = table, R.failed[1] = code, R.failed[2] = other;
    return false;
  }
  // A table entry the script's function could not give: the search stops there.
  int promotion(int code, int cell) {
    if (!R.promotion) return 0;
    const int p = R.promotion[code * B.ncells + cell];
    if (p == BL_UNTABLED) fail(BL_CHAINS_UNTABLED, BL_TABLE_PROMOTION, code, cell);
    return p == BL_UNTABLED ? 0 : p;
  }

  // Room for one move of `actions` actions; the limits and growth of runtime.lua's writers.
  int32_t* open_move(int actions, int flags) {
    if (actions > kMaxActions) return fail(BL_CHAINS_ACTIONS), nullptr;
    const int32_t words = 1 + 2 * actions;
    if (M.nwords + words > M.cap_words || M.count + 1 > M.cap_moves) {
      if (M.count + 1 > kMaxMoves || M.nwords + words > kMaxMoveWords) return fail(BL_CHAINS_TOO_MANY), nullptr;
      M.grow(&M, words);
      if (M.nwords + words > M.cap_words || M.count + 1 > M.cap_moves) return fail(BL_CHAINS_MEMORY), nullptr;
    }
    int32_t* w = M.words + M.nwords;
    w[0] = MoveList::header(actions, flags);
    M.starts[M.count++] = M.nwords;
    M.nwords += words;
    return w + 1;
  }
  static int32_t* put(int32_t* w, Op op, int n, int a, int b, int c) {
    MoveList::encode(Action{op, static_cast<uint8_t>(n), static_cast<uint16_t>(a), static_cast<uint16_t>(b),
                            static_cast<uint16_t>(c)},
                     w);
    return w + 2;
  }

  // "remove" captures: is this (start, end, jumped set) new in this call? Records it if so.
  bool first_time(int from, int to, int depth) {
    auto& keys = js.keys_;
    const size_t at = keys.size();
    keys.push_back(static_cast<int16_t>(depth));
    keys.push_back(static_cast<int16_t>(from));
    keys.push_back(static_cast<int16_t>(to));
    keys.insert(keys.end(), js.jumped_.begin(), js.jumped_.begin() + depth);
    std::sort(keys.begin() + static_cast<std::ptrdiff_t>(at) + 3, keys.end());
    const uint64_t h = hash_at(at);
    auto& index = js.index_;
    if (2 * (js.nkeys_ + 1) > static_cast<int32_t>(index.size())) {  // grow, and re-index the keys kept
      index.assign(std::max<size_t>(64, 2 * index.size()), -1);
      js.nkeys_ = 0;
      for (size_t k = 0; k < at; k += 3 + static_cast<size_t>(keys[k])) insert(static_cast<int32_t>(k), hash_at(k));
    }
    const size_t mask = index.size() - 1;
    for (size_t slot = h & mask;; slot = (slot + 1) & mask) {
      if (index[slot] < 0) break;
      const auto k = static_cast<size_t>(index[slot]);
      if (keys[k] == depth && std::equal(keys.begin() + static_cast<std::ptrdiff_t>(k),
                                         keys.begin() + static_cast<std::ptrdiff_t>(k + 3 + depth),
                                         keys.begin() + static_cast<std::ptrdiff_t>(at))) {
        keys.resize(at);
        return false;
      }
    }
    insert(static_cast<int32_t>(at), h);
    return true;
  }
  uint64_t hash_at(size_t k) const {
    uint64_t h = 1469598103934665603ull;
    for (size_t i = k; i < k + 3 + static_cast<size_t>(js.keys_[k]); ++i) h = (h ^ static_cast<uint16_t>(js.keys_[i])) * 1099511628211ull;
    return h;
  }
  void insert(int32_t k, uint64_t h) {
    const size_t mask = js.index_.size() - 1;
    size_t slot = h & mask;
    while (js.index_[slot] >= 0) slot = (slot + 1) & mask;
    js.index_[slot] = k;
    ++js.nkeys_;
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
    if (--host.ticks_left < 0) return fail(BL_CHAINS_TICKS);
    const int n = R.jump_count[code];
    if (n == BL_UNTABLED) return fail(BL_CHAINS_UNTABLED, BL_TABLE_JUMPS, code);
    bool wrote = false;
    for (int i = 0; i < n && status == BL_CHAINS_OK; ++i) {
      const int d = R.jump_dirs[code * R.dir_stride + i];
      const int over = ray(cell, d, 1), land = ray(cell, d, 2);
      if (over < 0 || land < 0 || !B.playable[land] || js.is_jumped_[over] || S.height[over] == 0 ||
          S.owner[over] == me)
        continue;
      if (R.can_capture) {
        const int victim = top(over), may = R.can_capture[code * B.ncodes + victim];
        if (may == BL_UNTABLED) return fail(BL_CHAINS_UNTABLED, BL_TABLE_CAPTURE, code, victim);
        if (!may) continue;
      }
      if (S.height[land] != 0 && land != from) continue;
      if (static_cast<int>(js.path_.size()) <= depth) js.path_.resize(depth + 1), js.jumped_.resize(depth + 1);
      js.path_[depth] = static_cast<int16_t>(land);
      js.jumped_[depth] = static_cast<int16_t>(over);
      js.is_jumped_[over] = 1;
      const int promoted = promotion(code, land);
      bool went_on = false;
      if (!promoted && status == BL_CHAINS_OK) went_on = explore(from, land, code, depth + 1);
      if ((!went_on || R.may_stop) && status == BL_CHAINS_OK) write_chain(from, depth + 1, promoted);
      js.is_jumped_[over] = 0;
      wrote = true;
    }
    return wrote;
  }

  void slides(int c) {
    const int code = top(c), n = R.slide_count[code];
    if (n == BL_UNTABLED) return void(fail(BL_CHAINS_UNTABLED, BL_TABLE_SLIDES, code));
    const int progress = R.progress ? R.progress[code] : 0;
    if (progress == BL_UNTABLED) return void(fail(BL_CHAINS_UNTABLED, BL_TABLE_PROGRESS, code));
    const int flag = progress ? kProgressFlag : 0;
    for (int i = 0; i < n && status == BL_CHAINS_OK; ++i) {
      const int t = ray(c, R.slide_dirs[code * R.dir_stride + i], 1);
      if (t < 0 || !B.playable[t] || S.height[t] != 0) continue;
      const int promoted = promotion(code, t);
      if (status != BL_CHAINS_OK) return;
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
    return static_cast<JumpChains*>(host->scratch)->search(host, board, rules);
  } catch (const std::bad_alloc&) {
    return BL_CHAINS_MEMORY;
  }
}

int32_t JumpChains::search(bl_host* host, const bl_board* board, bl_chain_rules* rules) {
  auto& js = *this;
  if (js.is_jumped_.size() != static_cast<size_t>(board->ncells)) js.is_jumped_.assign(board->ncells, 0);
  js.keys_.clear();
  if (js.nkeys_) std::fill(js.index_.begin(), js.index_.end(), -1), js.nkeys_ = 0;
  Search s{js, *host, *board, *rules, host->state, host->moves, host->state.side};
  rules->failed[0] = rules->failed[1] = rules->failed[2] = 0;
  bool any_jump = false;
  for (int i = 0; i < s.S.nmine && s.status == BL_CHAINS_OK; ++i) {
    const int c = s.S.mine[i];
    if (s.explore(c, c, s.top(c), 0)) any_jump = true;
  }
  if (any_jump && rules->compulsory) return s.status;
  for (int i = 0; i < s.S.nmine && s.status == BL_CHAINS_OK; ++i) s.slides(s.S.mine[i]);
  return s.status;
}

}  // namespace boardlab
