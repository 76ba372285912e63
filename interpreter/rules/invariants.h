// Random-playout invariants (the checks OpenSpiel runs on every game): used by
// `boardlab check` and by the tests of every bundled game.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "rules/rules.h"

namespace boardlab {

struct InvariantOptions {
  int games = 100;
  uint64_t seed = 1;
  int notation_every = 8;  // check every legal move's notation on every n-th ply (0: never)
  int max_failures = 10;
  int max_plies = 1000;    // a game stops here if it has not ended (random games can be long)
};

struct InvariantReport {
  int games = 0;
  uint64_t plies = 0;
  int longest = 0;
  std::vector<std::string> failures;  // each names the game seed, the ply and what broke
  bool ok() const { return failures.empty(); }
};

// Plays random games (game i seeded game_seed(seed, i)) in the game loop and checks at every
// ply: apply then undo restores the state and its hash, a roll's undo too; a copy equals the
// original; pieces are conserved; the position text reads back to the same position and
// hash; every legal move's printed notation reads back to that move; the game ends within
// its ply cap. A game stops at its first broken invariant.
InvariantReport check_invariants(const Rules& rules, const InvariantOptions& opt);

}  // namespace boardlab
