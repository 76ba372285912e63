// MoveList: the buffer a script writes legal moves into (through FFI), and that C++ reads
// them back from. Moves stay encoded as words until one is needed.
#pragma once
#include <cstdint>
#include <vector>

#include "core/move.h"
#include "script/ffi_types.h"

namespace boardlab {

class MoveList {
 public:
  MoveList();
  MoveList(const MoveList& o);
  MoveList& operator=(const MoveList& o);

  void clear() { raw_.nwords = 0, raw_.count = 0; }
  int size() const { return raw_.count; }
  bool empty() const { return raw_.count == 0; }
  Move operator[](int i) const;  // decodes; throws ScriptError on a malformed entry
  void get(int i, Move& out) const;
  uint8_t flags(int i) const;  // move i's flags alone (progress, events)
  void push(const Move& m);
  bl_moves* raw() { return &raw_; }

 private:
  static void grow(bl_moves* m, int32_t words_needed);
  void sync();
  std::vector<int32_t> words_, starts_;
  bl_moves raw_{};
};

}  // namespace boardlab
