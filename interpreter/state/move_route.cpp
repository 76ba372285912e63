// Move routes (move_route.h): legs read off a move's actions, the position before an action
// read from the move's prefix to know whose piece it lifts.
#include "state/move_route.h"

#include <algorithm>
#include <optional>
#include <fmt/format.h>
#include <stdexcept>

namespace boardlab {

std::string location_name(const GameDef& def, int location) {
  if (location >= 0) return def.board.cell_names.at(static_cast<size_t>(location));
  return "@" + def.reserve_slots.at(static_cast<size_t>(-1 - location));
}

namespace {

// The first `n` actions of `m`: a state applies a move whole (the turn ends after it), so
// the position between two actions is the position after such a prefix.
Move prefix(const Move& m, int n) {
  Move p;
  for (int i = 0; i < n; ++i) p.push(m.actions[static_cast<size_t>(i)]);
  return p;
}

}  // namespace

namespace {

// Reads `m`'s actions as legs, the one reading of move_legs and move_route: calls
// leg(i, from, to, count) where action i starts a leg, waypoint(i, cell) where it adds a stop
// to the leg still open, side(i) for any other action (a capture, a hit, a promotion).
template <class Leg, class Waypoint, class Side>
void scan_legs(const State& before, const Move& m, Leg leg, Waypoint waypoint, Side side) {
  const GameDef& def = before.def();
  const int mover = before.side();
  std::optional<State> shadow;  // made only when a cell an earlier action touched is asked about
  // The piece `level` of `cell` (from the top when negative) as it is just before action i.
  auto piece_before = [&](int i, int cell, int level) -> uint8_t {
    if (cell >= def.board.ncells) return 0;
    auto at_level = [&](const State& s) -> uint8_t {
      const int h = s.height(cell);
      const int at = level < 0 ? h + level : level;
      return at >= 0 && at < h ? s.piece(cell, at) : 0;
    };
    // Untouched by the actions before i, the cell is as it was before the move: no copy of
    // the state (move ids ask this for every legal move of every position).
    bool touched = false;
    for (int k = 0; k < i && !touched; ++k) {
      const Action& x = m.actions[static_cast<size_t>(k)];
      touched = x.a == cell || ((x.op == Op::Move || x.op == Op::Transfer) && x.b == cell);
    }
    if (!touched) return at_level(before);
    uint8_t code = 0;
    try {
      if (!shadow) shadow.emplace(before.snapshot());
      shadow->apply(prefix(m, i));
      code = at_level(*shadow);
      shadow->undo();
    } catch (const std::exception&) {  // a prefix that does not apply: no piece is known
    }
    return code;
  };
  // A leg still taking waypoints (a move or a chain started by a mark): its end stays last.
  bool open = false, any = false;
  auto mine = [&](uint8_t code) { return code != 0 && def.owner_of[code] == mover; };
  for (int i = 0; i < m.count; ++i) {
    const Action& a = m.actions[static_cast<size_t>(i)];
    const bool slot_ok = a.b < def.reserve_slots.size();
    switch (a.op) {
      case Op::Move:
        leg(i, a.a, a.b, a.n);
        open = any = true;
        break;
      case Op::Mark:
        if (open && any) {
          waypoint(i, a.a);
        } else {
          leg(i, a.a, a.a, 0);  // a chain that ends where it began
          open = any = true;
        }
        break;
      case Op::FromReserve:
      case Op::Put:
        if (slot_ok && mine(static_cast<uint8_t>(a.c))) {
          leg(i, reserve_location(a.b), a.a, 1);
          open = false, any = true;
        } else {
          side(i);
        }
        break;
      case Op::ToReserve:
      case Op::Take: {
        const uint8_t code = piece_before(i, a.a, a.op == Op::ToReserve ? -1 : a.n);
        if (slot_ok && mine(code)) {
          leg(i, a.a, reserve_location(a.b), a.op == Op::ToReserve ? a.n : 1);
          open = false, any = true;
        } else {
          side(i);
        }
        break;
      }
      default:  // captures, promotions, pieces moved inside columns
        side(i);
    }
  }
}

}  // namespace

std::vector<MoveLeg> move_legs(const State& before, const Move& m) {
  std::vector<MoveLeg> legs;
  std::vector<int> pending;  // side actions since the last leg began
  // A side action between two legs belongs to the one that stops on its cell (a hit or a
  // capture where the next leg lands), else to the one before (a chain's captures, a
  // promotion where it ended).
  auto leg = [&](int action, int from, int to, int count) {
    MoveLeg l;
    l.stops = {from, to};
    l.count = count;
    for (int i : pending) {
      const int cell = m.actions[static_cast<size_t>(i)].a;
      const bool here = std::find(l.stops.begin(), l.stops.end(), cell) != l.stops.end();
      (here || legs.empty() ? l.actions : legs.back().actions).push_back(i);
    }
    l.actions.push_back(action);
    pending.clear();
    legs.push_back(std::move(l));
  };
  auto waypoint = [&](int action, int cell) {
    auto& stops = legs.back().stops;
    stops.insert(stops.end() - 1, cell);
    legs.back().actions.push_back(action);
  };
  scan_legs(before, m, leg, waypoint, [&](int action) { pending.push_back(action); });
  if (!legs.empty())  // side actions after the last leg are its own
    legs.back().actions.insert(legs.back().actions.end(), pending.begin(), pending.end());
  for (auto& l : legs) std::sort(l.actions.begin(), l.actions.end());  // applied in the move's order
  return legs;
}

MoveRoute move_route(const State& before, const Move& m) {
  MoveRoute r;
  scan_legs(
      before, m,
      [&](int, int from, int to, int count) {
        if (r.legs++ == 0) r.from = from, r.count = count;
        r.to = to;
      },
      [](int, int) {}, [](int) {});
  return r;
}

State after_legs(const State& before, const Move& m, const std::vector<MoveLeg>& legs, const std::vector<int>& order) {
  Move part;
  std::vector<bool> taken(legs.size());
  for (int k : order) {
    if (k < 0 || k >= static_cast<int>(legs.size())) throw std::invalid_argument("no such leg");
    // Each leg once: a leg repeated would make a move longer than any the rules wrote.
    if (taken[static_cast<size_t>(k)]) throw std::invalid_argument(fmt::format("leg {} is given twice", k));
    taken[static_cast<size_t>(k)] = true;
    for (int i : legs[static_cast<size_t>(k)].actions) part.push(m.actions[static_cast<size_t>(i)]);
  }
  State s = before;
  try {
    s.apply(part);
  } catch (const std::exception& e) {
    throw std::invalid_argument(fmt::format("the legs cannot be played in this order: {}", e.what()));
  }
  return s;
}

}  // namespace boardlab
