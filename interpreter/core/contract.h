// The contract between the C++ runtime and game scripts, defined once here: the hooks a
// script may define, the primitive actions a move is made of (with their names and codes,
// the most per move, the "no slot" sentinel), and the layout of a move's flags (progress,
// then the definition's events). The script host hands these facts to
// scripts/lib/runtime.lua at load, so that no number or name is written on both sides.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace boardlab {

// The functions a game script may define for the runtime to call, `generate` first (the
// only one required).
inline const std::vector<std::string>& hook_names() {
  static const std::vector<std::string> names = {"generate", "result", "notation", "evaluate"};
  return names;
}

// The primitive actions, each applied in order and undone by the runtime.
enum class Op : uint8_t {
  Move = 1,         // lift the top n pieces of cell a and drop them on cell b
  Remove = 2,       // remove the whole stack on cell a; its pieces go to reserve slot b (or vanish if b = kNone)
  ToReserve = 3,    // the top n pieces of cell a go to reserve slot b
  FromReserve = 4,  // one piece of code c leaves reserve slot b and is dropped on cell a
  SetTop = 5,       // the top piece of cell a becomes code c
  Mark = 6,         // nothing on the board: a waypoint for notation (cell a)
  // Pieces inside a stack, for column games. Levels count from 0 at the bottom.
  Transfer = 7,     // the piece at level n of cell a is inserted at level c of cell b (0: under the stack)
  Take = 8,         // the piece at level n of cell a goes to reserve slot b (or out of play if b = kNone)
  Put = 9,          // one piece of code c leaves reserve slot b and is inserted at level n of cell a
  SetPiece = 10,    // the piece at level n of cell a becomes code c
  // The turn, not the board.
  Again = 11,       // the side that moved moves again (an extra move): the turn does not pass
};
// Their names, as scripts and notation see them.
inline constexpr std::array<std::pair<const char*, Op>, 11> kOps = {{{"move", Op::Move},
                                                                     {"remove", Op::Remove},
                                                                     {"to_reserve", Op::ToReserve},
                                                                     {"from_reserve", Op::FromReserve},
                                                                     {"set_top", Op::SetTop},
                                                                     {"mark", Op::Mark},
                                                                     {"transfer", Op::Transfer},
                                                                     {"take", Op::Take},
                                                                     {"put", Op::Put},
                                                                     {"set_piece", Op::SetPiece},
                                                                     {"again", Op::Again}}};
inline const char* op_name(Op op) {
  for (const auto& [name, o] : kOps)
    if (o == op) return name;
  return "?";
}
constexpr uint16_t kNone = 0xFFFF;  // an action field left unset (Remove's slot: out of play)
constexpr int kMaxActions = 48;     // actions in one move
constexpr int kMaxMoves = 1'000'000;  // legal moves generate may write for one position
constexpr int kMaxMoveWords = 64 * kMaxMoves;  // words those moves may take in the buffer
// What notation may give for one move: spellings, and bytes in each.
constexpr int kMaxSpellings = 16;
constexpr int kMaxSpellingBytes = 256;

// The authoring API: what the definition keys and the Lua names mean. A definition names the
// version it was written for (`api:`, absent: the first); older versions load through the
// compatibility layer, and docs/changelog.md lists every change by version.
constexpr int kFirstApi = 1;
constexpr int kApiVersion = 2;

// A move's flags: bit 0 is progress (it resets `turn.no_progress`), bits 1.. the
// definition's events in their order.
constexpr uint8_t kProgressFlag = 1;
constexpr int kMaxEvents = 7;
constexpr uint8_t event_flag(int event) { return static_cast<uint8_t>(2u << event); }

}  // namespace boardlab
