// RepetitionTable: how often each position key has occurred in the game so far. An
// open-addressing multiset (linear probing, backward-shift deletion): apply adds a key, undo
// removes it, without an allocation per ply.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace boardlab {

class RepetitionTable {
 public:
  RepetitionTable() { reset(64); }
  void clear() { reset(64); }
  // Returns the key's count after adding it.
  int add(uint64_t key);
  void remove(uint64_t key);
  int count(uint64_t key) const;

 private:
  void reset(size_t capacity);
  size_t home(uint64_t key) const { return static_cast<size_t>((key * 0x9E3779B97F4A7C15ULL) >> shift_); }
  std::vector<uint64_t> keys_;
  std::vector<uint16_t> counts_;  // 0: empty slot
  size_t used_ = 0, mask_ = 0;
  int shift_ = 0;
};

}  // namespace boardlab
