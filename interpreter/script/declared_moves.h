// The moves a definition declares (`moves:`, GameDef::declared) as the Lua table the runtime
// hands to scripts/lib/declared.lua, which makes them with one of the library's blocks.
#pragma once

#include "definition/game_def.h"

struct lua_State;

namespace boardlab {

// Pushes the table { block = "drop" | "steps", ... } (names already numbers), or nil when
// the definition declares none.
void push_declared_moves(lua_State* L, const GameDef& g);

}  // namespace boardlab
