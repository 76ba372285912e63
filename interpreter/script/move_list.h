// MoveList: the buffer a script writes legal moves into (through FFI), and that C++ reads
// them back from. Moves stay encoded as words until one is needed.
#pragma once
#include <cstdint>
#include <vector>

#include "core/move.h"
#include "script/ffi_types.h"

namespace boardlab {

// The bytes a script may hold (limits.memory_mb): its Lua heap, and the move buffer it is
// writing while generate runs. Both the Lua allocator and MoveList::grow ask it.
struct MemoryBudget {
  size_t lua = 0, moves = 0, limit = 0;
  bool allows(size_t lua_after, size_t moves_after) const { return lua_after + moves_after <= limit; }
};

class MoveList {
 public:
  MoveList();
  MoveList(const MoveList& o);
  MoveList& operator=(const MoveList& o);

  void clear() { raw_.nwords = 0, raw_.count = 0, raw_.trusted = 0; }
  int size() const { return raw_.count; }
  bool empty() const { return raw_.count == 0; }
  Move operator[](int i) const;  // decodes; throws ScriptError on a malformed entry
  void get(int i, Move& out) const;
  // Decodes the move whose header is at words[at] (of nwords written); throws ScriptError on
  // a malformed entry.
  static void decode(const int32_t* words, int32_t nwords, int32_t at, Move& out);
  uint8_t flags(int i) const;  // move i's flags alone (progress, events)
  // The words of the buffer (ffi_types.h): a move's header, and an action's two words.
  static int32_t header(int actions, int flags) {
    return static_cast<int32_t>(static_cast<uint32_t>(actions) | (static_cast<uint32_t>(flags) << BL_HEADER_FLAGS));
  }
  static void encode(const Action& a, int32_t* w) {
    w[0] = static_cast<int32_t>(static_cast<uint32_t>(a.op) | (uint32_t{a.n} << BL_ACTION_N) | (uint32_t{a.a} << BL_ACTION_A));
    w[1] = static_cast<int32_t>(uint32_t{a.b} | (uint32_t{a.c} << BL_ACTION_C));
  }
  // For the C++ primitives, which write through `m` as a script does: room for one move of
  // `actions` actions (the buffer grows within its budget), its header written; returns
  // where its actions go, or nullptr with `status` set to BL_TOO_MANY or BL_MEMORY (the
  // limits of scripts/lib/move_writer.lua).
  static int32_t* begin_move(bl_moves& m, int actions, int flags, int32_t& status) {
    const int32_t words = 1 + 2 * actions;
    if (m.nwords + words > m.cap_words || m.count + 1 > m.cap_moves) [[unlikely]]
      if (!make_room(m, words, status)) return nullptr;
    int32_t* w = m.words + m.nwords;
    w[0] = header(actions, flags);
    m.starts[m.count++] = m.nwords;
    m.nwords += words;
    return w + 1;
  }
  // Writes one action's words at w; returns where the next goes.
  static int32_t* put(int32_t* w, Op op, int n, int a, int b, int c) {
    encode(Action{op, static_cast<uint8_t>(n), static_cast<uint16_t>(a), static_cast<uint16_t>(b), static_cast<uint16_t>(c)}, w);
    return w + 2;
  }
  void push(const Move& m);
  bl_moves* raw() { return &raw_; }
  size_t bytes() const { return bytes_for(words_.size(), starts_.size()); }
  // While set, the buffer grows only within `budget` (and charges its bytes there); a grow
  // that would not fit leaves the capacity as it was, for the script side to report.
  void set_budget(MemoryBudget* budget);

 private:
  static void grow(bl_moves* m, int32_t words_needed);
  // begin_move's slow path: grows the buffer for `words` more; false with `status` set if it may not.
  static bool make_room(bl_moves& m, int32_t words, int32_t& status);
  static size_t bytes_for(size_t words, size_t starts) { return (words + starts) * sizeof(int32_t); }
  void sync();
  std::vector<int32_t> words_, starts_;
  bl_moves raw_{};
  MemoryBudget* budget_ = nullptr;
};

}  // namespace boardlab
