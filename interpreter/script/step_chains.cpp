// StepChains: the C++ walk of scripts/lib/step_chains.lua's search (step_chains.generate_lua).
// Keep the two in step: the order of pieces, directions, capture patterns and chains, and
// every word written are the same (tests compare them move for move, and checking mode runs
// both).
#include "script/step_chains.h"

#include <algorithm>
#include <new>

#include "core/contract.h"
#include "script/move_list.h"

namespace boardlab {

struct StepChains::Search {
  StepChains& sc;
  bl_host& host;
  const bl_board& B;
  const bl_step_chain_rules& R;
  const bl_state& S;
  int me;
  int from = -1, at = -1;  // the piece's start, and the point it stands on in the chain
  int32_t status = BL_OK;
  // sc's marks and stamp, held here: the words written may alias a vector's own fields, so
  // the compiler would reload them through sc at each use.
  uint32_t *gone = sc.gone_.data(), *visited = sc.visited_.data();
  uint32_t stamp = 0;

  int ray(int c, int d) const { return board_ray(B, c, d, 1); }
  // The owner of the piece on c as the chain has left the board: -1 for none.
  int owner_at(int c) const {
    if (c == at) return me;
    if (gone[c] == stamp) return -1;
    return S.owner[c];
  }
  // May the piece step onto c: an empty playable point (an unowned piece fills a point too).
  bool open(int c) const {
    if (c < 0 || c == at || !B.playable[c]) return false;
    return gone[c] == stamp || S.height[c] == 0;
  }

  // Puts in removed_, after the first_[n] of the steps before, the line a capture pattern
  // takes for a step cur -> to along d; false if it takes nothing (no opponent's piece where
  // the line starts), removed_ left as it was.
  bool capture_line(int k, int cur, int to, int d, int n) {
    int dir = d, c = -1;
    if (R.capture_line[k] == BL_LINE_AHEAD) {
      c = ray(to, d);
    } else {
      dir = B.opposite[d];
      if (dir >= 0) c = ray(cur, dir);
    }
    if (c < 0) return false;
    const int victim = owner_at(c);
    if (victim < 0 || victim == me) return false;
    sc.removed_.resize(sc.first_[n]);
    for (int taken = 0; c >= 0 && owner_at(c) == victim && (R.capture_max[k] == 0 || taken < R.capture_max[k]); ++taken) {
      sc.removed_.push_back(static_cast<int16_t>(c));
      c = ray(c, dir);
    }
    return true;
  }

  void write(int steps) {
    const int actions = steps + sc.first_[steps];
    if (actions > kMaxActions) return void(status = BL_CHAINS_ACTIONS);
    int32_t* w = MoveList::begin_move(host.moves, actions, kProgressFlag | R.capture_flags, status);
    if (!w) return;
    int cur = from;
    for (int i = 0; i < steps; ++i) {
      w = MoveList::put(w, Op::Move, 1, cur, sc.to_[i], 0);
      for (int j = sc.first_[i]; j < sc.first_[i + 1]; ++j) w = MoveList::put(w, Op::Remove, 0, sc.removed_[j], kNone, 0);
      cur = sc.to_[i];
    }
  }

  // Extends the chain of n steps that stands on cur, its last step along last_dir; true if
  // it wrote anything.
  bool extend(int cur, int last_dir, int n) {
    if (--host.ticks_left < 0) return status = BL_TICKS, false;
    if (B.max_ray < 1) return false;  // no point beyond any other (nor a ray table to read below)
    bool wrote = false;
    const int ndirs = B.ndirs, stride = ray_stride(B);
    const int16_t* next = rays_from(B, cur) + 1;  // [d * stride]: the point beyond cur along d
    for (int d = 0; d < ndirs && status == BL_OK; ++d) {
      const int to = next[d * stride];
      if (d == last_dir || !open(to) || visited[to] == stamp) continue;
      for (int k = 0; k < R.ncaptures && status == BL_OK; ++k) {
        if (!capture_line(k, cur, to, d, n)) continue;
        if (static_cast<int>(sc.to_.size()) <= n) sc.to_.resize(n + 1);
        if (static_cast<int>(sc.first_.size()) <= n + 1) sc.first_.resize(n + 2);
        sc.to_[n] = static_cast<int16_t>(to);
        sc.first_[n + 1] = static_cast<int32_t>(sc.removed_.size());
        // The board as this step leaves it: the piece on `to`, its captures gone. A captured
        // point stays empty when the chain goes back through it, so only new marks are undone.
        for (int j = sc.first_[n]; j < sc.first_[n + 1]; ++j) gone[sc.removed_[j]] = stamp;
        const bool cur_was_gone = gone[cur] == stamp;
        gone[cur] = stamp, at = to, visited[to] = stamp;
        if (R.may_stop) write(n + 1);
        const bool further = R.chain && status == BL_OK && extend(to, d, n + 1);
        if (!further && !R.may_stop && status == BL_OK) write(n + 1);
        wrote = true;
        for (int j = sc.first_[n]; j < sc.first_[n + 1]; ++j) gone[sc.removed_[j]] = 0;
        gone[cur] = cur_was_gone ? stamp : 0, at = cur, visited[to] = 0;
      }
    }
    return wrote;
  }

  void plain_steps(int c) {
    for (int d = 0; d < B.ndirs && status == BL_OK; ++d) {
      const int to = ray(c, d);
      if (to < 0 || !B.playable[to] || S.height[to] != 0) continue;
      int32_t* w = MoveList::begin_move(host.moves, 1, R.flags, status);
      if (w) MoveList::put(w, Op::Move, 1, c, to, 0);
    }
  }
};

int32_t StepChains::run(bl_host* host, const bl_board* board, const bl_step_chain_rules* rules) {
  // Called from Lua through the FFI: no exception may cross it.
  try {
    auto& sc = *static_cast<StepChains*>(host->step_chains_scratch);
    const auto ncells = static_cast<size_t>(board->ncells);
    if (sc.gone_.size() != ncells) sc.gone_.assign(ncells, 0), sc.visited_.assign(ncells, 0), sc.stamp_ = 0;
    sc.first_.assign(1, 0), sc.removed_.clear();
    Search s{sc, *host, *board, *rules, host->state, host->state.side};
    bool any = false;
    for (int i = 0; i < s.S.nmine && s.status == BL_OK; ++i) {
      if (++sc.stamp_ == 0) std::fill(sc.gone_.begin(), sc.gone_.end(), 0), std::fill(sc.visited_.begin(), sc.visited_.end(), 0), sc.stamp_ = 1;
      s.stamp = sc.stamp_;
      s.from = s.at = s.S.mine[i];
      s.visited[s.from] = s.stamp;
      if (s.extend(s.from, -1, 0)) any = true;
    }
    if (any && rules->compulsory) return s.status;
    for (int i = 0; i < s.S.nmine && s.status == BL_OK; ++i) s.plain_steps(s.S.mine[i]);
    return s.status;
  } catch (const std::bad_alloc&) {
    return BL_MEMORY;
  }
}

}  // namespace boardlab
