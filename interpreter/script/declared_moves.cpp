// push_declared_moves: GameDef::declared as a Lua table (declared_moves.h).
#include "script/declared_moves.h"

extern "C" {
#include <lua.h>
}

namespace boardlab {

namespace {

void set_int(lua_State* L, const char* key, int value) {
  lua_pushinteger(L, value);
  lua_setfield(L, -2, key);
}

// A step as steps.generate reads it: { dirs = {...}, range = n, onto = "...", split = b }.
void push_step(lua_State* L, const DeclaredStep& st) {
  lua_newtable(L);
  lua_newtable(L);
  for (size_t i = 0; i < st.dirs.size(); ++i) {
    lua_pushinteger(L, st.dirs[i]);
    lua_rawseti(L, -2, static_cast<int>(i + 1));
  }
  lua_setfield(L, -2, "dirs");
  if (st.range >= 0) set_int(L, "range", st.range);
  if (!st.onto.empty()) {
    lua_pushstring(L, st.onto.c_str());
    lua_setfield(L, -2, "onto");
  }
  lua_pushboolean(L, st.split);
  lua_setfield(L, -2, "split");
}

}  // namespace

void push_declared_moves(lua_State* L, const GameDef& g) {
  const DeclaredMoves& d = g.declared;
  if (d.block == DeclaredMoves::Block::None) {
    lua_pushnil(L);
    return;
  }
  lua_newtable(L);
  if (d.block == DeclaredMoves::Block::Drop) {
    lua_pushstring(L, "drop");
    lua_setfield(L, -2, "block");
    set_int(L, "from", d.from);
    if (d.fall >= 0) set_int(L, "fall", d.fall);
    set_int(L, "kind", d.kind);
    set_int(L, "flags", d.flags);
    return;
  }
  lua_pushstring(L, "steps");
  lua_setfield(L, -2, "block");
  lua_newtable(L);  // code -> list of steps
  for (size_t code = 1; code < d.steps.size(); ++code) {
    lua_newtable(L);
    for (size_t i = 0; i < d.steps[code].size(); ++i) {
      push_step(L, d.steps[code][i]);
      lua_rawseti(L, -2, static_cast<int>(i + 1));
    }
    lua_rawseti(L, -2, static_cast<int>(code));
  }
  lua_setfield(L, -2, "steps");
  lua_pushstring(L, d.capture.c_str());
  lua_setfield(L, -2, "capture");
  if (d.off >= 0) set_int(L, "off", d.off);
  set_int(L, "capture_flags", d.capture_flags);
  set_int(L, "off_flags", d.off_flags);
}

}  // namespace boardlab
