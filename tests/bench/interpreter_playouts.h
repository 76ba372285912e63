// Both sides of the speed comparisons: seeded random playouts of a bundled game,
// reported as plies per second, exactly as the hand-written playouts beside it are.
#pragma once
#include <benchmark/benchmark.h>

#include <string>

#include "definition/bundled.h"
#include "rules/playout.h"

namespace bench {

inline void interpreter_playouts(benchmark::State& st, const std::string& game_name, int max_plies) {
  boardlab::ThreadRules game(boardlab::load_game_def(boardlab::resolve_game(game_name)));
  boardlab::GameLoop loop;
  uint64_t seed = 1, plies = 0;
  const boardlab::State start = game.initial();
  boardlab::State s = start;  // reused, as rules/playout.cpp's bench does
  for (auto _ : st) {
    boardlab::Rng rng(seed++);
    s = start;
    plies += static_cast<uint64_t>(boardlab::random_playout(game, s, rng, loop, max_plies));
  }
  st.counters["plies/s"] = benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
}

// The hand-written side: `playout(rng, max_plies)` returns the plies one playout played.
template <class Playout>
void handwritten_playouts(benchmark::State& st, Playout playout, int max_plies) {
  uint64_t seed = 1, plies = 0;
  for (auto _ : st) {
    boardlab::Rng rng(seed++);
    plies += static_cast<uint64_t>(playout(rng, max_plies));
  }
  st.counters["plies/s"] = benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
}

// The usual binary: `game`'s interpreter playouts as "Interpreter" and `playout`'s as
// "Handwritten" (the names tests/bench/speed_table.py reads), 3 s each; then runs them.
template <class Playout>
int run_pair(int argc, char** argv, const std::string& game, Playout playout, int max_plies = 1000) {
  benchmark::RegisterBenchmark("Interpreter", [=](benchmark::State& st) { interpreter_playouts(st, game, max_plies); })
      ->Unit(benchmark::kMicrosecond)
      ->MinTime(3.0);
  benchmark::RegisterBenchmark("Handwritten", [=](benchmark::State& st) { handwritten_playouts(st, playout, max_plies); })
      ->Unit(benchmark::kMicrosecond)
      ->MinTime(3.0);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

}  // namespace bench
