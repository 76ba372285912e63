// Action words: a primitive action said in the game's own names ("move 2 pieces from e4 to
// c2"), for the errors a script's author reads when the runtime refuses a move.
#pragma once
#include <string>

#include "core/move.h"
#include "definition/game_def.h"

namespace boardlab {

// Any field may be out of range (the action came from a script): it is then shown as a number.
std::string action_words(const GameDef& def, const Action& a);

}  // namespace boardlab
