// Action ids: one integer per legal move (and per roll), the same for the same move wherever
// it is legal, for programs that want a fixed numbering (a policy network's outputs, the
// Python module's OpenSpiel-style API). A move's number comes from its route as
// state/move_route.h reads it: where its first leg starts, where its last leg ends, and how
// many pieces its first leg moves (in a game whose cells hold stacks). Locations are the
// cells, then the reserve slots, then "none" (a pass, or a move with no leg):
//
//   key = (from * L + to) * C + (count - 1),  L = cells + slots + 1,
//   C = the most pieces a cell holds (1 in a game without stacks),
//   num_distinct() = L * L * C.
//
// Where two legal moves of one position have the same route (a dice turn's legs in other
// orders of other pieces, two capture paths between the same squares, a capture by
// approach and one by withdrawal along the same step), the first in the rules' order keeps
// the key and the k-th after it gets key + k * num_distinct(): ids are unique in every
// position, and `id % num_distinct()` is the route. docs/python.md lists how often that happens in each bundled game.
//
// Rolls: the index of the roll in the definition's list of rolls (GameDef::dice.outcomes),
// the roll-off's rolls after them.
#pragma once
#include <cstdint>
#include <vector>

#include "rules/rules.h"

namespace boardlab {

class ActionIds {
 public:
  explicit ActionIds(const GameDef& def);
  int64_t num_distinct() const { return locations_ * locations_ * counts_; }
  // The route key of `m`, a legal move of `s` (below num_distinct()).
  int64_t key(const State& s, const Move& m) const;
  // The ids of `legal`, the legal moves of `s`, in their order.
  void ids(const State& s, const MoveList& legal, std::vector<int64_t>& out) const;

  // What a key says: locations as state/move_route.h numbers them (a cell, or a reserve slot
  // as reserve_location(slot)), kNoLocation for none.
  static constexpr int kNoLocation = 1 << 30;
  struct Route {
    int from = kNoLocation, to = kNoLocation, count = 1;
  };
  Route route(int64_t id) const;

  // Rolls: how many ids there are, and the id of a roll `s` may get (-1 if none matches).
  int num_rolls() const;
  int roll_id(const State& s, const ChanceOutcome& roll) const;

 private:
  int index_of(int location) const;  // a location's index in the key
  const GameDef* def_;
  int64_t cells_, locations_, counts_;
};

}  // namespace boardlab
