// KeySet: the distinct keys (short sequences of T) met during one search, numbered in the
// order first met; the C++ primitives use it to write one move per distinct result. Keys lie
// end to end, found through an open-addressed index of their numbers; clear() keeps the
// memory for the next search.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace boardlab {

template <class T>
class KeySet {
 public:
  void clear() {
    if (starts_.size() > 1) std::fill(index_.begin(), index_.end(), -1);
    keys_.clear();
    hashes_.clear();
    starts_.assign(1, 0);
  }
  int size() const { return static_cast<int>(starts_.size()) - 1; }
  // The number of key k[0..n): a new one (size() - 1 after) if it was not met yet; `added`
  // says which.
  int insert(const T* k, size_t n, bool& added) { return insert(k, n, hash(k, n), added); }
  // The same with the key's hash `h` given: a caller that keeps a hash as its key changes
  // (low bits well mixed) saves hashing it. One set's keys are all hashed the same way.
  int insert(const T* k, size_t n, uint64_t h, bool& added) {
    if (2 * starts_.size() > index_.size()) {  // grow, and index the keys kept again
      index_.assign(std::max<size_t>(64, 2 * index_.size()), -1);
      for (int i = 0; i < size(); ++i) place(i, hashes_[static_cast<size_t>(i)]);
    }
    const size_t mask = index_.size() - 1;
    for (size_t slot = h & mask; index_[slot] >= 0; slot = (slot + 1) & mask) {
      const int i = index_[slot];
      if (starts_[i + 1] - starts_[i] == n && std::equal(k, k + n, &keys_[starts_[i]])) return added = false, i;
    }
    keys_.insert(keys_.end(), k, k + n);
    starts_.push_back(keys_.size());
    hashes_.push_back(h);
    place(size() - 1, h);
    return added = true, size() - 1;
  }

 private:
  // Eight bytes at a time (a byte-at-a-time FNV-1a over a 24-point race's 75-byte keys was
  // most of a turn's search: its multiplies form one chain per byte).
  static uint64_t hash(const T* k, size_t n) {
    const auto* b = reinterpret_cast<const unsigned char*>(k);
    size_t bytes = n * sizeof(T);
    uint64_t h = 0x9E3779B97F4A7C15ull ^ bytes;
    for (; bytes >= 8; b += 8, bytes -= 8) {
      uint64_t w;
      std::memcpy(&w, b, 8);
      h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
      h ^= h >> 29;
    }
    if (bytes > 0) {
      uint64_t w = 0;
      std::memcpy(&w, b, bytes);
      h = (h ^ w) * 0x94D049BB133111EBull;
    }
    return h ^ (h >> 32);
  }
  void place(int i, uint64_t h) {
    const size_t mask = index_.size() - 1;
    size_t slot = h & mask;
    while (index_[slot] >= 0) slot = (slot + 1) & mask;
    index_[slot] = i;
  }
  std::vector<T> keys_;
  std::vector<size_t> starts_ = {0};  // key i is keys_[starts_[i] .. starts_[i + 1])
  std::vector<uint64_t> hashes_;      // key i's hash
  std::vector<int32_t> index_;
};

}  // namespace boardlab
