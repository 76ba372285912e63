// The seed drawn for a game or series given none.
#include "core/rng.h"

#include <random>

namespace boardlab {

uint64_t fresh_seed() {
  std::random_device device;
  const uint64_t bits = (static_cast<uint64_t>(device()) << 32) ^ device();
  return bits % 1'000'000'000ULL;
}

}  // namespace boardlab
