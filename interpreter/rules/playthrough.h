// Golden playthroughs: seeded random games written as text, every position with its legal
// moves in the game's notation, the move and roll played, and the result. A file of them per
// bundled game (tests/playthroughs/) is compared byte for byte with what the rules make now,
// so that any change in any game's behaviour shows as a diff to review (OpenSpiel's
// integration_tests/playthroughs are the model).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "rules/rules.h"

namespace boardlab {

struct PlaythroughSpec {
  std::string game;                  // as the command line names it: a bundled name or a path
  std::vector<std::string> options;  // key=value, applied last
  int games = 2;
  uint64_t seed = 1;
  int max_plies = 200;  // per game (0: the game's own end only)
  // The command line that writes this text (`boardlab playouts GAME --text ...`), its first
  // line.
  std::string command() const;
  // Reads command() back (the first line of a playthrough file); throws std::invalid_argument.
  static PlaythroughSpec parse(const std::string& command_line);
};

// The text of spec.games random games of `rules` (game i seeded game_seed(seed, i), as every
// series is), played to their end or to spec.max_plies.
std::string playthrough(const Rules& rules, const PlaythroughSpec& spec);

}  // namespace boardlab
