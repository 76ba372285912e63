// RepetitionTable: an open-addressing multiset of 64-bit keys.
#include "state/repetition_table.h"

#include <bit>

namespace boardlab {

void RepetitionTable::reset(size_t capacity) {
  keys_.assign(capacity, 0);
  counts_.assign(capacity, 0);
  used_ = 0;
  mask_ = capacity - 1;
  shift_ = 64 - static_cast<int>(std::countr_zero(capacity));
}

int RepetitionTable::add(uint64_t key) {
  size_t i = home(key);
  while (counts_[i] && keys_[i] != key) i = (i + 1) & mask_;
  if (counts_[i]) return ++counts_[i];
  if (2 * (used_ + 1) > keys_.size()) {  // keep the load under a half
    auto old_keys = std::move(keys_);
    auto old_counts = std::move(counts_);
    reset(old_keys.size() * 2);
    for (size_t j = 0; j < old_keys.size(); ++j) {
      if (!old_counts[j]) continue;
      size_t k = home(old_keys[j]);
      while (counts_[k]) k = (k + 1) & mask_;
      keys_[k] = old_keys[j];
      counts_[k] = old_counts[j];
      ++used_;
    }
    return add(key);
  }
  keys_[i] = key;
  counts_[i] = 1;
  ++used_;
  return 1;
}

void RepetitionTable::remove(uint64_t key) {
  size_t i = home(key);
  while (counts_[i] && keys_[i] != key) i = (i + 1) & mask_;
  if (!counts_[i] || --counts_[i]) return;
  // Backward-shift deletion: pull later entries of the probe run into the hole.
  --used_;
  size_t hole = i;
  for (size_t j = (hole + 1) & mask_; counts_[j]; j = (j + 1) & mask_) {
    size_t h = home(keys_[j]);
    // Entry j may move to the hole if its home is not in (hole, j] cyclically.
    bool movable = hole <= j ? (h <= hole || h > j) : (h <= hole && h > j);
    if (movable) {
      keys_[hole] = keys_[j];
      counts_[hole] = counts_[j];
      counts_[j] = 0;
      hole = j;
    }
  }
  counts_[hole] = 0;
}

int RepetitionTable::count(uint64_t key) const {
  size_t i = home(key);
  while (counts_[i] && keys_[i] != key) i = (i + 1) & mask_;
  return counts_[i] ? counts_[i] : 0;
}

}  // namespace boardlab
