// Building blocks of moves as registered parts. A block is one source file of
// interpreter/blocks/ that registers a MoveBlockType: the keys a definition gives it under
// `moves:` (its schema, which the reader, `check` and the reference docs all take from this
// registry), its reader with its checks (errors at file:line:col), and what it reads into: a
// DeclaredBlock, the block's data and the tables its generator needs, made once at load and
// shared by every thread. The generator writes moves straight into the move buffer and the
// notation spells them, with no script VM on the way (OpenSpiel's REGISTER_SPIEL_GAME is
// the shape; Ludii's one class per ludeme the granularity).
//
// This layer declares the interface and keeps the list; the blocks live above the state and
// script layers, whose types the interface names only by declaration (the definition holds
// its block, the rules run it): a dependency turned around, so that adding a block touches
// no file here.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "definition/registry.h"
#include "definition/schema.h"

struct bl_host;
struct bl_board;

namespace boardlab {

class State;
struct Move;
struct GameDef;

// A block as one definition declares it. Immutable after load; one per definition.
class DeclaredBlock {
 public:
  virtual ~DeclaredBlock() = default;
  // Writes the legal moves of the side to move of host.state into host.moves, from its fill
  // on; returns a BL_ status (ffi_types.h). host holds this thread's working memory.
  virtual int32_t generate(bl_host& host, const bl_board& board) const = 0;
  // The spellings of `m`, a move this block wrote in `before`, most preferred first.
  virtual std::vector<std::string> notation(const State& before, const Move& m) const = 0;
  // Every flag (progress, events) a move of this block may carry: for `check`'s warnings.
  virtual uint8_t flags() const = 0;
  // Whether generate reads host.state.mine, the side to move's cells, which the host then
  // lists before each call (a block of placements has no use for them).
  virtual bool reads_side_cells() const { return true; }
};
using DeclaredBlockPtr = std::shared_ptr<const DeclaredBlock>;

// What a block's reader may ask of the loader: the definition read so far (board, players,
// pieces, reserves, events, options resolved) and names turned into ids, each reporting
// its own error at the node's position and returning -1 (or 0 for flags) when it fails.
class BlockReader {
 public:
  virtual ~BlockReader() = default;
  virtual const GameDef& game() const = 0;
  virtual int direction(const YNode& name) = 0;
  virtual int reserve(const YNode& name) = 0;
  virtual int kind(const std::string& name, const SourcePos& pos) = 0;
  virtual int player(const std::string& name, const SourcePos& pos) = 0;
  virtual uint8_t flags(const YNode* list) = 0;  // a list of flag names (progress, events); none: 0
  virtual int integer(const YNode& n, const char* what, int min, int max) = 0;  // `$option` too
  virtual bool boolean(const YNode& n) = 0;
  virtual void error(const SourcePos& pos, std::string message) = 0;
  // "unknown WHAT 'NAME' (did you mean ...)".
  virtual void unknown(const SourcePos& pos, const char* what, const std::string& name,
                       const std::vector<std::string>& known) = 0;
};

struct MoveBlockType {
  std::string name;  // its key under `moves:`
  std::string doc;   // one line for the reference docs
  SchemaPtr keys;    // a Struct: the block's keys, types, defaults and docs
  // Reads the block's node (already checked against `keys`); returns nullptr after
  // reporting errors through `r`.
  DeclaredBlockPtr (*read)(const YNode& node, BlockReader& r);
};

// Adds a block to the registry (at static initialisation: BOARDLAB_REGISTER_MOVE_BLOCK).
bool register_move_block(MoveBlockType type);
// Every registered block, sorted by name.
const std::vector<MoveBlockType>& move_blocks();
const MoveBlockType* find_move_block(const std::string& name);

// In a block's source file, at namespace scope: BOARDLAB_REGISTER_MOVE_BLOCK(MoveBlockType{...}).
#define BOARDLAB_REGISTER_MOVE_BLOCK(...) \
  static const bool BOARDLAB_REGISTRY_CONCAT(registered_block_, __LINE__) = ::boardlab::register_move_block(__VA_ARGS__)

}  // namespace boardlab
