// Loading games and positions for the subcommands.
#include "common.h"

#include <fmt/format.h>

#include "definition/bundled.h"
#include "state/position_text.h"

namespace boardlab::cli {

std::unique_ptr<ThreadRules> open_game(const GameArgs& args) {
  return std::make_unique<ThreadRules>(open_definition(args.game, args.options));
}

std::optional<State> given_position(const GameDef& def, const GameArgs& args) {
  if (!args.position && !args.dice) return std::nullopt;
  State s(def);
  try {
    if (args.position) s = parse_position(def, *args.position);
  } catch (const PositionError& e) {
    throw UsageError(fmt::format("bad --position: {}", e.what()));
  }
  if (args.dice) {
    try {
      auto dice = parse_dice(def, *args.dice);
      if (!s.awaiting_roll()) throw PositionError("the position already holds its roll");
      s.roll(dice.data(), s.opening_roll() && dice[0] != dice[1] ? (dice[0] > dice[1] ? 0 : 1) : -1);
    } catch (const PositionError& e) {
      throw UsageError(fmt::format("bad --dice: {}", e.what()));
    }
  }
  return s;
}

State start_state(const Rules& rules, const GameArgs& args) {
  State s = given_position(rules.def(), args).value_or(rules.initial());
  rules.judge(s);  // a position typed in may be over already
  return s;
}

}  // namespace boardlab::cli
