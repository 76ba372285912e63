// Rules: legal moves, rolls, end-of-move rules and notation, generic over every definition.
#include "rules/rules.h"

#include <algorithm>
#include <fmt/format.h>

#include "core/text.h"

namespace boardlab {

const std::vector<ChanceOutcome>& Rules::chance_outcomes(const State& s) const {
  static const std::vector<ChanceOutcome> none;
  if (!s.awaiting_roll() || s.outcome().over()) return none;
  return s.opening_roll() ? def_->dice.opening_outcomes : def_->dice.outcomes;
}

void Rules::roll(State& s, Rng& rng) const {
  const DiceDef& d = def_->dice;
  std::array<uint8_t, kMaxDice> dice{};
  int side = -1;
  if (s.opening_roll()) {
    uint32_t a, b;
    do {
      a = rng.below(static_cast<uint32_t>(d.sides)) + 1;
      b = rng.below(static_cast<uint32_t>(d.sides)) + 1;
    } while (a == b);
    side = a > b ? 0 : 1;
    dice[0] = static_cast<uint8_t>(std::max(a, b)), dice[1] = static_cast<uint8_t>(std::min(a, b));
  } else {
    for (int i = 0; i < d.count; ++i) dice[static_cast<size_t>(i)] = static_cast<uint8_t>(rng.below(static_cast<uint32_t>(d.sides)) + 1);
    std::sort(dice.begin(), dice.begin() + d.count, std::greater<>());
  }
  s.roll(dice.data(), side);
}

void Rules::legal_moves(const State& s, MoveList& out) const {
  out.clear();
  if (s.outcome().over()) return;
  if (s.awaiting_roll()) throw std::logic_error("legal_moves: the dice must be rolled first");
  vm_->generate(s, out);
  if (out.empty() && def_->no_moves == NoMovePolicy::Pass) out.push(Move{});
}

Outcome Rules::no_move_outcome(const State& s) const {
  // Only two-player games lose for having no move (the loader refuses it otherwise): the
  // other player wins.
  return {Outcome::Kind::Win, Outcome::Reason::NoMoves, static_cast<int8_t>(def_->next_player(s.side()))};
}

bool Rules::start_turn(State& s, MoveList& out) const {
  legal_moves(s, out);
  if (!out.empty()) return true;
  if (!s.outcome().over()) s.set_outcome(no_move_outcome(s));
  return false;
}

void Rules::apply(State& s, const Move& m) const {
  s.apply(m);
  if (const Outcome o = end_of_move(s); o.over()) s.set_outcome(o);
}

void Rules::judge(State& s) const {
  if (!s.outcome().over()) s.set_outcome(end_of_move(s));
}

Outcome Rules::end_of_move(const State& s) const {
  if (def_->lose_without_pieces) {
    // Two-player games only (the loader says so): the side left with no piece loses,
    // whoever moved.
    for (int p = 0; p < def_->nplayers(); ++p)
      if (s.count(p) == 0) return {Outcome::Kind::Win, Outcome::Reason::NoPieces, static_cast<int8_t>(def_->next_player(p))};
  }
  if (def_->lose_without_stacks) {
    // Likewise for a side that owns no stack (no piece of its on top): a scan of its bit set.
    for (int p = 0; p < def_->nplayers(); ++p) {
      const uint64_t* owned = s.owned_cells(p);
      if (std::all_of(owned, owned + s.owned_words(), [](uint64_t w) { return w == 0; }))
        return {Outcome::Kind::Win, Outcome::Reason::NoStacks, static_cast<int8_t>(def_->next_player(p))};
    }
  }
  if (const Outcome o = reached(s); o.over()) return o;
  if (vm_->has_result_hook())
    if (auto r = vm_->result(s)) return *r;
  if (def_->repetition_count && s.occurrences() >= def_->repetition_count)
    return {Outcome::Kind::Draw, Outcome::Reason::Repetition, -1};
  if (def_->no_progress_plies && s.quiet_plies() >= def_->no_progress_plies)
    return {Outcome::Kind::Draw, Outcome::Reason::NoProgress, -1};
  if (def_->max_plies && s.ply() >= def_->max_plies) return {Outcome::Kind::Draw, Outcome::Reason::MoveCap, -1};
  return {};
}

Outcome Rules::reached(const State& s) const {
  // The players from the one who just moved (the one before the side to move), in turn order.
  const int n = def_->nplayers(), words = s.owned_words();
  for (size_t r = 0; r < def_->results.size(); ++r) {
    const auto& reach = def_->results[r].reach;
    if (reach.empty()) continue;
    for (int i = 0, p = s.side() == 0 ? n - 1 : s.side() - 1; i < n; ++i, p = def_->next_player(p)) {
      const uint64_t* owned = s.owned_cells(p);
      const uint64_t* goal = &reach[static_cast<size_t>(p * words)];
      for (int w = 0; w < words; ++w)
        if (owned[w] & goal[w]) return {Outcome::Kind::Win, Outcome::Reason::Script, static_cast<int8_t>(p), static_cast<uint8_t>(r + 1)};
    }
  }
  return {};
}

std::string describe(const GameDef& g, const Outcome& o) {
  auto reason = [&]() -> std::string {
    switch (o.reason) {
      case Outcome::Reason::NoMoves: return "the other side has no move";
      case Outcome::Reason::NoPieces: return "the other side has no piece left";
      case Outcome::Reason::NoStacks: return "the other side owns no stack";
      case Outcome::Reason::Repetition: return fmt::format("the position occurred {} times", g.repetition_count);
      case Outcome::Reason::MoveCap: return fmt::format("the {}-ply limit was reached", g.max_plies);
      case Outcome::Reason::NoProgress: return fmt::format("{} plies without progress", g.no_progress_plies);
      case Outcome::Reason::Script:
        return o.detail && o.detail <= g.results.size() ? g.results[o.detail - 1u].doc : "by the rules";
      case Outcome::Reason::Resign: return "resignation";
      case Outcome::Reason::None: return "";
    }
    return "";
  };
  switch (o.kind) {
    case Outcome::Kind::Ongoing: return "the game goes on";
    case Outcome::Kind::Win: return fmt::format("{} wins ({})", g.players[o.winner].name, reason());
    case Outcome::Kind::Draw: return fmt::format("draw ({})", reason());
  }
  return "";
}

}  // namespace boardlab
