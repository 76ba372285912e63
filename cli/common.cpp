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
      s.roll(read_roll(s, *args.dice));  // at a roll-off, the first die is the first player's
    } catch (const PositionError& e) {
      throw UsageError(fmt::format("bad --dice: {}", e.what()));
    }
  }
  return s;
}

State start_state(const Rules& rules, const GameArgs& args) {
  return given_position(rules.def(), args).value_or(rules.initial());
}

}  // namespace boardlab::cli
