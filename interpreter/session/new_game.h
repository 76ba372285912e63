// Starting files for a new game (`boardlab new`): a definition, a script and rule tests, for
// an author to edit, that already load, pass `boardlab check` and play, on any board kind.
#pragma once
#include <string>

namespace boardlab {

struct NewGame {
  std::string yaml, lua;  // NAME.yaml (which names NAME.lua as its script) and NAME.lua
  std::string tests;      // NAME.test.yaml: rule scenarios that pass, to grow with the rules
};

// `board`: grid:WxH, lattice:WxH or track:N. Throws std::invalid_argument for a bad name or
// board.
NewGame new_game(const std::string& name, const std::string& board);

}  // namespace boardlab
