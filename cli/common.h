// What the subcommands share: loading a game from a name or a path, reading --position,
// and the exit codes (0 ok, 1 runtime failure, 2 bad definition or usage).
#pragma once
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "rules/rules.h"

namespace boardlab::cli {

constexpr int kExitOk = 0, kExitFailure = 1, kExitUsage = 2;

// An error the user caused: printed as is, exit code 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct GameArgs {
  std::string game;
  std::vector<std::string> options;  // key=value
  std::optional<std::string> position;
  std::optional<std::string> dice;  // "3,1": the roll to play
};

std::unique_ptr<ThreadRules> open_game(const GameArgs& args);
// --position and --dice, if given: the position, with the roll to play.
std::optional<State> given_position(const GameDef& def, const GameArgs& args);
// The start, or --position; with --dice, the roll to play.
State start_state(const Rules& rules, const GameArgs& args);

}  // namespace boardlab::cli
