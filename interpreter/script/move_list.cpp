// MoveList: encoding and decoding moves in the shared word buffer.
#include "script/move_list.h"

#include <algorithm>
#include <fmt/format.h>

#include "core/diagnostics.h"

namespace boardlab {

MoveList::MoveList() : words_(1024), starts_(256) { sync(); }
MoveList::MoveList(const MoveList& o) : words_(o.words_), starts_(o.starts_), raw_(o.raw_) { sync(); }
MoveList& MoveList::operator=(const MoveList& o) {
  words_ = o.words_;
  starts_ = o.starts_;
  raw_ = o.raw_;
  sync();
  return *this;
}

void MoveList::sync() {
  raw_.words = words_.data();
  raw_.cap_words = static_cast<int32_t>(words_.size());
  raw_.starts = starts_.data();
  raw_.cap_moves = static_cast<int32_t>(starts_.size());
  raw_.owner = this;
  raw_.grow = &MoveList::grow;
}

// Makes room for `words_needed` more words and as many more moves (a move takes at least
// one word, so that is enough moves for them).
// `m` may be a copy of raw_ (the one the script host hands to Lua); it is updated too.
void MoveList::grow(bl_moves* m, int32_t words_needed) {
  auto* self = static_cast<MoveList*>(m->owner);
  self->raw_.nwords = m->nwords, self->raw_.count = m->count, self->raw_.trusted = m->trusted;
  const auto need = static_cast<size_t>(std::max(words_needed, 1));
  size_t words = self->words_.size(), starts = self->starts_.size();
  if (m->nwords + need > words) words = std::max(words * 2, m->nwords + need);
  if (m->count + need > starts) starts = std::max(starts * 2, m->count + need);
  const size_t bytes = bytes_for(words, starts);
  if (MemoryBudget* b = self->budget_) {
    if (!b->allows(b->lua, bytes)) {
      *m = self->raw_;
      return;
    }
    b->moves = bytes;
  }
  self->words_.resize(words);
  self->starts_.resize(starts);
  self->sync();
  *m = self->raw_;
}

bool MoveList::make_room(bl_moves& m, int32_t words, int32_t& status) {
  if (m.count + 1 > kMaxMoves || m.nwords + words > kMaxMoveWords) return status = BL_TOO_MANY, false;
  m.grow(&m, words);
  if (m.nwords + words > m.cap_words || m.count + 1 > m.cap_moves) return status = BL_MEMORY, false;
  return true;
}

void MoveList::set_budget(MemoryBudget* budget) {
  if (budget_) budget_->moves = 0;
  budget_ = budget;
  if (budget_) budget_->moves = bytes();
}

Move MoveList::operator[](int i) const {
  Move m;
  get(i, m);
  return m;
}

void MoveList::get(int i, Move& m) const {
  if (i < 0 || i >= raw_.count) throw ScriptError(fmt::format("no move {} in a list of {}", i, raw_.count));
  decode(words_.data(), raw_.nwords, starts_[i], m);
  m.trusted = raw_.trusted != 0;
}

void MoveList::decode(const int32_t* words, int32_t nwords, int32_t at, Move& m) {
  if (at < 0 || at >= nwords) throw ScriptError("the move buffer is corrupt");
  auto header = static_cast<uint32_t>(words[at]);
  m.count = 0;
  int count = static_cast<int>(header & 0xFF);
  m.flags = static_cast<uint8_t>((header >> BL_HEADER_FLAGS) & 0xFF);
  if (count > kMaxActions || at + 1 + 2 * count > nwords) throw ScriptError("the move buffer is corrupt");
  for (int k = 0; k < count; ++k) {
    auto w0 = static_cast<uint32_t>(words[at + 1 + 2 * k]), w1 = static_cast<uint32_t>(words[at + 2 + 2 * k]);
    m.push(Action{static_cast<Op>(w0 & 0xFF), static_cast<uint8_t>((w0 >> BL_ACTION_N) & 0xFF),
                  static_cast<uint16_t>(w0 >> BL_ACTION_A), static_cast<uint16_t>(w1 & 0xFFFF),
                  static_cast<uint16_t>(w1 >> BL_ACTION_C)});
  }
}

uint8_t MoveList::flags(int i) const {
  if (i < 0 || i >= raw_.count) throw ScriptError(fmt::format("no move {} in a list of {}", i, raw_.count));
  return static_cast<uint8_t>((static_cast<uint32_t>(words_[starts_[i]]) >> BL_HEADER_FLAGS) & 0xFF);
}

void MoveList::push(const Move& m) {
  while (raw_.nwords + 1 + 2 * m.count > raw_.cap_words || raw_.count >= raw_.cap_moves) grow(&raw_, 1 + 2 * m.count);
  int32_t at = raw_.nwords;
  words_[at] = header(m.count, m.flags);
  for (int k = 0; k < m.count; ++k) encode(m.actions[k], &words_[at + 1 + 2 * k]);
  starts_[raw_.count++] = at;
  raw_.nwords = at + 1 + 2 * m.count;
  raw_.trusted = 0;  // a move from C++ code that is not a primitive
}

}  // namespace boardlab
