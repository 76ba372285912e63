// ScriptBlocks: the registered move blocks behind a script's blocks.NAME(keys).
#include "script/script_blocks.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <new>

#include "core/text.h"
#include "definition/move_block.h"
#include "definition/schema.h"

extern "C" {
#include <lua.h>
}

namespace boardlab {

namespace {

constexpr int kMaxNodes = ScriptBlocks::kMaxKeys, kMaxDepth = ScriptBlocks::kMaxKeysDepth;
constexpr size_t kMaxBlocks = ScriptBlocks::kMaxBlocks;

// The Lua value at `idx` as a tree; "" or why it cannot be one.
std::string to_node(lua_State* L, int idx, YNode& out, int depth, int& nodes) {
  if (++nodes > kMaxNodes) return fmt::format("more than {} entries", kMaxNodes);
  switch (lua_type(L, idx)) {
    case LUA_TSTRING: out.kind = YNode::Kind::Scalar, out.scalar = lua_tostring(L, idx); return "";
    case LUA_TBOOLEAN: out.kind = YNode::Kind::Scalar, out.scalar = lua_toboolean(L, idx) ? "true" : "false"; return "";
    case LUA_TNUMBER: {
      const double v = lua_tonumber(L, idx);
      out.kind = YNode::Kind::Scalar;
      out.scalar = v == std::floor(v) && std::abs(v) < 1e15 ? fmt::format("{}", static_cast<long long>(v)) : fmt::format("{}", v);
      return "";
    }
    case LUA_TTABLE: break;
    default: return fmt::format("a {} is not a key's value", lua_typename(L, lua_type(L, idx)));
  }
  if (depth > kMaxDepth) return fmt::format("tables nested more than {} deep", kMaxDepth);
  if (idx < 0) idx = lua_gettop(L) + idx + 1;
  // A list (keys 1..n) or a map (string keys, taken in sorted order: pairs() has none).
  std::vector<std::string> names;
  int count = 0;
  bool numbered = true, named = true;
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    ++count;
    if (lua_type(L, -2) == LUA_TSTRING) {
      numbered = false;
      names.emplace_back(lua_tostring(L, -2));
    } else {
      named = false;
    }
    lua_pop(L, 1);
    if (count > kMaxNodes) return fmt::format("more than {} entries", kMaxNodes);
  }
  if (!numbered && !named) return "a table with both a list and named keys";
  if (numbered) {
    out.kind = YNode::Kind::Seq;
    for (int i = 1; i <= count; ++i) {
      lua_rawgeti(L, idx, i);
      if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return "a list with holes (its keys are not 1 to n)";
      }
      auto item = std::make_shared<YNode>();
      std::string why = to_node(L, -1, *item, depth + 1, nodes);
      lua_pop(L, 1);
      if (!why.empty()) return why;
      out.items.push_back(std::move(item));
    }
    return "";
  }
  out.kind = YNode::Kind::Map;
  std::sort(names.begin(), names.end());
  for (const auto& name : names) {
    lua_getfield(L, idx, name.c_str());
    auto value = std::make_shared<YNode>();
    std::string why = to_node(L, -1, *value, depth + 1, nodes);
    lua_pop(L, 1);
    if (!why.empty()) return fmt::format("{}: {}", name, why);
    out.fields.emplace_back(name, std::move(value));
    out.key_pos.push_back({});
  }
  return "";
}

// Names as the definition spells them, or the numbers the game API gives for them.
class LuaKeys final : public BlockReader {
 public:
  LuaKeys(const GameDef& g, Diagnostics& diags) : g_(g), diags_(diags) {}
  const GameDef& game() const override { return g_; }
  int direction(const YNode& n) override {
    return id(n, "direction", g_.board.dir_names, g_.board.dir_index(n.scalar));
  }
  int reserve(const YNode& n) override {
    const auto it = std::find(g_.reserve_slots.begin(), g_.reserve_slots.end(), n.scalar);
    return id(n, "reserve", g_.reserve_slots, it == g_.reserve_slots.end() ? -1 : static_cast<int>(it - g_.reserve_slots.begin()));
  }
  int kind(const std::string& name, const SourcePos& pos) override {
    std::vector<std::string> names;
    int found = -1;
    for (size_t k = 0; k < g_.kinds.size(); ++k) {
      names.push_back(g_.kinds[k].name);
      if (g_.kinds[k].name == name) found = static_cast<int>(k);
    }
    YNode n;
    n.scalar = name, n.pos = pos;
    return id(n, "piece kind", names, found);
  }
  int player(const std::string& name, const SourcePos& pos) override {
    std::vector<std::string> names;
    for (const auto& p : g_.players) names.push_back(p.name);
    YNode n;
    n.scalar = name, n.pos = pos;
    return id(n, "player", names, g_.player_index(name));
  }
  uint8_t flags(const YNode* list) override {
    if (!list) return 0;
    if (list->is_scalar()) {  // game.flags(...)'s number
      const auto v = parse_int(list->scalar);
      if (v && *v >= 0 && *v <= 255) return static_cast<uint8_t>(*v);
      error(list->pos, fmt::format("flags are a list of names or a number from game.flags, not '{}'", list->scalar));
      return 0;
    }
    std::vector<std::string> known = {"progress"};
    for (const auto& e : g_.events) known.push_back(e.name);
    uint8_t bits = 0;
    for (const auto& item : list->items) {
      const auto it = std::find(known.begin(), known.end(), item->scalar);
      if (it == known.end()) unknown(item->pos, "flag", item->scalar, known);
      else bits |= it == known.begin() ? kProgressFlag : event_flag(static_cast<int>(it - known.begin()) - 1);
    }
    return bits;
  }
  int integer(const YNode& n, const char* what, int min, int max) override {
    const auto v = parse_int(n.scalar);
    if (!v || *v < min || *v > max) {
      error(n.pos, fmt::format("'{}' must be a whole number from {} to {}, not '{}'", what, min, max, n.scalar));
      return min;
    }
    return static_cast<int>(*v);
  }
  bool boolean(const YNode& n) override { return parse_bool(n.scalar).value_or(false); }
  void error(const SourcePos& pos, std::string message) override { diags_.error(pos, std::move(message)); }
  void unknown(const SourcePos& pos, const char* what, const std::string& name, const std::vector<std::string>& known) override {
    const std::string near = closest(name, known);
    error(pos, fmt::format("unknown {} '{}'{}", what, name,
                           near.empty() ? " (expected one of: " + join(known, ", ") + ")" : " (did you mean '" + near + "'?)"));
  }

 private:
  // A name's id (`found`, -1 if the name is not one), or a number below names.size().
  int id(const YNode& n, const char* what, const std::vector<std::string>& names, int found) {
    if (found >= 0) return found;
    if (const auto v = parse_int(n.scalar)) {
      if (*v >= 0 && *v < static_cast<long long>(names.size())) return static_cast<int>(*v);
      error(n.pos, fmt::format("{} {} is not one of the game's (0 to {})", what, *v, names.size() - 1));
      return -1;
    }
    unknown(n.pos, what, n.scalar, names);
    return -1;
  }
  const GameDef& g_;
  Diagnostics& diags_;
};

// The messages of `diags` on one line each, without positions (the script's line is the place).
std::string messages(const Diagnostics& diags) {
  std::vector<std::string> out;
  for (const auto& d : diags.items())
    if (!d.warning) out.push_back(d.message);
  return join(out, "; ");
}

}  // namespace

int ScriptBlocks::compile(lua_State* L) {
  auto* self = static_cast<ScriptBlocks*>(lua_touserdata(L, lua_upvalueindex(1)));
  const char* name = lua_tostring(L, 1);
  std::string why;
  try {  // no C++ exception may cross the Lua frames above
    const MoveBlockType* type = name ? find_move_block(name) : nullptr;
    const std::string fname = fmt::format("blocks.{}", name ? name : "?");
    YNode keys;
    int nodes = 0;
    if (!type) {
      why = fmt::format("{}: no such block", fname);
    } else if (self->compiled_.size() >= kMaxBlocks) {
      why = fmt::format("{}: a script may make at most {} blocks; make each once, at load, and keep it", fname, kMaxBlocks);
    } else if (!lua_istable(L, 2)) {
      why = fmt::format("{}: expected a table of the block's keys ({} {{ ... }})", fname, fname);
    } else if (why = to_node(L, 2, keys, 0, nodes); !why.empty()) {
      why = fmt::format("{}: {}", fname, why);
    } else {
      Diagnostics diags;
      validate(keys, *type->keys, fname, diags);
      DeclaredBlockPtr block;
      if (!diags.has_errors()) {
        LuaKeys reader(self->def_, diags);
        block = type->read(keys, reader);
      }
      if (diags.has_errors() || !block) {
        why = fmt::format("{}: {}", fname, diags.has_errors() ? messages(diags) : "refused");
      } else {
        self->compiled_.push_back(std::move(block));
        lua_pushinteger(L, static_cast<lua_Integer>(self->compiled_.size() - 1));
        return 1;
      }
    }
  } catch (const std::exception& e) {
    why = fmt::format("blocks.{}: {}", name ? name : "?", e.what());
  }
  lua_pushnil(L);
  lua_pushlstring(L, why.data(), why.size());
  return 2;
}

int ScriptBlocks::notation(lua_State* L) {
  auto* self = static_cast<ScriptBlocks*>(lua_touserdata(L, lua_upvalueindex(1)));
  const auto id = static_cast<size_t>(lua_tointeger(L, 1));
  std::vector<std::string> texts;
  std::string why;
  try {
    if (!self->move_ || !self->before_) why = "only the notation hook spells a move";
    else if (id >= self->compiled_.size()) why = "no such block";
    else if (self->move_->is_pass()) texts = {"pass"};  // the runtime's, in a game that passes
    else texts = self->compiled_[id]->notation(*self->before_, *self->move_);
  } catch (const std::exception& e) {
    why = e.what();
  }
  if (!why.empty()) {
    lua_pushnil(L);
    lua_pushlstring(L, why.data(), why.size());
    return 2;
  }
  lua_createtable(L, static_cast<int>(texts.size()), 0);
  for (size_t i = 0; i < texts.size(); ++i) {
    lua_pushlstring(L, texts[i].data(), texts[i].size());
    lua_rawseti(L, -2, static_cast<int>(i + 1));
  }
  return 1;
}

int32_t ScriptBlocks::run(bl_host* host, const bl_board* board, int32_t id) {
  // Called from Lua through the FFI: no exception may cross it.
  try {
    auto* self = static_cast<ScriptBlocks*>(host->blocks_scratch);
    if (id < 0 || static_cast<size_t>(id) >= self->compiled_.size()) return BL_UNANSWERED;
    return self->compiled_[static_cast<size_t>(id)]->generate(*host, *board);
  } catch (const std::bad_alloc&) {
    return BL_MEMORY;
  }
}

}  // namespace boardlab
