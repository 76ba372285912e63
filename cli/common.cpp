// Loading games and positions for the subcommands.
#include "common.h"

#include <fmt/format.h>

#include "definition/bundled.h"
#include "state/position_text.h"

namespace boardlab::cli {

std::unique_ptr<ThreadRules> open_game(const GameArgs& args) {
  std::string path;
  try {
    path = resolve_game(args.game);
  } catch (const std::runtime_error& e) {
    throw UsageError(e.what());
  }
  std::vector<std::pair<std::string, std::string>> overrides;
  for (const auto& kv : args.options) {
    auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0) throw UsageError(fmt::format("--option takes key=value, not '{}'", kv));
    overrides.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
  }
  return std::make_unique<ThreadRules>(load_game_def(path, overrides));
}

State start_state(const Rules& rules, const GameArgs& args) {
  State s = rules.initial();
  try {
    if (args.position) s = parse_position(rules.def(), *args.position);
  } catch (const PositionError& e) {
    throw UsageError(fmt::format("bad --position: {}", e.what()));
  }
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
