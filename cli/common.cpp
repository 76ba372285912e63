// Loading games and positions for the subcommands.
#include "common.h"

#include <fmt/format.h>

#include "definition/bundled.h"
#include "state/position_text.h"

namespace boardlab::cli {

std::unique_ptr<ThreadRules> open_game(const GameArgs& args) {
  return std::make_unique<ThreadRules>(open_definition(args.game, args.options));
}

State start_state(const Rules& rules, const GameArgs& args) {
  State s = rules.initial();
  try {
    if (args.position) s = parse_position(rules.def(), *args.position);
  } catch (const PositionError& e) {
    throw UsageError(fmt::format("bad --position: {}", e.what()));
  }
  rules.judge(s);  // a position typed in may be over already
  if (args.dice) {
    try {
      auto dice = parse_dice(rules.def(), *args.dice);
      if (!s.awaiting_roll()) throw PositionError("the position already holds its roll");
      s.roll(dice.data(), s.opening_roll() && dice[0] != dice[1] ? (dice[0] > dice[1] ? 0 : 1) : -1);
    } catch (const PositionError& e) {
      throw UsageError(fmt::format("bad --dice: {}", e.what()));
    }
  }
  return s;
}

}  // namespace boardlab::cli
