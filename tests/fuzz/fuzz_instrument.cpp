// Fuzz target: the Lua lexer that instruments a stranger's script with loop-budget checks.
// A script that Lua compiles must still compile once instrumented, with its lines where
// they were (error messages name them); a script using the reserved name is refused.
#include <lua.hpp>

#include <algorithm>

#include <stdexcept>

#include "fuzz_support.h"
#include "script/instrument.h"

using namespace boardlab;

namespace {

// Whether Lua compiles `source` (it is not run).
bool compiles(lua_State* L, const std::string& source) {
  const int status = luaL_loadbuffer(L, source.data(), source.size(), "=fuzz");
  lua_settop(L, 0);
  return status == 0;
}

int lines(const std::string& s) { return static_cast<int>(std::count(s.begin(), s.end(), '\n')); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static lua_State* L = luaL_newstate();
  const std::string source = fuzz::text(data, size, 0);
  std::string out;
  try {
    out = instrument_lua(source);
  } catch (const std::invalid_argument&) {
    return 0;
  }
  // Bytecode is not source: the host refuses it before instrumenting.
  if (!source.empty() && source[0] == '\x1b') return 0;
  if (compiles(L, source)) fuzz::require(compiles(L, out), "an instrumented script that compiled no longer does");
  fuzz::require(lines(out) == lines(source), "instrumenting keeps every line where it was");
  return 0;
}
