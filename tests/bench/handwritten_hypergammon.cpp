// A hand-written C++ Hypergammon, backgammon, nackgammon and Plakoto (benchmark yardstick
// and test oracle only), written the way a strong engine generates moves (GNU Backgammon's
// GenerateMoves is the model): a double's four steps are searched with each step starting
// from the same point as the one before or a lower one, so no order of the same steps is
// searched twice; the two orders of different dice are both searched and their common ends
// merged by an incrementally kept Zobrist key in an open-addressed table; legality tests use
// the side's highest checker, found once per search node, not a scan per step.
#include "handwritten_hypergammon.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace handwritten_hypergammon {

bool Position::operator==(const Position& o) const {
  return std::memcmp(count, o.count, sizeof count) == 0 && std::memcmp(pinned, o.pinned, sizeof pinned) == 0;
}
bool Position::operator<(const Position& o) const {
  const int c = std::memcmp(count, o.count, sizeof count);
  return c != 0 ? c < 0 : std::memcmp(pinned, o.pinned, sizeof pinned) < 0;
}

Position start_position(const Setup& setup, bool pins) {
  Position p;
  p.pins = pins;
  for (int s = 0; s < 2; ++s)
    for (const auto& [point, n] : setup) p.count[s][point] = static_cast<int8_t>(n);
  return p;
}

namespace {

constexpr int kMaxCount = 16;  // a point holds at most 15 checkers

// Zobrist keys: one per (side, point, free checkers there) and per (side, point) pinned.
struct Keys {
  uint64_t count[2][26][kMaxCount];
  uint64_t pinned[2][26];
  Keys() {
    uint64_t x = 0x9E3779B97F4A7C15ull;
    auto next = [&x] {  // splitmix64
      uint64_t z = (x += 0x9E3779B97F4A7C15ull);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      return z ^ (z >> 31);
    };
    for (auto& side : count)
      for (auto& point : side)
        for (uint64_t& k : point) k = next();
    for (auto& side : pinned)
      for (uint64_t& k : side) k = next();
  }
};
const Keys kKeys;

uint64_t key_of(const Position& p) {
  uint64_t k = 0;
  for (int s = 0; s < 2; ++s)
    for (int i = 0; i < 26; ++i) k ^= kKeys.count[s][i][p.count[s][i]] ^ (p.pinned[s][i] ? kKeys.pinned[s][i] : 0);
  return k;
}

// One search node: the position and its key.
struct Node {
  Position p;
  uint64_t key;
};

// The search of one roll. Points are visited in "rank" order, the bar first then 24 down to
// 1 (rank r is point 25 - r, rank 0 the bar), so a double's next step starts at the rank of
// the step before.
class TurnSearch {
 public:
  void run(const Position& p, int d1, int d2, std::vector<Position>& out) {
    out_ = &out;
    out_->clear();
    ++stamp_;
    best_ = -1;
    first_.clear();
    const Node root{p, key_of(p)};
    if (d1 == d2) {
      for (int& d : dice_) d = d1;
      ndice_ = 4;
      search(root, 0, 0, d1);
    } else {
      // The larger die first: an end both dice reach alone is kept as the larger's.
      dice_[0] = std::max(d1, d2), dice_[1] = std::min(d1, d2);
      ndice_ = 2;
      search(root, 0, 0, dice_[0]);
      std::swap(dice_[0], dice_[1]);
      search(root, 0, 0, dice_[0]);
      if (best_ == 1) keep_larger(std::max(d1, d2));
    }
  }

 private:
  // The mover's highest checker as a point (25: the bar; pinned ones count), 0 if none.
  static int highest(const Position& p) {
    const int8_t* me = p.count[p.side];
    if (me[0]) return 25;
    const int8_t* pins = p.pinned[p.side];
    for (int k = 24; k >= 1; --k)
      if (me[k] || (p.pins && pins[k])) return k;
    return 0;
  }

  static void add(Node& n, int side, int point, int delta) {
    int8_t& c = n.p.count[side][point];
    n.key ^= kKeys.count[side][point][c];
    c = static_cast<int8_t>(c + delta);
    n.key ^= kKeys.count[side][point][c];
  }
  static void set_pin(Node& n, int side, int point, int8_t v) {
    n.key ^= kKeys.pinned[side][point];
    n.p.pinned[side][point] = v;
  }

  // Moves a checker of the mover from `from` (0: the bar) by `die` in `n`; false if it may
  // not. `high` is the mover's highest checker before the step.
  static bool step(Node& n, int from, int die, int high) {
    Position& p = n.p;
    const int me = p.side, them = 1 - me;
    if (p.count[me][from] == 0) return false;
    if (!p.pins && high == 25 && from != 0) return false;  // the bar enters first
    const int to = (from == 0 ? 25 : from) - die;
    if (to <= 0) {
      if (high > 6) return false;                   // bearing off needs every checker home
      if (to < 0 && from != high) return false;     // a higher die bears off the highest only
      leave(n, from);
      add(n, me, 25, +1);
      return true;
    }
    const int there = p.count[them][25 - to];
    if (there >= 2) return false;
    if (p.pins) {
      if (there == 1 && p.pinned[me][to]) return false;  // their checker pins one of mine there
      leave(n, from);
      if (there == 1) add(n, them, 25 - to, -1), set_pin(n, them, 25 - to, 1);  // a pin
    } else {
      leave(n, from);
      if (there == 1) add(n, them, 25 - to, -1), add(n, them, 0, +1);  // a hit
    }
    add(n, me, to, +1);
    return true;
  }
  // A checker leaves `from`; in Plakoto the last one to leave frees the checker it pinned.
  static void leave(Node& n, int from) {
    const int me = n.p.side, them = 1 - me;
    add(n, me, from, -1);
    if (n.p.pins && n.p.count[me][from] == 0 && n.p.pinned[them][25 - from])
      set_pin(n, them, 25 - from, 0), add(n, them, 25 - from, +1);
  }

  void search(const Node& n, int used, int first_rank, int first_die) {
    bool moved = false;
    if (used < ndice_) {
      const int high = highest(n.p), die = dice_[used];
      const int8_t* me = n.p.count[n.p.side];
      for (int rank = first_rank; rank <= 24; ++rank) {
        const int from = rank == 0 ? 0 : 25 - rank;
        if (me[from] == 0) continue;
        Node m = n;
        if (!step(m, from, die, high)) continue;
        moved = true;
        search(m, used + 1, ndice_ == 4 ? rank : 0, first_die);
      }
    }
    if (!moved) end(n, used, first_die);
  }

  void end(const Node& n, int used, int first_die) {
    if (used < best_) return;
    if (used > best_) {
      best_ = used;
      out_->clear();
      first_.clear();
      ++stamp_;
    }
    // Open addressing, linear probing; a slot is empty unless stamped by this search.
    for (size_t i = n.key & (kSlots - 1);; i = (i + 1) & (kSlots - 1)) {
      if (stamps_[i] != stamp_) {
        stamps_[i] = stamp_, keys_[i] = n.key;
        break;
      }
      if (keys_[i] == n.key) return;
    }
    out_->push_back(n.p);
    first_.push_back(static_cast<int8_t>(first_die));
  }

  // Only one of two different dice can be played: the larger must be, where it can.
  void keep_larger(int larger) {
    if (std::find(first_.begin(), first_.end(), larger) == first_.end()) return;
    size_t kept = 0;
    for (size_t i = 0; i < out_->size(); ++i)
      if (first_[i] == larger) (*out_)[kept++] = (*out_)[i];
    out_->resize(kept);
  }

  static constexpr size_t kSlots = 8192;  // more than any roll's distinct ends (gnubg: 3,060)
  std::vector<Position>* out_ = nullptr;
  std::vector<int8_t> first_;
  int dice_[4] = {}, ndice_ = 0, best_ = -1;
  uint32_t stamp_ = 0;
  std::array<uint32_t, kSlots> stamps_{};
  std::array<uint64_t, kSlots> keys_{};
};

}  // namespace

void turns(const Position& p, int d1, int d2, std::vector<Position>& out) {
  static thread_local TurnSearch search;  // its table is reused: stamped, never cleared
  search.run(p, d1, d2, out);
}

int outcome(const Position& p) {
  const bool mother_pinned[2] = {p.pins && p.pinned[0][24] != 0, p.pins && p.pinned[1][24] != 0};
  if (mother_pinned[0] && mother_pinned[1]) return -1;
  for (int s = 0; s < 2; ++s) {
    if (std::all_of(p.count[s], p.count[s] + 25, [](int8_t n) { return n == 0; }) &&
        std::all_of(p.pinned[s], p.pinned[s] + 25, [](int8_t n) { return n == 0; }))
      return s;
    const bool on_start = p.count[s][24] > 0 || p.pinned[s][24] != 0;
    if (mother_pinned[1 - s] && !on_start) return s;
  }
  return -2;
}

int playout(boardlab::Rng& rng, int max_plies, const Setup& setup, bool pins) {
  Position p = start_position(setup, pins);
  auto die = [&] { return static_cast<int>(rng.below(6)) + 1; };
  int d1 = die(), d2 = die();
  while (d1 == d2) d1 = die(), d2 = die();  // the opening roll-off: the higher plays both
  p.side = d1 > d2 ? 0 : 1;
  static thread_local std::vector<Position> options;
  int plies = 0;
  while (plies < max_plies) {
    turns(p, d1, d2, options);
    const int side = p.side;
    p = options[rng.below(static_cast<uint32_t>(options.size()))];
    p.side = 1 - side;
    ++plies;
    if (outcome(p) != -2) break;
    d1 = die(), d2 = die();
  }
  return plies;
}

}  // namespace handwritten_hypergammon
