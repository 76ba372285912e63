// Move: a small value made of primitive actions that State knows how to apply and undo.
#pragma once
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "core/contract.h"

namespace boardlab {

struct Action {
  Op op{};
  uint8_t n = 0;
  uint16_t a = kNone, b = kNone, c = kNone;
  bool operator==(const Action&) const = default;
};

struct Move {
  uint8_t count = 0;
  uint8_t flags = 0;  // set by the script: progress and events (core/contract.h)
  // Decoded from a list only C++ primitives wrote (MoveList): legal in the position it was
  // generated for, so State::apply skips its check. Not part of the move's identity.
  bool trusted = false;
  std::array<Action, kMaxActions> actions;  // only the first `count` are set

  bool is_pass() const { return count == 0; }
  void push(Action x) {
    if (count >= kMaxActions) throw std::length_error("a move has more than " + std::to_string(kMaxActions) + " actions");
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
