// Rules: legal moves, rolls, end-of-move rules and notation, generic over every definition.
#include "rules/rules.h"

#include <algorithm>
#include <cstring>
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
  if (vm_->has_result_hook())
    if (auto r = vm_->result(s)) return *r;
  if (def_->repetition_count && s.occurrences() >= def_->repetition_count)
    return {Outcome::Kind::Draw, Outcome::Reason::Repetition, -1};
  if (def_->no_progress_plies && s.quiet_plies() >= def_->no_progress_plies)
    return {Outcome::Kind::Draw, Outcome::Reason::NoProgress, -1};
  if (def_->max_plies && s.ply() >= def_->max_plies) return {Outcome::Kind::Draw, Outcome::Reason::MoveCap, -1};
  return {};
}

Rules::Notation Rules::notation(const State& s, const MoveList& legal) const {
  Notation n;
  n.board_ = &def_->board;
  for (int i = 0; i < legal.size(); ++i) {
    n.spellings_.push_back(vm_->notation(s, legal[i]));
    for (const auto& sp : n.spellings_.back()) {
      auto& moves = n.moves_by_spelling_[sp];
      if (moves.empty() || moves.back() != i) moves.push_back(i);
    }
  }
  // Each move prints as its first spelling that no other move shares.
  for (const auto& spellings : n.spellings_) {
    std::string pick = spellings.back();
    for (const auto& sp : spellings)
      if (n.moves_by_spelling_[sp].size() == 1) {
        pick = sp;
        break;
      }
    n.texts_.push_back(pick);
  }
  return n;
}

Rules::Notation::Parsed Rules::Notation::parse(const std::string& raw) const {
  std::string text = trim(raw);
  if (spellings_.empty()) return {-1, "there are no legal moves: the game is over"};
  std::vector<int> hits;
  if (auto it = moves_by_spelling_.find(text); it != moves_by_spelling_.end()) hits = it->second;
  if (hits.empty()) {
    // Forgiving: the same squares in the same order, whatever separates them (e1g3 for
    // e1-g3, "c7 a5 c3" for c7xa5xc3, 13/8 24/21* without the hit mark), if that is unique.
    auto squash = [](const std::string& t) {
      std::string out;
      for (char c : t)
        if (!std::strchr(" \t-x/,*", c)) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      return out;
    };
    const std::string key = squash(text);
    for (size_t i = 0; i < spellings_.size() && !key.empty(); ++i)
      for (const auto& sp : spellings_[i])
        if (squash(sp) == key && (hits.empty() || hits.back() != static_cast<int>(i))) hits.push_back(static_cast<int>(i));
  }
  if (hits.size() == 1) return {hits[0], {}};
  if (hits.size() > 1) {
    std::vector<std::string> options;
    for (int h : hits) options.push_back(texts_[h]);
    return {-1, fmt::format("'{}' is ambiguous: it could be {}", text, join(options, ", ")), true};
  }
  // Not legal: list the legal moves that start from the same place, if the text names one.
  std::string from;
  for (const auto& name : board_->cell_names)
    if (text.starts_with(name) && name.size() > from.size()) from = name;
  if (from.empty()) return {-1, fmt::format("'{}' is not a legal move (type 'moves' to list them)", text)};
  std::vector<std::string> near;
  for (const auto& t : texts_)
    if (t.starts_with(from) && (t.size() == from.size() || !std::isdigit(static_cast<unsigned char>(t[from.size()]))))
      near.push_back(t);
  if (near.empty()) return {-1, fmt::format("'{}' is not a legal move: nothing can move from {}", text, from)};
  return {-1, fmt::format("'{}' is not a legal move; from {}: {}", text, from, join(near, " "))};
}

std::string describe(const GameDef& g, const Outcome& o) {
  auto reason = [&]() -> std::string {
    switch (o.reason) {
      case Outcome::Reason::NoMoves: return "the other side has no move";
      case Outcome::Reason::NoPieces: return "the other side has no piece left";
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
