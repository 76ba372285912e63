// Instrumenting untrusted Lua so that an endless loop stops with an error.
//
// LuaJIT never calls debug hooks from compiled traces, so a count hook cannot stop
// `while true do end` once it is compiled. Instead every loop body, every function body and
// every goto gets a call to a budget check (`__bl_tick();`), inserted on the same line so
// that error messages keep their line numbers. The JIT inlines the check: a decrement and a
// compare per loop step. The lexer follows LuaJIT's (comments end at \r or \n; \z and
// backslash-newline inside strings; exponents signs after p only in hex numbers).
#pragma once
#include <string>

namespace boardlab {

constexpr const char* kTickName = "__bl_tick";

// Returns the instrumented source; the chunk then expects the tick function as its first
// argument (`...`). Throws std::invalid_argument if the source uses the reserved name.
std::string instrument_lua(const std::string& source);

}  // namespace boardlab
