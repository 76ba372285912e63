// RaceTurns: the C++ walk of race.generate_lua (dice_turns.race, scripts/lib/dice_turns.lua). Keep the two
// in step: the order of dice, points and turns, which turns are kept (the most dice; the
// larger die when only one of two plays; one per end position, the first found) and every
// word written are the same (checking mode runs both and compares).
#include "script/race_turns.h"

#include <algorithm>
#include <bit>
#include <new>

#include "core/contract.h"
#include "definition/game_def.h"
#include "script/move_list.h"

namespace boardlab {

namespace {
constexpr int kAny = 1 << 30;  // max_from when any point may move
constexpr size_t kPositionBytes = 3 * RaceTurns::kMaxPoints + 3;

// The weights of the position's running hash (splitmix64, odd): the hash is the sum of each
// byte times its weight, so a step changes it by a few multiplies.
struct Weights {
  uint64_t w[kPositionBytes];
  Weights() {
    uint64_t x = 0;
    for (uint64_t& v : w) {
      uint64_t z = (x += 0x9E3779B97F4A7C15ull);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      v = (z ^ (z >> 31)) | 1;
    }
  }
};
const Weights kWeights;

uint64_t mixed(uint64_t h) {  // the running sum's high bits mixed into the low ones KeySet indexes by
  h ^= h >> 32;
  h *= 0xBF58476D1CE4E5B9ull;
  return h ^ (h >> 29);
}
}  // namespace

struct RaceTurns::Search {
  RaceTurns& rt;
  bl_host& host;
  const bl_board& B;
  const bl_race_rules& R;
  const bl_state& S;
  bl_moves& M;
  const int N, entry, me;
  int32_t status = BL_OK;
  // The working position, in the mover's numbering (dice_turns.race refuses tracks longer
  // than kMaxPoints), laid out as the key that merges turns, so that a turn's end is
  // recorded without building one: pos[i_mine + k], pos[i_theirs + k] my and their pieces
  // on point k, pos[i_pinned + k] 1 where (with pins) their piece is pinned under mine, then
  // my bar, their bar and my pieces off. `hash` follows every change (kWeights).
  uint8_t pos[kPositionBytes];  // [0, stride) zeroed by the constructor, the rest unused
  uint64_t hash = 0;
  int i_mine, i_theirs, i_pinned, i_my_bar, i_their_bar, i_my_off;  // offsets in pos
  // With pins: pinned_mine[k] is 1 where a piece of mine is pinned under theirs (a point
  // holds one side's free pieces over at most one pinned enemy); my turn never changes it.
  int pinned_mine[kMaxPoints + 2];  // [0, N + 1] zeroed by the constructor
  int my_pinned = 0, pinned_high = 0;  // how many, and the highest point of one
  // Bit k: point k holds a free piece of mine (kept by add), so that a search node visits
  // the points it can move from, not the whole track (a race may have 3 pieces on 24 points).
  uint64_t occupied[(kMaxPoints + 64) / 64] = {};
  int dice[kMaxDice] = {}, nd = 0;
  bool used[kMaxDice] = {}, is_double = false;
  Step path[kMaxDice] = {};
  int depth = 0, best = 0;
  size_t stride;  // bytes of a key

  Search(RaceTurns& r, bl_host& hs, const bl_board& board, const bl_race_rules& rules, const bl_state& s, bl_moves& m)
      : rt(r), host(hs), B(board), R(rules), S(s), M(m), N(rules.npoints), entry(rules.npoints + 1), me(s.side),
        stride(static_cast<size_t>(3 * rules.npoints + 3)) {
    i_mine = -1, i_theirs = N - 1, i_pinned = 2 * N - 1, i_my_bar = 3 * N, i_their_bar = 3 * N + 1, i_my_off = 3 * N + 2;
    // Only the track's part: the arrays are sized for the longest track (2 KB to clear).
    std::fill(pos, pos + stride, uint8_t{0});
    std::fill(pinned_mine, pinned_mine + N + 2, 0);
    const int them = 1 - me;
    for (int k = 1; k <= N; ++k) {
      const int c = R.cell_of[me * (N + 1) + k];
      const int h = S.height[c], who = S.owner[c];
      // A pinned piece: the bottom one, of the other side than the top's.
      const int under = R.pin && h > 1 && B.owner_of[S.pieces[c * B.stack_cap]] != who ? 1 : 0;
      add(i_mine + k, who == me ? h - under : 0);
      add(i_theirs + k, who == them ? h - under : 0);
      add(i_pinned + k, who == me ? under : 0);
      pinned_mine[k] = who == them ? under : 0;
      my_pinned += pinned_mine[k];
      if (pinned_mine[k]) pinned_high = k;
    }
    auto reserve = [&](int slot, int code) { return slot < 0 ? 0 : S.reserve[slot * B.ncodes + code]; };
    add(i_my_bar, reserve(R.bar, R.code[me]));
    add(i_their_bar, reserve(R.bar, R.code[them]));
    add(i_my_off, reserve(R.off, R.code[me]));
  }

  void add(int i, int delta) {
    pos[i] = static_cast<uint8_t>(pos[i] + delta);
    hash += static_cast<uint64_t>(delta) * kWeights.w[i];
    if (i < N) {  // my pieces on point i + 1 (i_mine is -1)
      const int k = i + 1;
      const uint64_t bit = uint64_t{1} << (k & 63);
      occupied[k >> 6] = pos[i] ? occupied[k >> 6] | bit : occupied[k >> 6] & ~bit;
    }
  }
  int mine(int k) const { return pos[i_mine + k]; }
  int theirs(int k) const { return pos[i_theirs + k]; }
  int pinned_theirs(int k) const { return pos[i_pinned + k]; }

  // The highest point at or below `k` where a free piece of mine stands, or 0.
  int occupied_at_or_below(int k) const {
    for (int w = k >> 6; w >= 0; --w) {
      uint64_t bits = occupied[w];
      if (w == k >> 6 && (k & 63) != 63) bits &= (uint64_t{2} << (k & 63)) - 1;
      if (bits) return w * 64 + 63 - std::countl_zero(bits);
    }
    return 0;
  }
  // The highest point I occupy (my pinned pieces count).
  int highest() const { return std::max(occupied_at_or_below(N), pinned_high); }
  // Every piece of mine home (pinned ones too), and may bearing off begin?
  bool all_home() const {
    if (pos[i_my_bar] > 0 || (my_pinned > 0 && !R.bear_off_while_pinned)) return false;
    return highest() <= R.home;
  }
  // May the piece on point `from` (entry: the bar) move `d` points? Closed: two or more
  // enemy pieces, or (with pins) one pinning a piece of mine. `off_from`: the highest point
  // I occupy when every piece of mine is home (all_home), else 0 (no bearing off).
  bool legal(int from, int d, int off_from) const {
    const int to = from - d;
    if (to >= 1) return R.pin ? theirs(to) == 0 || (theirs(to) == 1 && pinned_mine[to] == 0) : theirs(to) < 2;
    return off_from > 0 && (to == 0 || off_from == from);
  }
  void each_step(int d, int max_from) {
    if (pos[i_my_bar] > 0) {
      if (legal(entry, d, 0)) rt.buf_.push_back({int16_t(entry), int16_t(entry - d), 0, false});
      return;
    }
    // Once per search node, not per piece.
    const int off_from = all_home() ? highest() : 0;
    for (int from = occupied_at_or_below(std::min(max_from, N)); from >= 1; from = occupied_at_or_below(from - 1))
      if (legal(from, d, off_from)) rt.buf_.push_back({int16_t(from), int16_t(from - d), 0, false});
  }
  // Leaving a point frees the enemy piece my last one there pinned; undo knows it did
  // when an enemy piece is free where mine stood.
  bool play_pin(int from, int to) {
    add(i_mine + from, -1);
    if (mine(from) == 0 && pinned_theirs(from) == 1) add(i_pinned + from, -1), add(i_theirs + from, +1);
    if (to < 1) return add(i_my_off, +1), false;
    const bool pin = theirs(to) == 1;
    if (pin) add(i_theirs + to, -1), add(i_pinned + to, +1);
    add(i_mine + to, +1);
    return pin;
  }
  void undo_pin(int from, int to, bool pin) {
    if (to < 1) {
      add(i_my_off, -1);
    } else {
      add(i_mine + to, -1);
      if (pin) add(i_pinned + to, -1), add(i_theirs + to, +1);
    }
    if (mine(from) == 0 && theirs(from) == 1) add(i_theirs + from, -1), add(i_pinned + from, +1);
    add(i_mine + from, +1);
  }
  bool play(int from, int to) {
    if (R.pin) return play_pin(from, to);
    const bool hit = to >= 1 && theirs(to) == 1;
    add(from == entry ? i_my_bar : i_mine + from, -1);
    if (to >= 1) {
      if (hit) add(i_theirs + to, -1), add(i_their_bar, +1);
      add(i_mine + to, +1);
    } else {
      add(i_my_off, +1);
    }
    return hit;
  }
  void undo(int from, int to, bool hit) {
    if (R.pin) return undo_pin(from, to, hit);
    if (to >= 1) {
      add(i_mine + to, -1);
      if (hit) add(i_theirs + to, +1), add(i_their_bar, -1);
    } else {
      add(i_my_off, -1);
    }
    add(from == entry ? i_my_bar : i_mine + from, +1);
  }

  void record() {
    if (depth < best) return;
    if (depth > best) best = depth, rt.seen_.clear(), rt.turns_.clear();
    if (rt.turns_.size() >= static_cast<size_t>(kMaxMoves)) return void(status = BL_TOO_MANY);
    bool added = false;
    rt.seen_.insert(pos, stride, mixed(hash), added);
    if (!added) return;
    Turn& t = rt.turns_.emplace_back();
    std::copy(path, path + depth, t.steps);
    t.n = depth;
  }

  void search(int max_from) {
    // One loop step per position reached, as the script's own search would count them.
    if (--host.ticks_left < 0) return void(status = BL_TICKS);
    bool moved = false;
    for (int i = 0; i < nd && status == BL_OK; ++i) {
      if (used[i]) continue;
      const int d = dice[i];
      bool first = true;
      for (int j = 0; j < i; ++j) first = first && (used[j] || dice[j] != d);
      if (!first) continue;
      used[i] = true;
      const size_t base = rt.buf_.size();
      each_step(d, max_from);
      for (size_t k = base; k < rt.buf_.size() && status == BL_OK; ++k) {
        const int from = rt.buf_[k].from, to = rt.buf_[k].to;
        moved = true;
        const bool hit = play(from, to);
        path[depth++] = {int16_t(from), int16_t(to), uint8_t(d), hit};
        search(is_double ? from : kAny);  // in a double, never from a higher point again
        --depth;
        undo(from, to, hit);
      }
      rt.buf_.resize(base);
      used[i] = false;
    }
    if (!moved) record();
  }

  // Does the turn leave a piece pinned that was free before? A step that pins marks its
  // point, but a later step may leave it again: the pin stays when more of my pieces
  // arrived there than left.
  static bool pins_left(const Step* steps, int n) {
    for (int i = 0; i < n; ++i) {
      if (!steps[i].hit) continue;
      int net = 0;
      for (int j = 0; j < n; ++j) net += (steps[j].to == steps[i].to) - (steps[j].from == steps[i].to);
      if (net > 0) return true;
    }
    return false;
  }

  // Writes a found turn: per step the hit, then entering, bearing off or a move.
  void write(const Turn& t) {
    const Step* steps = t.steps;
    const int n = t.n;
    int actions = 0, flags = 0;
    for (int s = 0; s < n; ++s) actions += 1 + (steps[s].hit && !R.pin), flags = steps[s].hit ? R.capture_flags : flags;
    if (R.pin && !pins_left(steps, n)) flags = 0;
    int32_t* w = MoveList::begin_move(M, actions, flags, status);
    if (!w) return;
    const int16_t* cell = R.cell_of + me * (N + 1);
    for (int s = 0; s < n; ++s) {
      const int from = steps[s].from, to = steps[s].to;
      if (steps[s].hit && !R.pin) w = MoveList::put(w, Op::ToReserve, 1, cell[to], R.bar, 0);
      if (from == entry) w = MoveList::put(w, Op::FromReserve, 0, cell[to], R.bar, R.code[me]);
      else if (to <= 0) w = MoveList::put(w, Op::ToReserve, 1, cell[from], R.off, 0);
      else w = MoveList::put(w, Op::Move, 1, cell[from], cell[to], 0);
    }
  }

  void generate() {
    nd = std::min<int>(S.ndice, kMaxDice);
    is_double = nd >= 2;
    for (int i = 0; i < nd; ++i) dice[i] = S.dice[i], used[i] = false, is_double = is_double && dice[i] == dice[0];
    rt.seen_.clear();
    rt.turns_.clear();
    rt.buf_.clear();
    search(kAny);
    if (best == 0 || status != BL_OK) return;
    // Only one die of two played: the larger one, if any turn plays it.
    if (best == 1 && nd == 2 && !is_double) {
      const int big = std::max(dice[0], dice[1]);
      int n = 0;
      for (size_t i = 0; i < rt.turns_.size() && status == BL_OK; ++i)
        if (rt.turns_[i].steps[0].die == big) write(rt.turns_[i]), ++n;
      if (n > 0) return;
    }
    for (size_t i = 0; i < rt.turns_.size() && status == BL_OK; ++i) write(rt.turns_[i]);
  }
};

int32_t RaceTurns::run(bl_host* host, const bl_board* board, const bl_race_rules* rules) {
  // Called from Lua through the FFI: no exception may cross it.
  try {
    Search s(*static_cast<RaceTurns*>(host->race_scratch), *host, *board, *rules, host->state, host->moves);
    s.generate();
    return s.status;
  } catch (const std::bad_alloc&) {
    return BL_MEMORY;
  }
}

}  // namespace boardlab
