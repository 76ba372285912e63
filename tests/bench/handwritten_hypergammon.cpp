// A hand-written C++ Hypergammon (benchmark yardstick and test oracle only).
#include "handwritten_hypergammon.h"

#include <algorithm>
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

// Plakoto's step: a free checker moves `die` points; landing on a lone enemy checker pins
// it, and leaving a point frees the enemy checker pinned there by the last one leaving.
bool step_pin(Position& p, int from, int die) {
  int8_t *me = p.count[p.side], *them = p.count[1 - p.side];
  int8_t *my_pins = p.pinned[p.side], *their_pins = p.pinned[1 - p.side];
  if (from == 0 || me[from] == 0) return false;
  auto leave = [&] {
    if (--me[from] == 0 && their_pins[25 - from]) their_pins[25 - from] = 0, ++them[25 - from];
  };
  const int to = from - die;
  if (to <= 0) {
    for (int k = 7; k <= 24; ++k)
      if (me[k] || my_pins[k]) return false;  // bearing off needs every checker home (pinned ones too)
    if (to < 0)
      for (int k = from + 1; k <= 6; ++k)
        if (me[k] || my_pins[k]) return false;  // a higher die bears off from the highest point only
    leave();
    ++me[25];
    return true;
  }
  int8_t& there = them[25 - to];
  if (there >= 2 || (there == 1 && my_pins[to])) return false;  // closed
  leave();
  if (there == 1) there = 0, their_pins[25 - to] = 1;  // a pin
  ++me[to];
  return true;
}

// Moves one checker of the side to move `die` points from its point `from` (0: the bar);
// false if it may not.
bool step(Position& p, int from, int die) {
  if (p.pins) return step_pin(p, from, die);
  int8_t* me = p.count[p.side];
  int8_t* them = p.count[1 - p.side];
  if (me[from] == 0 || (from != 0 && me[0] > 0)) return false;  // the bar enters first
  int to = (from == 0 ? 25 : from) - die;
  if (to <= 0) {
    for (int k = 7; k <= 24; ++k)
      if (me[k]) return false;  // bearing off needs every checker home
    if (me[0]) return false;
    if (to < 0)
      for (int k = from + 1; k <= 6; ++k)
        if (me[k]) return false;  // a higher die bears off from the highest point only
    --me[from], ++me[25];
    return true;
  }
  int8_t& there = them[25 - to];
  if (there >= 2) return false;
  if (there == 1) there = 0, ++them[0];  // a hit
  --me[from], ++me[to];
  return true;
}

// Every way to play `dice[used..]` in order from `p`: the deepest play reaches `best`
// dice; each end position is kept with the dice it used.
struct Turns {
  std::vector<std::pair<Position, int>> ends;  // position, dice used
  int dice[4] = {}, ndice = 0;
  int larger = 0;
  std::vector<int> first_die;  // per end: the die played first (for the larger-die rule)

  void play(const Position& p, int used, int first) {
    bool moved = false;
    if (used < ndice)
      for (int from = 0; from <= 24; ++from) {
        Position q = p;
        if (!step(q, from, dice[used])) continue;
        moved = true;
        play(q, used + 1, used == 0 ? dice[0] : first);
      }
    if (!moved) ends.push_back({p, used}), first_die.push_back(first);
  }
};

}  // namespace

void turns(const Position& p, int d1, int d2, std::vector<Position>& out) {
  out.clear();
  Turns t;
  if (d1 == d2) {
    t.ndice = 4;
    for (int& d : t.dice) d = d1;
    t.play(p, 0, 0);
  } else {
    t.ndice = 2;
    t.dice[0] = d1, t.dice[1] = d2;
    t.play(p, 0, 0);
    t.dice[0] = d2, t.dice[1] = d1;
    t.play(p, 0, 0);
  }
  int most = 0;
  for (const auto& [q, used] : t.ends) most = std::max(most, used);
  // Only one of two different dice playable: the larger if it can be.
  const int larger = std::max(d1, d2);
  bool larger_playable = false;
  if (d1 != d2 && most == 1)
    for (size_t i = 0; i < t.ends.size(); ++i) larger_playable |= t.ends[i].second == 1 && t.first_die[i] == larger;
  for (size_t i = 0; i < t.ends.size(); ++i) {
    if (t.ends[i].second != most) continue;
    if (larger_playable && t.first_die[i] != larger) continue;
    out.push_back(t.ends[i].first);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
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
  static std::vector<Position> options;
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
