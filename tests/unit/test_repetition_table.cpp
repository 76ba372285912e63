// RepetitionTable against a std::map model, through growth and backward-shift deletion.
#include <catch2/catch.hpp>
#include <map>

#include "core/rng.h"
#include "state/repetition_table.h"

TEST_CASE("the repetition table counts like a multiset") {
  boardlab::RepetitionTable t;
  std::map<uint64_t, int> model;
  std::vector<uint64_t> added;
  boardlab::Rng rng(7);
  for (int step = 0; step < 20000; ++step) {
    // Few distinct keys, some colliding in their home slot, so probe runs form.
    uint64_t key = (uint64_t{rng.below(300)} << 40) | rng.below(3);
    if (added.empty() || rng.below(3) != 0) {
      int c = t.add(key);
      CHECK(c == ++model[key]);
      added.push_back(key);
    } else {
      size_t i = rng.below(static_cast<uint32_t>(added.size()));
      uint64_t k = added[i];
      added.erase(added.begin() + static_cast<long>(i));
      t.remove(k);
      if (--model[k] == 0) model.erase(k);
    }
  }
  for (const auto& [k, c] : model) CHECK(t.count(k) == c);
  CHECK(t.count(0xDEADBEEF) == 0);
}
