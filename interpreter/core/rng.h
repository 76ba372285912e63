// Rng: a small seeded generator (xoshiro256**) whose output is the same on every platform,
// so a seed replays a game exactly.
#pragma once
#include <cstdint>

namespace boardlab {

class Rng {
 public:
  explicit Rng(uint64_t seed = 0) { reseed(seed); }
  void reseed(uint64_t seed) {
    for (auto& w : s_) w = splitmix(seed);
  }
  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  // Uniform in [0, n) without modulo bias (Lemire's method).
  uint32_t below(uint32_t n) {
    uint64_t m = (next() >> 32) * n;
    auto low = static_cast<uint32_t>(m);
    if (low < n) {
      const uint32_t threshold = static_cast<uint32_t>(-n) % n;
      while (low < threshold) {
        m = (next() >> 32) * n;
        low = static_cast<uint32_t>(m);
      }
    }
    return static_cast<uint32_t>(m >> 32);
  }

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  static uint64_t splitmix(uint64_t& x) {
    uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  uint64_t s_[4]{};
};

// The one seeding scheme (docs/seeds.md), for every series of games (simulate, compare,
// match, sweep, training, the random-game tools) and every single game (play, serve): game
// `index` of a series seeded `seed` is seeded game_seed(seed, index); that number alone seeds
// its dice (Rng(game_seed)), the agent in each seat (seat_seed), a round's random opening
// (opening_seed) and the hints a person asks for (hint_seed). So a game reported by one
// command replays in another (`play --seed`) from the numbers it printed. Every seed is a
// seed, 0 included; a command given none draws one (fresh_seed), prints it and records it.
inline uint64_t game_seed(uint64_t seed, long index) {
  // splitmix64 of the pair: neighbouring seeds and indexes give unrelated games.
  uint64_t z = seed * 0x9E3779B97F4A7C15ULL + static_cast<uint64_t>(index) + 0x632BE59BD9B4E019ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
// The seed of the agent in `seat` of a game seeded `game`.
inline uint64_t seat_seed(uint64_t game, int seat) { return game_seed(game, 1 + seat); }
// The random opening of round `round` (games round*N .. round*N+N-1, one per seating) of a
// series seeded `series`: each seating of a round starts from the same opening.
inline uint64_t opening_seed(uint64_t series, long round) { return game_seed(series ^ 0x6F70656E696E67ULL, round); }
// The k-th hint (from 0) a person asks for in a game seeded `game`: apart from the dice and
// the seats, so asking changes nothing of the game.
inline uint64_t hint_seed(uint64_t game, long k) { return game_seed(game, -1 - k); }
// A seed for a game or series given none: below 10^9, so that a person can type it back.
uint64_t fresh_seed();

}  // namespace boardlab
