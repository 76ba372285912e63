// Random playouts, perft and the random-playout benchmark: the runtime's measuring tools.
#pragma once
#include <chrono>
#include <cstdint>
#include <map>
#include <string>

#include "core/rng.h"
#include "rules/game_loop.h"

namespace boardlab {

// Plays uniformly random moves until the game ends, or for at most `max_plies` plies
// (0: no limit; the game's own cap still applies), drawing dice and moves from `rng`;
// returns the number of plies played.
// `loop` keeps its buffers between playouts.
int random_playout(const Rules& rules, State& s, Rng& rng, GameLoop& loop, int max_plies = 0);
int random_playout(const Rules& rules, State& s, Rng& rng, int max_plies = 0);

// The number of move sequences of length `depth` (games that end earlier stop counting).
// With a `deadline`, a count still going then throws PerftStopped (and leaves `s` where the
// count was).
struct PerftStopped {};
uint64_t perft(const Rules& rules, State& s, int depth, std::chrono::steady_clock::time_point deadline = {});

struct BenchResult {
  int playouts = 0;
  uint64_t plies = 0;
  double seconds = 0;      // wall time
  double cpu_seconds = 0;  // the thread's CPU time: the rate to quote on a loaded machine
  uint64_t lua_calls = 0;  // calls into the script VM (every hook): none in a fully declared game
  std::map<std::string, int> outcomes;  // "red wins", "draw (repetition)", "stopped at the cap"...
};
// Random playouts from the start, playout i seeded game_seed(seed, i), for at least
// `seconds` (or exactly `max_playouts`), each stopped after `max_plies` plies if it lasts
// that long.
BenchResult bench(const Rules& rules, double seconds, uint64_t seed, int max_playouts = 0, int max_plies = 0);

}  // namespace boardlab
