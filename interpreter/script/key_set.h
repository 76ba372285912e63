// KeySet: the distinct keys (short sequences of T) met during one search, numbered in the
// order first met; the C++ primitives use it to write one move per distinct result. Keys lie
// end to end, found through an open-addressed index of their numbers; clear() keeps the
// memory for the next search.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace boardlab {

template <class T>
class KeySet {
 public:
  void clear() {
    if (starts_.size() > 1) std::fill(index_.begin(), index_.end(), -1);
    keys_.clear();
    starts_.assign(1, 0);
  }
  int size() const { return static_cast<int>(starts_.size()) - 1; }
  // The number of key k[0..n): a new one (size() - 1 after) if it was not met yet; `added`
  // says which.
  int insert(const T* k, size_t n, bool& added) {
    if (2 * starts_.size() > index_.size()) {  // grow, and index the keys kept again
      index_.assign(std::max<size_t>(64, 2 * index_.size()), -1);
      for (int i = 0; i < size(); ++i) place(i, hash(&keys_[starts_[i]], starts_[i + 1] - starts_[i]));
    }
    const uint64_t h = hash(k, n);
    const size_t mask = index_.size() - 1;
    for (size_t slot = h & mask; index_[slot] >= 0; slot = (slot + 1) & mask) {
      const int i = index_[slot];
      if (starts_[i + 1] - starts_[i] == n && std::equal(k, k + n, &keys_[starts_[i]])) return added = false, i;
    }
    keys_.insert(keys_.end(), k, k + n);
    starts_.push_back(keys_.size());
    place(size() - 1, h);
    return added = true, size() - 1;
  }

 private:
  static uint64_t hash(const T* k, size_t n) {  // FNV-1a over the values
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; ++i) h = (h ^ static_cast<uint64_t>(k[i])) * 1099511628211ull;
    return h;
  }
  void place(int i, uint64_t h) {
    const size_t mask = index_.size() - 1;
    size_t slot = h & mask;
    while (index_[slot] >= 0) slot = (slot + 1) & mask;
    index_[slot] = i;
  }
  std::vector<T> keys_;
  std::vector<size_t> starts_ = {0};  // key i is keys_[starts_[i] .. starts_[i + 1])
  std::vector<int32_t> index_;
};

}  // namespace boardlab
