// The registered move blocks as a script calls them: `blocks.NAME(keys)` in Lua. The keys
// are the block's `moves: NAME` keys as a Lua table, which becomes the tree a definition's
// reader takes: the same schema, checks and messages (names may also be the numbers the
// game API gives: game.reserve("hand"), board.dir("n")). What the block reads into runs on
// the move buffer of the generate call under way, as a declared block does; one binding for
// every block, none written per block.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/move.h"
#include "definition/game_def.h"
#include "script/ffi_types.h"
#include "state/state.h"

struct lua_State;

namespace boardlab {

class ScriptBlocks {
 public:
  explicit ScriptBlocks(const GameDef& def) : def_(def) {}
  // The most entries a table of keys may hold, and how deep (a block's keys are a few dozen:
  // their tree is C++ memory, which limits.memory_mb does not count); the most blocks one
  // script may make (each made once, at load, and kept).
  static constexpr int kMaxKeys = 10'000, kMaxKeysDepth = 16, kMaxBlocks = 64;

  // Lua: compile(name, keys) -> the block's id, or nil and why (the runtime raises it at the
  // script's line). Upvalue 1: the ScriptBlocks.
  static int compile(lua_State* L);
  // Lua: notation(id) -> the block's spellings of the move being spelled (a list), or nil
  // and why. Upvalue 1: the ScriptBlocks.
  static int notation(lua_State* L);
  // bl_host::run_block: block `id` writes its moves into host->moves. host->blocks_scratch
  // is the ScriptBlocks.
  static int32_t run(bl_host* host, const bl_board* board, int32_t id);

  // Set while the notation hook runs: the move being spelled and the position before it.
  void set_notating(const State* before, const Move* m) { before_ = before, move_ = m; }

 private:
  const GameDef& def_;
  std::vector<DeclaredBlockPtr> compiled_;
  const State* before_ = nullptr;
  const Move* move_ = nullptr;
};

}  // namespace boardlab
