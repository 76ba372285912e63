// Action words: see action_words.h.
#include "state/action_words.h"

#include <fmt/format.h>

namespace boardlab {

namespace {

std::string cell(const GameDef& d, int c) {
  return c < d.board.ncells ? d.board.cell_names[static_cast<size_t>(c)] : fmt::format("cell {}", c);
}
std::string slot(const GameDef& d, int s) {
  return s < static_cast<int>(d.reserve_slots.size()) ? d.reserve_slots[static_cast<size_t>(s)]
                                                       : fmt::format("number {}", s);
}
// "w (white man)", as position text writes the piece and as the definition names it.
std::string piece(const GameDef& d, int code) {
  if (code <= 0 || code >= d.ncodes) return fmt::format("piece code {}", code);
  const auto c = static_cast<size_t>(code);
  return fmt::format("{} ({} {})", d.glyph_of[c], d.players[d.owner_of[c]].name, d.kinds[d.kind_of[c]].name);
}
std::string pieces(int n) { return n == 1 ? "1 piece" : fmt::format("{} pieces", n); }

}  // namespace

std::string action_words(const GameDef& d, const Action& a) {
  switch (a.op) {
    case Op::Move: return fmt::format("move {} from {} to {}", pieces(a.n), cell(d, a.a), cell(d, a.b));
    case Op::Remove:
      return a.b == kNone ? fmt::format("remove the stack on {}", cell(d, a.a))
                          : fmt::format("remove the stack on {} into reserve {}", cell(d, a.a), slot(d, a.b));
    case Op::ToReserve: return fmt::format("send {} from {} to reserve {}", pieces(a.n), cell(d, a.a), slot(d, a.b));
    case Op::FromReserve: return fmt::format("put {} from reserve {} on {}", piece(d, a.c), slot(d, a.b), cell(d, a.a));
    case Op::SetTop: return fmt::format("turn the top piece of {} into {}", cell(d, a.a), piece(d, a.c));
    case Op::Mark: return fmt::format("mark {}", cell(d, a.a));
    case Op::Transfer:
      return fmt::format("move the piece at level {} of {} to level {} of {}", a.n, cell(d, a.a), a.c, cell(d, a.b));
    case Op::Take:
      return a.b == kNone ? fmt::format("take the piece at level {} of {} out of play", a.n, cell(d, a.a))
                          : fmt::format("take the piece at level {} of {} into reserve {}", a.n, cell(d, a.a), slot(d, a.b));
    case Op::Put:
      return fmt::format("put {} from reserve {} at level {} of {}", piece(d, a.c), slot(d, a.b), a.n, cell(d, a.a));
    case Op::SetPiece: return fmt::format("turn the piece at level {} of {} into {}", a.n, cell(d, a.a), piece(d, a.c));
    case Op::Again: return "the same side moves again";
  }
  return fmt::format("unknown action (op {})", static_cast<int>(a.op));
}

}  // namespace boardlab
