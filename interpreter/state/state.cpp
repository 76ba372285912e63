// State: apply and undo of primitive actions with an incremental Zobrist hash.
#include "state/state.h"

#include "core/diagnostics.h"
#include "state/action_words.h"

#include <algorithm>
#include <fmt/format.h>
#include <stdexcept>

namespace boardlab {

State::State(const GameDef& def) : def_(&def) {
  height_.assign(def.board.ncells, 0);
  owner_.assign(def.board.ncells, -1);
  owned_words_ = def.cell_words();
  owned_.assign(def.players.size() * static_cast<size_t>(owned_words_), 0);
  count_.assign(def.players.size(), 0);
  pieces_.assign(static_cast<size_t>(def.board.ncells) * def.stack_cap, 0);
  reserve_.assign(def.reserve_slots.size() * def.ncodes, 0);
  for (const auto& e : def.setup)
    for (uint8_t c : e.stack) push_piece(e.cell, c);
  for (const auto& r : def.stock) set_reserve(r.slot, r.code, r.count);
  side_ = def.first_player;
  awaiting_roll_ = def.dice.count > 0;
  opening_ = def.dice.roll_off;
  update_dice_key();
  reset_history();
}

State::State(const State& o, Snapshot)
    : def_(o.def_), height_(o.height_), pieces_(o.pieces_), owner_(o.owner_), count_(o.count_), in_play_(o.in_play_),
      drawn_(o.drawn_), owned_(o.owned_), owned_words_(o.owned_words_), reserve_(o.reserve_), side_(o.side_), ply_(o.ply_),
      removed_(o.removed_), occurrences_(o.occurrences_), quiet_plies_(o.quiet_plies_), board_hash_(o.board_hash_),
      dice_key_(o.dice_key_), dice_(o.dice_), ndice_(o.ndice_), awaiting_roll_(o.awaiting_roll_), opening_(o.opening_),
      outcome_(o.outcome_), judged_(o.judged_) {
  if (def_->repetition_count) occurrences_ = seen_.add(repetition_key());  // counted from here, as the history
}

State State::snapshot() const { return State(*this, Snapshot{}); }

namespace {
uint64_t mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
}  // namespace

void State::update_dice_key() {
  uint64_t k = mix(0xD1CE + (awaiting_roll_ ? 1 : 0) + (opening_ ? 2 : 0));
  for (int i = 0; i < ndice_; ++i) k = mix(k ^ dice_[static_cast<size_t>(i)]);
  dice_key_ = def_->dice.count ? k : 0;
}

std::vector<int> State::rolled() const {
  if (awaiting_roll_) return {};
  return std::vector<int>(dice_.begin(), dice_.begin() + std::min<int>(ndice_, def_->dice.count));
}

void State::set_dice(const uint8_t* rolled, int count) {
  const DiceDef& d = def_->dice;
  if (count != 0 && count != d.count) throw std::invalid_argument(fmt::format("this game rolls {} dice", d.count));
  for (int i = 0; i < count; ++i)
    if (rolled[i] < 1 || rolled[i] > d.sides) throw std::invalid_argument(fmt::format("a die shows 1 to {}", d.sides));
  awaiting_roll_ = count == 0 && d.count > 0;
  opening_ = false;
  forget_verdict();
  ndice_ = count ? static_cast<uint8_t>(d.played(rolled)) : 0;
  dice_.fill(0);  // the unused ones too: states compare whole arrays
  for (int i = 0; i < ndice_; ++i) dice_[static_cast<size_t>(i)] = rolled[std::min(i, count - 1)];
  update_dice_key();
}

void State::set_opening_roll() {
  forget_verdict();
  awaiting_roll_ = true;
  opening_ = true;
  ndice_ = 0;
  update_dice_key();
}

State::UndoRecord State::record(uint8_t count, uint8_t flags, bool is_roll) const {
  return UndoRecord{static_cast<uint32_t>(undo_actions_.size()), count, flags, static_cast<int8_t>(side_), outcome_,
                    judged_, quiet_plies_, is_roll, awaiting_roll_, opening_, ndice_, dice_};
}

void State::restore_dice(const UndoRecord& r) {
  awaiting_roll_ = r.awaiting_roll;
  opening_ = r.opening;
  ndice_ = r.ndice;
  dice_ = r.dice;
  update_dice_key();
}

void State::roll(const uint8_t* rolled, int side) {
  if (!awaiting_roll_) throw std::logic_error("the dice are already rolled");
  undo_.push_back(record(0, 0, true));
  const Outcome known = outcome_;
  const Judged how = judged_;
  set_dice(rolled, def_->dice.count);
  if (side >= 0) side_ = side;
  // The end-of-move verdict stands (a roll moves nothing); whether the side to move has a
  // move is not known yet.
  set_verdict(known, how == Judged::No ? Judged::No : Judged::EndOfMove);
}

uint64_t State::hash() const { return board_hash_ ^ def_->z_side[side_] ^ dice_key_; }

uint64_t State::repetition_key() const {
  return def_->repetition_key == RepetitionKey::Board ? board_hash_ : hash();
}

int State::total_pieces() const {
  int n = 0;
  for (uint8_t h : height_) n += h;
  for (size_t i = 0; i < reserve_.size(); ++i)
    if (def_->unlimited.empty() || !def_->unlimited[i]) n += reserve_[i];
  return n - drawn_;
}

void State::clear() {
  std::fill(height_.begin(), height_.end(), 0);
  std::fill(owner_.begin(), owner_.end(), -1);
  std::fill(owned_.begin(), owned_.end(), 0);
  std::fill(count_.begin(), count_.end(), 0);
  std::fill(pieces_.begin(), pieces_.end(), 0);
  std::fill(reserve_.begin(), reserve_.end(), 0);
  for (const auto& r : def_->stock)
    if (def_->is_unlimited(r.slot, r.code)) set_reserve(r.slot, r.code, kUnlimitedStock);
  in_play_ = 0;
  drawn_ = 0;
  board_hash_ = 0;
  set_dice(nullptr, 0);  // waiting for an ordinary roll (and forgets the verdict)
}

void State::push_piece(int cell, uint8_t code) {
  if (cell < 0 || cell >= def_->board.ncells) throw std::out_of_range("no such cell");
  if (height_[cell] >= def_->stack_cap) throw std::length_error("stack too tall");
  if (code == 0 || code >= def_->ncodes) throw std::out_of_range("no such piece");
  drop(cell, &code, 1);
  ++in_play_;
  forget_verdict();
}

void State::set_reserve(int slot, int code, int32_t count) {
  if (def_->is_unlimited(slot, code)) {  // not a count a position sets: outside the hash
    reserve_[slot * def_->ncodes + code] = kUnlimitedStock;
    return;
  }
  in_play_ += count - reserve(slot, code);
  add_reserve(slot, code, count - reserve(slot, code));
  forget_verdict();
}

void State::set_ply(int ply) {
  ply_ = ply;
  forget_verdict();  // the ply cap reads it
}

void State::set_side(int side) {
  side_ = side;
  forget_verdict();
}

void State::reset_history() {
  undo_.clear();
  undo_actions_.clear();
  undo_bytes_.clear();
  seen_.clear();
  ply_ = 0;
  removed_ = 0;
  quiet_plies_ = 0;
  forget_verdict();
  count_position(+1);
}

void State::count_position(int delta) {
  if (def_->repetition_count == 0) return;
  if (delta > 0) {
    occurrences_ = seen_.add(repetition_key());
  } else {
    seen_.remove(repetition_key());
  }
}

void State::set_owner(int cell, int8_t player) {
  const uint64_t bit = uint64_t{1} << (cell % 64);
  const size_t word = static_cast<size_t>(cell / 64);
  if (owner_[cell] >= 0) owned_[static_cast<size_t>(owner_[cell]) * owned_words_ + word] &= ~bit;
  if (player >= 0) owned_[static_cast<size_t>(player) * owned_words_ + word] |= bit;
  owner_[cell] = player;
}

void State::lift(int cell, int n, uint8_t* out) {
  const int cap = def_->stack_cap, nc = def_->ncodes;
  int h = height_[cell];
  uint8_t* col = &pieces_[cell * cap];
  for (int i = 0; i < n; ++i) {
    int level = h - n + i;
    out[i] = col[level];
    --count_[def_->owner_of[col[level]]];
    board_hash_ ^= def_->z_piece[(static_cast<size_t>(cell) * cap + level) * nc + col[level]];
    col[level] = 0;
  }
  height_[cell] = static_cast<uint8_t>(h - n);
  set_owner(cell, static_cast<int8_t>(h - n ? def_->owner_of[col[h - n - 1]] : -1));
}

void State::drop(int cell, const uint8_t* in, int n) {
  const int cap = def_->stack_cap, nc = def_->ncodes;
  int h = height_[cell];
  uint8_t* col = &pieces_[cell * cap];
  for (int i = 0; i < n; ++i) {
    col[h + i] = in[i];
    ++count_[def_->owner_of[in[i]]];
    board_hash_ ^= def_->z_piece[(static_cast<size_t>(cell) * cap + h + i) * nc + in[i]];
  }
  height_[cell] = static_cast<uint8_t>(h + n);
  if (n) set_owner(cell, static_cast<int8_t>(def_->owner_of[in[n - 1]]));
}

uint8_t State::take_at(int cell, int level) {
  uint8_t buf[256];
  const int above = height_[cell] - level - 1;
  lift(cell, above + 1, buf);
  drop(cell, buf + 1, above);
  return buf[0];
}

void State::insert_at(int cell, int level, uint8_t code) {
  uint8_t buf[256];
  const int above = height_[cell] - level;
  lift(cell, above, buf);
  drop(cell, &code, 1);
  drop(cell, buf, above);
}

void State::add_reserve(int slot, int code, int delta) {
  if (def_->is_unlimited(slot, code)) {  // its count stays kUnlimitedStock
    drawn_ -= delta;
    return;
  }
  int32_t& r = reserve_[slot * def_->ncodes + code];
  // A key per (slot, piece, count), derived on the fly so that any count has its own.
  const uint64_t base = def_->z_reserve[static_cast<size_t>(slot) * def_->ncodes + code];
  auto z = [&](int32_t count) -> uint64_t {
    if (!count) return 0;
    uint64_t x = base + 0x9E3779B97F4A7C15ULL * static_cast<uint64_t>(count);
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
  };
  board_hash_ ^= z(r);
  r += delta;
  board_hash_ ^= z(r);
}

namespace {
[[noreturn]] void bad(const GameDef& def, const Action& a, const std::string& why) {
  // The script wrote the move: its error, whatever position the state was read from.
  throw ScriptError(fmt::format("illegal action: {}: {}", action_words(def, a), why));
}
}  // namespace

void State::check(const Move& m) const {
  const int ncells = def_->board.ncells, nslots = static_cast<int>(def_->reserve_slots.size());
  // Heights as the actions change them; the moves are short, so a small list suffices.
  // Plain arrays, left uninitialised (only [0, nt) is read): an array of std::pair would be
  // zeroed on every call, which was a third of apply's time.
  int touched_cell[2 * kMaxActions], touched_height[2 * kMaxActions];
  int nt = 0;
  auto h = [&](int cell) -> int& {
    for (int i = 0; i < nt; ++i)
      if (touched_cell[i] == cell) return touched_height[i];
    touched_cell[nt] = cell;
    touched_height[nt] = height_[cell];
    return touched_height[nt++];
  };
  const auto name = [&](int cell) -> const std::string& { return def_->board.cell_names[static_cast<size_t>(cell)]; };
  const auto holds = [&](int cell) { return fmt::format("{} holds {}", name(cell), h(cell)); };
  // Pieces put into a reserve earlier in the same move are not counted: no game needs to
  // take back out a piece it has just put in.
  const auto reserve_has = [&](const Action& a) {
    int taken = 0;
    for (const Action* x = m.begin(); x != &a + 1; ++x)
      taken += (x->op == Op::FromReserve || x->op == Op::Put) && x->b == a.b && x->c == a.c;
    return reserve(a.b, a.c) >= taken;
  };
  const auto can_hold = [&](const Action& a, int cell, int more) {
    if (!def_->board.playable[cell]) bad(*def_, a, name(cell) + " cannot hold pieces");
    if (h(cell) + more > def_->stack_cap)
      bad(*def_, a, fmt::format("{} would be taller than {} (board.max_stack)", name(cell), def_->stack_cap));
  };
  for (const Action& a : m) {
    if (a.op != Op::Mark && a.a >= ncells) bad(*def_, a, "no such cell");
    switch (a.op) {
      case Op::Move:
        if (a.b >= ncells) bad(*def_, a, "no such target cell");
        if (a.n == 0 || a.n > h(a.a)) bad(*def_, a, holds(a.a));
        if (a.a == a.b) bad(*def_, a, "a move must change cells");
        can_hold(a, a.b, a.n);
        h(a.a) -= a.n;
        h(a.b) += a.n;
        break;
      case Op::Remove:
        if (a.b != kNone && a.b >= nslots) bad(*def_, a, "no such reserve");
        h(a.a) = 0;
        break;
      case Op::ToReserve:
        if (a.b >= nslots) bad(*def_, a, "no such reserve");
        if (a.n == 0 || a.n > h(a.a)) bad(*def_, a, holds(a.a));
        h(a.a) -= a.n;
        break;
      case Op::FromReserve:
      case Op::Put:
        if (a.b >= nslots) bad(*def_, a, "no such reserve");
        if (a.c == 0 || a.c >= def_->ncodes) bad(*def_, a, "no such piece");
        if (a.op == Op::Put && a.n > h(a.a)) bad(*def_, a, holds(a.a) + fmt::format(": a piece goes in at levels 0 to {}", h(a.a)));
        can_hold(a, a.a, 1);
        if (!reserve_has(a)) bad(*def_, a, fmt::format("reserve {} has no such piece", def_->reserve_slots[a.b]));
        h(a.a) += 1;
        break;
      case Op::SetTop:
        if (h(a.a) == 0) bad(*def_, a, holds(a.a));
        if (a.c == 0 || a.c >= def_->ncodes) bad(*def_, a, "no such piece");
        break;
      case Op::Transfer:
        if (a.b >= ncells) bad(*def_, a, "no such target cell");
        if (a.n >= h(a.a)) bad(*def_, a, holds(a.a));
        h(a.a) -= 1;
        if (a.c > h(a.b)) bad(*def_, a, holds(a.b) + fmt::format(": a piece goes in at levels 0 to {}", h(a.b)));
        can_hold(a, a.b, 1);
        h(a.b) += 1;
        break;
      case Op::Take:
        if (a.b != kNone && a.b >= nslots) bad(*def_, a, "no such reserve");
        if (a.n >= h(a.a)) bad(*def_, a, holds(a.a));
        h(a.a) -= 1;
        break;
      case Op::SetPiece:
        if (a.n >= h(a.a)) bad(*def_, a, holds(a.a));
        if (a.c == 0 || a.c >= def_->ncodes) bad(*def_, a, "no such piece");
        break;
      case Op::Mark:
      case Op::Again: break;
      default: bad(*def_, a, "unknown action");
    }
  }
}

void State::apply(const Move& m) {
  // First, so that a bad move from a script leaves the state untouched. A trusted move (a C++
  // primitive's) is legal but for the stack cap, which the primitives leave to this check:
  // it can only matter with more pieces in play than a stack holds.
  if (!m.trusted || in_play_ > def_->stack_cap) check(m);
  if (awaiting_roll_) throw std::logic_error("roll the dice before moving");
  UndoRecord rec = record(m.count, m.flags, false);
  undo_actions_.insert(undo_actions_.end(), m.begin(), m.end());
  uint8_t buf[256];
  bool again = false;
  for (const Action& a : m) {
    switch (a.op) {
      case Op::Move:
        lift(a.a, a.n, buf);
        drop(a.b, buf, a.n);
        break;
      case Op::Remove: {
        int n = height_[a.a];
        lift(a.a, n, buf);
        if (a.b != kNone)
          for (int i = 0; i < n; ++i) add_reserve(a.b, buf[i], +1);
        else
          removed_ += n;
        undo_bytes_.insert(undo_bytes_.end(), buf, buf + n);
        undo_bytes_.push_back(static_cast<uint8_t>(n));
        break;
      }
      case Op::ToReserve:
        lift(a.a, a.n, buf);
        for (int i = 0; i < a.n; ++i) add_reserve(a.b, buf[i], +1);
        undo_bytes_.insert(undo_bytes_.end(), buf, buf + a.n);
        break;
      case Op::FromReserve: {
        auto code = static_cast<uint8_t>(a.c);
        add_reserve(a.b, code, -1);
        drop(a.a, &code, 1);
        break;
      }
      case Op::SetTop: {
        uint8_t old;
        lift(a.a, 1, &old);
        auto code = static_cast<uint8_t>(a.c);
        drop(a.a, &code, 1);
        undo_bytes_.push_back(old);
        break;
      }
      case Op::Transfer: insert_at(a.b, a.c, take_at(a.a, a.n)); break;
      case Op::Take: {
        const uint8_t code = take_at(a.a, a.n);
        if (a.b != kNone)
          add_reserve(a.b, code, +1);
        else
          ++removed_;
        undo_bytes_.push_back(code);
        break;
      }
      case Op::Put:
        add_reserve(a.b, a.c, -1);
        insert_at(a.a, a.n, static_cast<uint8_t>(a.c));
        break;
      case Op::SetPiece:
        undo_bytes_.push_back(take_at(a.a, a.n));
        insert_at(a.a, a.n, static_cast<uint8_t>(a.c));
        break;
      case Op::Mark: break;
      case Op::Again: again = true; break;
    }
  }
  undo_.push_back(rec);
  forget_verdict();  // Rules::apply judges the new position
  if (!again) side_ = def_->next_player(side_);
  ++ply_;
  quiet_plies_ = (m.flags & kProgressFlag) ? 0 : quiet_plies_ + 1;
  if (def_->dice.count) {
    awaiting_roll_ = true;
    ndice_ = 0;
    update_dice_key();
  }
  count_position(+1);
}

void State::undo() {
  if (undo_.empty()) throw std::logic_error("nothing to undo");
  if (undo_.back().is_roll) {
    side_ = undo_.back().side;
    restore_dice(undo_.back());
    set_verdict(undo_.back().outcome, undo_.back().judged);
    undo_.pop_back();
    return;
  }
  count_position(-1);
  const UndoRecord& rec = undo_.back();
  uint8_t buf[256];
  for (int i = rec.count - 1; i >= 0; --i) {
    const Action& a = undo_actions_[rec.actions_at + i];
    switch (a.op) {
      case Op::Move:
        lift(a.b, a.n, buf);
        drop(a.a, buf, a.n);
        break;
      case Op::Remove: {
        int n = undo_bytes_.back();
        undo_bytes_.pop_back();
        std::copy(undo_bytes_.end() - n, undo_bytes_.end(), buf);
        undo_bytes_.resize(undo_bytes_.size() - n);
        if (a.b != kNone)
          for (int j = 0; j < n; ++j) add_reserve(a.b, buf[j], -1);
        else
          removed_ -= n;
        drop(a.a, buf, n);
        break;
      }
      case Op::ToReserve:
        std::copy(undo_bytes_.end() - a.n, undo_bytes_.end(), buf);
        undo_bytes_.resize(undo_bytes_.size() - a.n);
        for (int j = 0; j < a.n; ++j) add_reserve(a.b, buf[j], -1);
        drop(a.a, buf, a.n);
        break;
      case Op::FromReserve: {
        uint8_t code;
        lift(a.a, 1, &code);
        add_reserve(a.b, code, +1);
        break;
      }
      case Op::SetTop: {
        uint8_t now, old = undo_bytes_.back();
        undo_bytes_.pop_back();
        lift(a.a, 1, &now);
        drop(a.a, &old, 1);
        break;
      }
      case Op::Transfer: insert_at(a.a, a.n, take_at(a.b, a.c)); break;
      case Op::Take: {
        const uint8_t code = undo_bytes_.back();
        undo_bytes_.pop_back();
        if (a.b != kNone)
          add_reserve(a.b, code, -1);
        else
          --removed_;
        insert_at(a.a, a.n, code);
        break;
      }
      case Op::Put:
        take_at(a.a, a.n);
        add_reserve(a.b, a.c, +1);
        break;
      case Op::SetPiece:
        take_at(a.a, a.n);
        insert_at(a.a, a.n, undo_bytes_.back());
        undo_bytes_.pop_back();
        break;
      case Op::Mark:
      case Op::Again: break;
    }
  }
  side_ = rec.side;
  set_verdict(rec.outcome, rec.judged);
  quiet_plies_ = rec.quiet_plies;
  restore_dice(rec);
  --ply_;
  if (def_->repetition_count) occurrences_ = seen_.count(repetition_key());
  undo_actions_.resize(rec.actions_at);
  undo_.pop_back();
}

bool State::same_position(const State& o) const {
  return side_ == o.side_ && height_ == o.height_ && pieces_ == o.pieces_ && reserve_ == o.reserve_ &&
         owner_ == o.owner_ && owned_ == o.owned_ && count_ == o.count_ && awaiting_roll_ == o.awaiting_roll_ &&
         opening_ == o.opening_ && ndice_ == o.ndice_ && dice_ == o.dice_;
}

}  // namespace boardlab
