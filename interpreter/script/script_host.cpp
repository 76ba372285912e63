// ScriptHost: creating the Lua state, loading the trusted runtime and the game script,
// and calling hooks with budgets and readable errors.
#include "script/script_host.h"

#include <algorithm>
#include <bit>

#include <cstdlib>
#include <fmt/format.h>
#include <fstream>
#include <sstream>

#include "core/text.h"
#include "definition/bundled.h"
#include "script/drop_moves.h"
#include "script/instrument.h"
#include "state/position_text.h"

extern "C" {
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
}

namespace boardlab {

std::string script_lib_dir() { return data_dir() + "/scripts/lib"; }

// The script VM's allocator, within limits.memory_mb. Past the limit it does not refuse at
// once: LuaJIT crashes when an allocation fails inside compiled code (a trusted library
// function filling memory: SIGSEGV from 128 MiB up). It raises host.memory_over instead, which
// stops the script at its next loop step with the memory error, and refuses only past a
// margin of half the limit (what one step of library work may still take).
struct ScriptHost::Alloc {
  MemoryBudget budget;
  volatile int32_t* over = nullptr;  // the host's memory_over
  static void* fn(void* ud, void* ptr, size_t osize, size_t nsize) {
    Alloc& a = *static_cast<Alloc*>(ud);
    MemoryBudget& b = a.budget;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
      std::free(ptr);
      b.lua -= old;
      return nullptr;
    }
    if (nsize > old && !b.allows(b.lua - old + nsize, b.moves)) {
      if (a.over) *a.over = 1;
      MemoryBudget margin = b;
      margin.limit += b.limit / 2;
      if (!margin.allows(b.lua - old + nsize, b.moves)) return nullptr;
    }
    void* p = std::realloc(ptr, nsize);
    if (p) b.lua = b.lua - old + nsize;
    return p;
  }
};

namespace {

// The FFI view of a state (the script's `state` table reads it).
bl_state view(const State& s) {
  const State::Arrays a = s.arrays();
  return bl_state{a.height, a.pieces, a.reserve, a.owner, a.count, s.side(), s.ply(), nullptr, 0, a.dice, s.ndice(),
                  s.owned_cells(0)};
}

int traceback(lua_State* L) {
  const char* msg = lua_tostring(L, 1);
  luaL_traceback(L, L, msg ? msg : "(an error that is not a string)", 1);
  return 1;
}

std::string read_file(const std::string& path) {
  std::string why;
  auto text = read_text_file(path, kMaxTextFile, &why);
  if (!text) throw ScriptError(fmt::format("{}: {}", path, why));
  // Editors on some systems start UTF-8 files with a byte-order mark; Lua would reject it.
  if (text->starts_with("\xEF\xBB\xBF")) text->erase(0, 3);
  return *text;
}

void push_strings(lua_State* L, const std::vector<std::string>& v) {
  lua_createtable(L, static_cast<int>(v.size()), 0);
  for (size_t i = 0; i < v.size(); ++i) {
    lua_pushstring(L, v[i].c_str());
    lua_rawseti(L, -2, static_cast<int>(i + 1));
  }
}

// Stack slots kept between calls, from the end of the constructor on.
constexpr int kTraceback = 1, kGenerate = 2;


// closest(word, names): the name a misspelt word most likely meant (core/text.h), or nil;
// for the runtime's "did you mean" on unknown names.
int closest_name(lua_State* L) {
  const char* word = lua_tostring(L, 1);
  if (!word || !lua_istable(L, 2)) return 0;
  std::vector<std::string> names;
  for (int i = 1;; ++i) {
    lua_rawgeti(L, 2, i);
    const char* n = lua_tostring(L, -1);
    lua_pop(L, 1);
    if (!n) break;
    names.emplace_back(n);
  }
  const std::string near = closest(word, names);
  if (near.empty()) return 0;
  lua_pushstring(L, near.c_str());
  return 1;
}

void push_info(lua_State* L, const GameDef& g) {
  lua_newtable(L);
  lua_pushstring(L, kFfiTypes);
  lua_setfield(L, -2, "cdef");
  lua_pushstring(L, g.name.c_str());
  lua_setfield(L, -2, "name");
  push_strings(L, g.board.cell_names);
  lua_setfield(L, -2, "cells");
  push_strings(L, g.board.dir_names);
  lua_setfield(L, -2, "dirs");
  std::vector<std::string> names, kinds, glyphs(g.ncodes);
  for (const auto& p : g.players) names.push_back(p.name);
  for (const auto& k : g.kinds) kinds.push_back(k.name);
  for (int c = 0; c < g.ncodes; ++c) glyphs[c] = std::string(1, g.glyph_of[c]);
  push_strings(L, names);
  lua_setfield(L, -2, "players");
  push_strings(L, kinds);
  lua_setfield(L, -2, "kinds");
  push_strings(L, glyphs);
  lua_setfield(L, -2, "glyphs");
  push_strings(L, g.reserve_slots);
  lua_setfield(L, -2, "reserves");
  std::vector<std::string> results;
  for (const auto& r : g.results) results.push_back(r.name);
  push_strings(L, results);
  lua_setfield(L, -2, "results");
  std::vector<std::string> events;
  for (const auto& e : g.events) events.push_back(e.name);
  push_strings(L, events);
  lua_setfield(L, -2, "events");
  push_strings(L, hook_names());
  lua_setfield(L, -2, "hooks");
  // The rest of the contract (core/contract.h, board/board.h).
  lua_newtable(L);
  for (const auto& [name, op] : kOps) {
    lua_pushinteger(L, static_cast<int>(op));
    lua_setfield(L, -2, name);
  }
  lua_setfield(L, -2, "ops");
  for (auto [name, value] : {std::pair{"max_actions", kMaxActions}, std::pair{"max_moves", kMaxMoves},
                             std::pair{"max_words", kMaxMoveWords},
                             std::pair{"race_max_points", RaceTurns::kMaxPoints},
                             std::pair{"memory_mb", static_cast<int>(g.memory_limit >> 20)}, std::pair{"none", int{kNone}},
                             std::pair{"no_cell", int{kNoCell}}, std::pair{"off_board", int{kOffBoard}},
                             std::pair{"progress_flag", int{kProgressFlag}}, std::pair{"api", g.api}}) {
    lua_pushinteger(L, value);
    lua_setfield(L, -2, name);
  }
  lua_newtable(L);
  for (size_t e = 0; e < g.events.size(); ++e) {
    lua_pushinteger(L, event_flag(static_cast<int>(e)));
    lua_rawseti(L, -2, static_cast<int>(e + 1));
  }
  lua_setfield(L, -2, "event_flags");
  lua_newtable(L);
  for (size_t i = 0; i < g.players.size(); ++i) {
    lua_pushinteger(L, g.players[i].forward);
    lua_rawseti(L, -2, static_cast<int>(i + 1));
  }
  lua_setfield(L, -2, "forward");
  lua_newtable(L);
  for (size_t i = 0; i < g.kinds.size(); ++i) {
    lua_pushinteger(L, g.kinds[i].rank);
    lua_rawseti(L, -2, static_cast<int>(i + 1));
  }
  lua_setfield(L, -2, "ranks");
  lua_newtable(L);
  for (const auto& o : g.options) {
    switch (o.type) {
      case OptionDef::Type::Int: lua_pushnumber(L, static_cast<lua_Number>(*parse_int(o.value))); break;
      case OptionDef::Type::Bool: lua_pushboolean(L, *parse_bool(o.value)); break;
      case OptionDef::Type::String: lua_pushstring(L, o.value.c_str()); break;
    }
    lua_setfield(L, -2, o.name.c_str());
  }
  lua_setfield(L, -2, "options");
}


}  // namespace

ScriptHost::ScriptHost(const GameDef& def) : def_(def), alloc_(std::make_unique<Alloc>()) {
  alloc_->budget.limit = static_cast<size_t>(def.memory_limit);
  const Board& b = def.board;
  board_ = bl_board{b.ncells, b.ndirs(), def.nplayers(), def.ncodes, static_cast<int32_t>(def.reserve_slots.size()),
                    def.stack_cap, b.max_ray, b.width, b.height, b.rays.data(), b.playable.data(),
                    def.owner_of.data(), def.kind_of.data(), b.x.data(), b.y.data(), b.opposite.data(),
                    def.cell_words(), nullptr, nullptr, nullptr};
  playable_bits_.assign(static_cast<size_t>(def.cell_words()), 0);
  for (int c = 0; c < b.ncells; ++c)
    if (b.playable[static_cast<size_t>(c)]) playable_bits_[static_cast<size_t>(c / 64)] |= uint64_t{1} << (c % 64);
  board_.playable_bits = playable_bits_.data();
  if (shifts_.words > 0) {
    step_offset_.assign(shifts_.offset.begin(), shifts_.offset.end());
    board_.step_offset = step_offset_.data();
    board_.step_from = shifts_.from.data();
  }
  host_.tick_limit = def.tick_limit;
  host_.ticks_left = def.tick_limit;
  alloc_->over = &host_.memory_over;
  host_.chains_scratch = &jump_chains_;
  host_.jump_chains = &JumpChains::run;
  host_.race_scratch = &race_turns_;
  host_.race_turns = &RaceTurns::run;
  host_.steps_scratch = &step_moves_;
  host_.step_moves = &StepMoves::run;
  host_.step_chains_scratch = &step_chains_;
  host_.step_chains = &StepChains::run;
  host_.drop_moves = &drop_moves;
  host_.queries_scratch = &board_queries_;
  host_.connected = &BoardQueries::connected;
  host_.line = &BoardQueries::line;
  host_.longest_line = &BoardQueries::longest_line;
  host_.blocks_scratch = &blocks_;
  host_.run_block = &ScriptBlocks::run;
  // A definition whose moves are declared and that has no script needs no VM: its block
  // generates and spells the moves, the runtime gives its results.
  if (def.script_file.empty() && def.declared) return;

  state_.reset(lua_newstate(&Alloc::fn, alloc_.get()));
  L_ = state_.get();
  if (!L_) throw ScriptError("cannot create a Lua state");
  luaL_openlibs(L_);

  lua_pushcfunction(L_, traceback);
  traceback_ref_ = luaL_ref(L_, LUA_REGISTRYINDEX);

  const std::string lib = script_lib_dir();
  const std::string runtime = lib + "/runtime.lua";
  lua_rawgeti(L_, LUA_REGISTRYINDEX, traceback_ref_);
  const int tb = lua_gettop(L_);
  if (int st = luaL_loadfile(L_, runtime.c_str()); st != 0) fail("load", 0, st);
  lua_pushstring(L_, lib.c_str());
  lua_pushlightuserdata(L_, &board_);
  lua_pushlightuserdata(L_, &host_);
  push_info(L_, def);
  lua_pushlightuserdata(L_, this);
  lua_pushcclosure(L_, &ScriptHost::check_written, 1);
  lua_setfield(L_, -2, "check_move");
  lua_pushcfunction(L_, closest_name);
  lua_setfield(L_, -2, "closest");
  std::vector<std::string> block_names;
  for (const auto& type : move_blocks()) block_names.push_back(type.name);
  push_strings(L_, block_names);
  lua_setfield(L_, -2, "blocks");
  lua_pushlightuserdata(L_, &blocks_);
  lua_pushcclosure(L_, &ScriptBlocks::compile, 1);
  lua_setfield(L_, -2, "compile_block");
  lua_pushlightuserdata(L_, &blocks_);
  lua_pushcclosure(L_, &ScriptBlocks::notation, 1);
  lua_setfield(L_, -2, "block_notation");
#ifdef BOARDLAB_CHECK_MOVES
  set_checking(true);
#endif
  if (int st = lua_pcall(L_, 4, 1, tb); st != 0) fail("load", 0, st);
  runtime_ref_ = luaL_ref(L_, LUA_REGISTRYINDEX);
  lua_pop(L_, 1);  // traceback

  std::string source;
  try {
    // Without a script (moves declared in the definition) the script is empty.
    source = def.script_file.empty() ? std::string() : instrument_lua(read_file(def.script_file));
  } catch (const std::invalid_argument& e) {
    throw ScriptError(fmt::format("{}: {}", def.script_display, e.what()));
  }
  auto field = [&](const char* name) {
    lua_rawgeti(L_, LUA_REGISTRYINDEX, runtime_ref_);
    lua_getfield(L_, -1, name);
    lua_remove(L_, -2);
  };
  lua_rawgeti(L_, LUA_REGISTRYINDEX, traceback_ref_);
  field("load_game");
  lua_pushlstring(L_, source.data(), source.size());
  lua_pushstring(L_, ("@" + def.script_display).c_str());
  host_.ticks_left = host_.tick_limit;
  host_.memory_over = 0;
  State start(def);  // what `state` shows a script that looks at it while loading
  host_.state = view(start);
  if (int st = lua_pcall(L_, 2, 1, tb); st != 0) fail("load", 0, st);
  std::vector<std::string> defined;
  for (int i = 1;; ++i) {
    lua_rawgeti(L_, -1, i);
    if (lua_isnil(L_, -1)) {
      lua_pop(L_, 1);
      break;
    }
    defined.emplace_back(lua_tostring(L_, -1));
    lua_pop(L_, 1);
  }
  lua_pop(L_, 2);

  // A function named almost like a hook is most likely a typo.
  const auto& hooks = hook_names();
  for (const auto& name : defined) {
    bool is_hook = false;
    for (const auto& h : hooks) is_hook = is_hook || h == name;
    std::string near = closest(name, hooks);
    if (!is_hook && !near.empty() && edit_distance(name, near) <= 2)
      throw ScriptError(fmt::format("{}: function '{}' is not a hook; did you mean '{}'?", def.script_display, name, near));
  }
  auto has = [&](const char* name) {
    for (const auto& d : defined)
      if (d == name) return true;
    return false;
  };
  if (def.declared && has("generate"))
    throw ScriptError(fmt::format("{}: generate: the definition declares its moves (`moves:`); its script may define "
                                  "the other hooks, not generate",
                                  def.script_display));
  if (!def.declared && !has("generate"))
    throw ScriptError(fmt::format("{}: the script must define the hook 'generate()'", def.script_display));
  has_notation_ = has("notation");
  field("result");
  result_ref_ = luaL_ref(L_, LUA_REGISTRYINDEX);
  field("notation");
  notation_ref_ = luaL_ref(L_, LUA_REGISTRYINDEX);
  field("evaluate");
  evaluate_ref_ = luaL_ref(L_, LUA_REGISTRYINDEX);
  has_evaluate_ = has("evaluate");
  has_result_ = has("result");
  // The slots that stay on the stack between calls (kTraceback, kGenerate): generate runs
  // every ply, and fetching it and the handler from the registry cost 10% of a ply in a fast game.
  lua_pushcfunction(L_, traceback);
  field("generate");
  stack_base_ = kGenerate;
}

ScriptHost::~ScriptHost() = default;

void ScriptHost::Closer::operator()(lua_State* L) const { lua_close(L); }

void ScriptHost::fail(const char* hook, int ply, int status) {
  std::string msg = lua_tostring(L_, -1) ? escape_control(lua_tostring(L_, -1)) : "an error that is not a string";
  lua_settop(L_, stack_base_);
  if (status == LUA_ERRMEM || host_.memory_over)
    msg = fmt::format("{}: the script went over its memory limit of {} MiB (limits.memory_mb)", def_.script_display,
                      def_.memory_limit >> 20);
  // Context goes on the first line, before the traceback.
  size_t nl = msg.find('\n');
  std::string first = msg.substr(0, nl), rest = nl == std::string::npos ? "" : msg.substr(nl);
  throw ScriptError(fmt::format("{} (hook {}, game {}, ply {}){}", first, hook, def_.name, ply, rest));
}

void ScriptHost::call(int fn_ref, const char* hook, const State& s, int nargs, int nresults) {
  lua_rawgeti(L_, LUA_REGISTRYINDEX, fn_ref);
  lua_insert(L_, -1 - nargs);  // beneath the arguments
  pcall(hook, s, nargs, nresults);
}

void ScriptHost::pcall(const char* hook, const State& s, int nargs, int nresults) {
  ++lua_calls_;
  host_.ticks_left = host_.tick_limit;
  host_.memory_over = 0;
  if (int st = lua_pcall(L_, nargs, nresults, kTraceback); st != 0) fail(hook, s.ply(), st);
}

void ScriptHost::generate(const State& s, MoveList& out) {
  out.clear();
  host_.state = view(s);
  if (!def_.declared || def_.declared->reads_side_cells()) {
    mine_.resize(def_.board.ncells);
    int n = 0;
    const uint64_t* owned = s.owned_cells(s.side());
    for (int w = 0; w < s.owned_words(); ++w)
      for (uint64_t bits = owned[w]; bits; bits &= bits - 1) mine_[n++] = static_cast<int16_t>(64 * w + std::countr_zero(bits));
    host_.state.mine = mine_.data();
    host_.state.nmine = n;
  }
  // The buffer counts against the script's memory while the script writes it.
  struct Charge {
    MoveList& out;
    explicit Charge(MoveList& o, MemoryBudget& b) : out(o) { out.set_budget(&b); }
    ~Charge() { out.set_budget(nullptr); }
  } charge(out, alloc_->budget);
  host_.moves = *out.raw();
  if (def_.declared) return generate_declared(s, out);
  lua_pushvalue(L_, kGenerate);
  struct Generating {  // cleared however the call ends
    const State*& at;
    Generating(const State*& a, const State& s) : at(a) { at = &s; }
    ~Generating() { at = nullptr; }
  } generating(generating_, s);
  pcall("generate", s, 0, 0);
  *out.raw() = host_.moves;
}

void ScriptHost::generate_declared(const State& s, MoveList& out) {
  host_.ticks_left = host_.tick_limit;
  host_.memory_over = 0;
  const int32_t status = def_.declared->generate(host_, board_);
  host_.moves.trusted = 1;  // a block writes only legal moves
  *out.raw() = host_.moves;
  if (status == BL_OK) {
    // Checking mode (the authors' commands, the sanitizer build) holds a block to that too.
    for (int i = 0; host_.checking && i < out.size(); ++i) {
      out.get(i, checked_);
      try {
        s.check(checked_);
      } catch (const std::exception& e) {
        throw ScriptError(fmt::format("{}: moves.{} wrote a move the board refuses: {} (game {}, ply {})\n  in the position: {}",
                                      def_.source_file, def_.declared_block, e.what(), def_.name, s.ply(), position_text(s)));
      }
    }
    return;
  }
  std::string why;
  switch (status) {
    case BL_TOO_MANY: why = fmt::format("more than {} moves in one position", kMaxMoves); break;
    case BL_MEMORY:
      why = fmt::format("the moves written would go over the memory limit of {} MiB (limits.memory_mb)", def_.memory_limit >> 20);
      break;
    case BL_TICKS: why = fmt::format("the search ran too long: more than {} loop steps (limits.ticks)", def_.tick_limit); break;
    case BL_CHAINS_ACTIONS: why = fmt::format("a move too long for one move (at most {} actions)", kMaxActions); break;
    default: why = fmt::format("the block stopped with status {}", status);
  }
  out.clear();
  throw ScriptError(fmt::format("{}: moves.{}: {} (game {}, ply {})", def_.source_file, def_.declared_block, why, def_.name, s.ply()));
}

int ScriptHost::check_written(lua_State* L) {
  auto* self = static_cast<ScriptHost*>(lua_touserdata(L, lua_upvalueindex(1)));
  const auto at = static_cast<int32_t>(lua_tointeger(L, 1)), nwords = static_cast<int32_t>(lua_tointeger(L, 2));
  std::string why;
  try {  // no C++ exception may cross the Lua frames above
    Move& m = self->checked_;
    MoveList::decode(self->host_.moves.words, nwords, at, m);
    if (self->generating_) self->generating_->check(m);
  } catch (const std::exception& e) {
    why = e.what();
    if (self->generating_) why += "\n  in the position: " + position_text(*self->generating_);
  }
  if (why.empty()) return 0;
  lua_pushlstring(L, why.data(), why.size());
  return 1;
}

std::optional<Outcome> ScriptHost::result(const State& s) {
  host_.state = view(s);
  call(result_ref_, "result", s, 0, 2);
  std::optional<Outcome> r;
  const auto detail = static_cast<uint8_t>(lua_tointeger(L_, -1));
  if (lua_isnumber(L_, -2)) {
    r = Outcome{Outcome::Kind::Win, Outcome::Reason::Script, static_cast<int8_t>(lua_tointeger(L_, -2)), detail};
  } else if (lua_isstring(L_, -2)) {
    r = Outcome{Outcome::Kind::Draw, Outcome::Reason::Script, -1, detail};
  }
  lua_pop(L_, 2);
  return r;
}

double ScriptHost::evaluate(const State& s, int player) {
  host_.state = view(s);
  lua_pushinteger(L_, player);
  call(evaluate_ref_, "evaluate", s, 1, 1);
  if (!lua_isnumber(L_, -1)) {
    lua_pop(L_, 1);
    throw ScriptError(fmt::format("{}: evaluate must return a number (game {}, ply {})", def_.script_display, def_.name, s.ply()));
  }
  const double v = lua_tonumber(L_, -1);
  lua_pop(L_, 1);
  return v != v ? 0.0 : std::clamp(v, -1.0, 1.0);  // NaN counts as even
}

std::vector<std::string> ScriptHost::notation(const State& s, const Move& m, int viewer) {
  if (def_.declared && !has_notation_) {
    if (m.is_pass()) return {"pass"};
    return def_.declared->notation(s, m);
  }
  host_.state = view(s);
  lua_createtable(L_, m.count, 1);
  for (int i = 0; i < m.count; ++i) {
    const Action& a = m.actions[i];
    lua_createtable(L_, 0, 5);
    lua_pushstring(L_, op_name(a.op));
    lua_setfield(L_, -2, "op");
    lua_pushinteger(L_, a.n);
    lua_setfield(L_, -2, "n");
    for (auto [name, v] : {std::pair{"a", a.a}, std::pair{"b", a.b}, std::pair{"c", a.c}}) {
      if (v == kNone) continue;
      lua_pushinteger(L_, v);
      lua_setfield(L_, -2, name);
    }
    lua_rawseti(L_, -2, i + 1);
  }
  lua_pushinteger(L_, m.flags);
  lua_pushinteger(L_, viewer >= 0 && viewer < def_.nplayers() ? viewer : s.side());
  struct Notating {  // what a block's notation spells, cleared however the call ends
    ScriptBlocks& blocks;
    Notating(ScriptBlocks& b, const State& s, const Move& m) : blocks(b) { blocks.set_notating(&s, &m); }
    ~Notating() { blocks.set_notating(nullptr, nullptr); }
  } notating(blocks_, s, m);
  call(notation_ref_, "notation", s, 3, 1);
  std::vector<std::string> out;
  for (int i = 1;; ++i) {
    lua_rawgeti(L_, -1, i);
    if (!lua_isstring(L_, -1)) {
      lua_pop(L_, 1);
      break;
    }
    size_t len = 0;
    const char* text = lua_tolstring(L_, -1, &len);
    lua_pop(L_, 1);
    if (i > kMaxSpellings || len > static_cast<size_t>(kMaxSpellingBytes)) {
      lua_pop(L_, 1);
      throw ScriptError(fmt::format("{}: notation gave more than {} spellings or one longer than {} bytes (game {}, ply {})",
                                    def_.script_display, kMaxSpellings, kMaxSpellingBytes, def_.name, s.ply()));
    }
    // Printed on terminals: control characters escaped, so that a script cannot send escapes.
    out.push_back(escape_control(std::string_view(text, len)));
  }
  lua_pop(L_, 1);
  if (out.empty()) throw ScriptError(fmt::format("{}: notation gave no spelling (game {}, ply {})", def_.script_display, def_.name, s.ply()));
  return out;
}

int ScriptHost::lua_layout(const std::string& type, const std::string& field) {
  if (!L_) return -2;  // no VM: a definition without a script
  lua_rawgeti(L_, LUA_REGISTRYINDEX, runtime_ref_);
  lua_getfield(L_, -1, "layout");
  lua_pushstring(L_, type.c_str());
  lua_pushstring(L_, field.c_str());
  const int status = lua_pcall(L_, 2, 1, 0);
  const int out = status == 0 ? static_cast<int>(lua_tointeger(L_, -1)) : -2;
  lua_pop(L_, 2);
  return out;
}

}  // namespace boardlab
