// Action ids (action_ids.h): a move's route as a number, and rolls by their place in the
// definition's lists.
#include "rules/action_ids.h"

#include <algorithm>
#include <fmt/format.h>
#include <stdexcept>

#include "state/move_route.h"

namespace boardlab {

ActionIds::ActionIds(const GameDef& def)
    : def_(&def),
      cells_(def.board.ncells),
      locations_(def.board.ncells + static_cast<int64_t>(def.reserve_slots.size()) + 1),
      counts_(std::max(1, def.stack_cap)) {}

int ActionIds::index_of(int location) const {
  if (location == kNoLocation) return static_cast<int>(locations_ - 1);
  return location >= 0 ? location : static_cast<int>(cells_) + (-1 - location);
}

int64_t ActionIds::key(const State& s, const Move& m) const {
  const MoveRoute r = move_route(s, m);
  if (r.legs == 0) return ((locations_ - 1) * locations_ + (locations_ - 1)) * counts_;
  const int64_t from = index_of(r.from), to = index_of(r.to);
  const int64_t count = std::clamp<int64_t>(r.count, 1, counts_);
  return (from * locations_ + to) * counts_ + (count - 1);
}

void ActionIds::ids(const State& s, const MoveList& legal, std::vector<int64_t>& out) const {
  const auto n = static_cast<size_t>(legal.size());
  out.resize(n);
  for (size_t i = 0; i < n; ++i) out[i] = key(s, legal[static_cast<int>(i)]);
  // Moves sharing a key, in the rules' order: the k-th after the first gets k * num_distinct() more.
  thread_local std::vector<std::pair<int64_t, size_t>> order;
  order.clear();
  for (size_t i = 0; i < n; ++i) order.emplace_back(out[i], i);
  std::sort(order.begin(), order.end());
  for (size_t i = 1, k = 1; i < n; ++i) {
    k = order[i].first == order[i - 1].first ? k : 0;
    out[order[i].second] += num_distinct() * static_cast<int64_t>(k++);
  }
}

ActionIds::Route ActionIds::route(int64_t id) const {
  if (id < 0) throw std::invalid_argument(fmt::format("no action has the id {}", id));
  const int64_t key = id % num_distinct();
  auto location = [&](int64_t index) {
    if (index == locations_ - 1) return kNoLocation;
    return index < cells_ ? static_cast<int>(index) : reserve_location(static_cast<int>(index - cells_));
  };
  Route r;
  r.count = static_cast<int>(key % counts_) + 1;
  r.to = location(key / counts_ % locations_);
  r.from = location(key / counts_ / locations_);
  return r;
}

int ActionIds::num_rolls() const {
  return static_cast<int>(def_->dice.outcomes.size() + def_->dice.opening_outcomes.size());
}

namespace {
bool same_roll(const ChanceOutcome& a, const ChanceOutcome& b, int ndice) {
  auto sorted = [&](const ChanceOutcome& o) {
    std::vector<int> d(o.dice.begin(), o.dice.begin() + ndice);
    std::sort(d.rbegin(), d.rend());
    return d;
  };
  return sorted(a) == sorted(b) && (a.side < 0 || b.side < 0 || a.side == b.side);
}
}  // namespace

int ActionIds::roll_id(const State& s, const ChanceOutcome& roll) const {
  // The roll-off's rolls are numbered after the others.
  const auto& list = s.opening_roll() ? def_->dice.opening_outcomes : def_->dice.outcomes;
  const int offset = s.opening_roll() ? static_cast<int>(def_->dice.outcomes.size()) : 0;
  for (size_t i = 0; i < list.size(); ++i)
    if (same_roll(list[i], roll, def_->dice.count)) return offset + static_cast<int>(i);
  return -1;
}

}  // namespace boardlab
