// Rules: legal moves, rolls, end-of-move rules and notation, generic over every definition.
#include "rules/rules.h"

#include <algorithm>
#include <array>
#include <bit>
#include <fmt/format.h>

#include "board/lines.h"
#include "core/text.h"

namespace boardlab {

const std::vector<ChanceOutcome>& Rules::chance_outcomes(const State& s) const {
  static const std::vector<ChanceOutcome> none;
  if (!is_chance(s)) return none;
  return s.opening_roll() ? def_->dice.opening_outcomes : def_->dice.outcomes;
}

ChanceOutcome Rules::sample_chance(const State& s, Rng& rng) const {
  const DiceDef& d = def_->dice;
  ChanceOutcome o;
  if (s.opening_roll()) {
    uint32_t a, b;
    do {
      a = rng.below(static_cast<uint32_t>(d.sides)) + 1;
      b = rng.below(static_cast<uint32_t>(d.sides)) + 1;
    } while (a == b);
    o.side = a > b ? 0 : 1;
    o.dice[0] = static_cast<uint8_t>(std::max(a, b)), o.dice[1] = static_cast<uint8_t>(std::min(a, b));
  } else {
    for (int i = 0; i < d.count; ++i) o.dice[static_cast<size_t>(i)] = static_cast<uint8_t>(rng.below(static_cast<uint32_t>(d.sides)) + 1);
    std::sort(o.dice.begin(), o.dice.begin() + d.count, std::greater<>());
  }
  return o;
}

ChanceOutcome read_roll(const State& s, const std::string& text, int side) {
  const GameDef& def = s.def();
  const auto dice = parse_dice(def, text);  // a game without dice: says so
  if (!s.awaiting_roll()) throw PositionError("the position already holds its roll");
  ChanceOutcome o;
  std::copy(dice.begin(), dice.end(), o.dice.begin());
  if (s.opening_roll()) {
    if (dice.size() < 2 || dice[0] == dice[1])
      throw PositionError(fmt::format("'{}': a roll-off is never a double (each player rolls one die, the higher plays both)", text));
    if (side >= def.nplayers()) throw PositionError("no such player");
    o.side = static_cast<int8_t>(side >= 0 ? side : dice[0] > dice[1] ? 0 : 1);
  }
  return o;
}

void Rules::legal_moves(const State& s, MoveList& out) const {
  out.clear();
  if (over_as_known(s)) return;
  if (s.awaiting_roll()) throw std::logic_error("legal_moves: the dice must be rolled first");
  vm_->generate(s, out);
  if (!out.empty()) {
    s.set_verdict(s.outcome(), State::Judged::Fully);
  } else if (def_->no_moves == NoMovePolicy::Pass) {
    out.push(Move{});
    s.set_verdict(s.outcome(), State::Judged::Fully);
  } else {
    s.set_verdict(no_move_outcome(s), State::Judged::Fully);
  }
}

bool Rules::over_as_known(const State& s) const {
  if (s.judged() == State::Judged::No) s.set_verdict(end_of_move(s), State::Judged::EndOfMove);
  return s.outcome().over();
}

Outcome Rules::outcome(const State& s) const {
  if (over_as_known(s) || s.judged() == State::Judged::Fully || s.awaiting_roll()) return s.outcome();
  legal_moves(s, vm_->spare_moves());
  return s.outcome();
}

Outcome Rules::no_move_outcome(const State& s) const {
  if (def_->no_moves == NoMovePolicy::Draw) return {Outcome::Kind::Draw, Outcome::Reason::NoMoves, -1};
  // Only two-player games lose for having no move (the loader refuses it otherwise): the
  // other player wins.
  return {Outcome::Kind::Win, Outcome::Reason::NoMoves, static_cast<int8_t>(def_->next_player(s.side()))};
}

void Rules::apply(State& s, const Move& m) const {
  // Judged and ongoing before the move: no line result stood, so only lines through the
  // cells the move touched can have been made (a scan of the whole board was half of a
  // ply of a drop-and-line game).
  const bool ongoing_before = s.judged() != State::Judged::No && !s.outcome().over();
  s.apply(m);
  s.set_verdict(end_of_move(s, ongoing_before ? &m : nullptr), State::Judged::EndOfMove);
}

Outcome Rules::end_of_move(const State& s, const Move* last) const {
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
  if (const Outcome o = reached(s, last); o.over()) return o;
  if (vm_->has_result_hook())
    if (auto r = vm_->result(s)) return *r;
  if (def_->repetition_count && s.occurrences() >= def_->repetition_count)
    return {Outcome::Kind::Draw, Outcome::Reason::Repetition, -1};
  if (def_->no_progress_plies && s.quiet_plies() >= def_->no_progress_plies)
    return {Outcome::Kind::Draw, Outcome::Reason::NoProgress, -1};
  if (s.ply() >= def_->ply_cap()) return {Outcome::Kind::Draw, Outcome::Reason::MoveCap, -1};
  return {};
}

namespace {
// Calls `f` on each cell move `m` touched (a source, a target) until it returns true.
template <class F>
bool any_touched_cell(const Move& m, int ncells, F&& f) {
  for (const Action& a : m) {
    if (a.op == Op::Again) continue;
    if (a.a < ncells && f(a.a)) return true;
    if ((a.op == Op::Move || a.op == Op::Transfer) && a.b < ncells && f(a.b)) return true;
  }
  return false;
}

// Does a run of `line` or more of `player`'s cells pass through a cell `m` touched? Only
// on a board whose every direction has an opposite (a line through a cell is then the run
// both ways from it).
bool line_through_move(const Board& b, const int8_t* owner, int player, const Move& m, int line) {
  return any_touched_cell(m, b.ncells, [&](int cell) {
    if (owner[cell] != player) return false;
    for (int d = 0; d < b.ndirs(); ++d)
      if (d < b.opposite[static_cast<size_t>(d)] && line_through(b, owner, cell, d) >= line) return true;
    return false;
  });
}
}  // namespace

Outcome Rules::reached(const State& s, const Move* last) const {
  const int n = def_->nplayers(), words = s.owned_words();
  const Board& board = def_->board;
  const int8_t* owner = s.arrays().owner;
  // The first player `wins` holds for, from the one who just moved (the one before the side
  // to move) in turn order; -1 if none.
  auto mover_first = [&](auto&& wins) {
    for (int i = 0, p = s.side() == 0 ? n - 1 : s.side() - 1; i < n; ++i, p = def_->next_player(p))
      if (wins(p)) return p;
    return -1;
  };
  for (size_t r = 0; r < def_->results.size(); ++r) {
    const ResultDef& res = def_->results[r];
    int winner = -1;
    if (const int line = res.line) {
      // (Asked here, not for every result: a reach result is most games' only one, checked after every move.)
      const bool by_move = last && std::all_of(board.opposite.begin(), board.opposite.end(), [](int16_t o) { return o >= 0; });
      winner = mover_first([&](int p) {
        return by_move ? line_through_move(board, owner, p, *last, line) : longest_line(board, owner, p, nullptr) >= line;
      });
    }
    if (winner < 0 && !res.connect.empty()) {
      // A group that joins every set holds a cell the move touched, if none stood before it.
      std::array<int16_t, 2 * kMaxActions> touched;
      int ntouched = 0;
      if (last) any_touched_cell(*last, board.ncells, [&](int cell) { return touched[ntouched++] = static_cast<int16_t>(cell), false; });
      winner = mover_first([&](int p) {
        const size_t pi = static_cast<size_t>(p);
        if (!res.connect_need[pi]) return false;
        const auto& first = res.connect_first[pi];
        const int16_t* starts = last ? touched.data() : first.data();
        const int nstarts = last ? ntouched : static_cast<int>(first.size());
        return res.shifts.words
                   ? group_touches_bits(res.shifts, s.owned_cells(p), starts, nstarts,
                                        &res.connect_bits[pi * kMaxConnectSets * static_cast<size_t>(words)],
                                        std::popcount(res.connect_need[pi]))
                   : group_touches(board, owner, p, starts, nstarts, &res.connect[pi * static_cast<size_t>(board.ncells)],
                                   res.connect_need[pi], vm_->connect_scratch());
      });
    }
    if (winner < 0 && !res.reach.empty())
      winner = mover_first([&](int p) {
        const uint64_t* owned = s.owned_cells(p);
        const uint64_t* goal = &res.reach[static_cast<size_t>(p * words)];
        for (int w = 0; w < words; ++w)
          if (owned[w] & goal[w]) return true;
        return false;
      });
    if (winner >= 0)
      return {Outcome::Kind::Win, Outcome::Reason::Script, static_cast<int8_t>(winner), static_cast<uint8_t>(r + 1)};
  }
  return {};
}

std::string describe(const GameDef& g, const Outcome& o) {
  auto reason = [&]() -> std::string {
    switch (o.reason) {
      case Outcome::Reason::NoMoves: return o.kind == Outcome::Kind::Draw ? "the side to move has no move" : "the other side has no move";
      case Outcome::Reason::NoPieces: return "the other side has no piece left";
      case Outcome::Reason::NoStacks: return "the other side owns no stack";
      case Outcome::Reason::Repetition: return fmt::format("the position occurred {} times", g.repetition_count);
      case Outcome::Reason::MoveCap: return fmt::format("the {}-ply limit was reached", g.ply_cap());
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
