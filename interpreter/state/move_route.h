// Move routes: a move as the clicks a person makes on a board. A move's primitive actions
// become legs, each a piece (or the top pieces of a stack) going from one location to
// another by way of any waypoints: a dice turn is a leg per die, a capture chain one leg with
// a stop per landing square, a stack split one leg with its count. Other actions (a capture,
// a hit, a promotion) ride along with the leg they belong to, so that a front end can show
// the position after each leg a person has chosen.
#pragma once
#include <string>
#include <vector>

#include "state/state.h"

namespace boardlab {

// A location is a cell index (>= 0) or a reserve slot s as -(1 + s).
constexpr int reserve_location(int slot) { return -1 - slot; }
std::string location_name(const GameDef& def, int location);  // a cell's name, or "@" + the slot's

struct MoveLeg {
  std::vector<int> stops;    // where the piece starts, every waypoint, where it ends
  int count = 1;             // pieces moved together
  std::vector<int> actions;  // the move's actions this leg applies, in order
};

// The legs of `m`, a legal move in `before`, in the order the move lists them. A move with
// no leg (a pass, or only side actions) gives none.
std::vector<MoveLeg> move_legs(const State& before, const Move& m);

// Where a move's first leg starts, where its last leg ends and how many pieces the first
// moves, as move_legs reads them but without making them (action ids ask this of every legal
// move). No leg: `legs` 0.
struct MoveRoute {
  int from = 0, to = 0, count = 0, legs = 0;
};
MoveRoute move_route(const State& before, const Move& m);

// The position after some of a move's legs, applied in the order given (a person may play a
// dice turn's legs in any order). Throws std::invalid_argument if that order cannot be
// applied (a leg that starts where a piece is not yet).
State after_legs(const State& before, const Move& m, const std::vector<MoveLeg>& legs, const std::vector<int>& order);

}  // namespace boardlab
