// Move: a small value made of primitive actions that State knows how to apply and undo.
#pragma once
#include <array>
#include <cstdint>
#include <stdexcept>

namespace boardlab {

// The primitive actions. Their numbers are shared with scripts/lib/runtime.lua.
enum class Op : uint8_t {
  Move = 1,         // lift the top n pieces of cell a and drop them on cell b
  Remove = 2,       // remove the whole stack on cell a; its pieces go to reserve slot b (or vanish if b = kNone)
  ToReserve = 3,    // the top n pieces of cell a go to reserve slot b
  FromReserve = 4,  // one piece of code c leaves reserve slot b and is dropped on cell a
  SetTop = 5,       // the top piece of cell a becomes code c
  Mark = 6,         // nothing on the board: a waypoint for notation (cell a)
};
constexpr uint16_t kNone = 0xFFFF;

struct Action {
  Op op{};
  uint8_t n = 0;
  uint16_t a = kNone, b = kNone, c = kNone;
  bool operator==(const Action&) const = default;
};

constexpr int kMaxActions = 48;

struct Move {
  uint8_t count = 0;
  uint8_t flags = 0;  // set by the script (moves.begin(flags)); flag 1 means progress (turn.no_progress)
  std::array<Action, kMaxActions> actions;  // only the first `count` are set

  bool is_pass() const { return count == 0; }
  void push(Action x) {
    if (count >= kMaxActions) throw std::length_error("a move has more than 48 actions");
    actions[count++] = x;
  }
  const Action* begin() const { return actions.data(); }
  const Action* end() const { return actions.data() + count; }
  bool operator==(const Move& o) const {
    if (count != o.count || flags != o.flags) return false;
    for (int i = 0; i < count; ++i)
      if (!(actions[i] == o.actions[i])) return false;
    return true;
  }
};

}  // namespace boardlab
