// Google Benchmark: the interpreter's Hypergammon, backgammon and nackgammon random
// playouts (the dice-turn family: scripts/lib/dice_turns.lua) against the hand-written C++
// playout, in one run with the same seeds; a ply is a whole turn, rolls included.
#include <benchmark/benchmark.h>

#include "handwritten_hypergammon.h"
#include "interpreter_playouts.h"

namespace {

constexpr int kMaxPlies = 1000;

void Interpreter(benchmark::State& st) { bench::interpreter_playouts(st, "hypergammon", kMaxPlies); }

void Handwritten(benchmark::State& st) {
  bench::handwritten_playouts(st, [](boardlab::Rng& rng, int max) { return handwritten_hypergammon::playout(rng, max); }, kMaxPlies);
}

void InterpreterBackgammon(benchmark::State& st) { bench::interpreter_playouts(st, "backgammon", kMaxPlies); }

void HandwrittenBackgammon(benchmark::State& st) {
  bench::handwritten_playouts(
      st, [](boardlab::Rng& rng, int max) { return handwritten_hypergammon::playout(rng, max, handwritten_hypergammon::kBackgammon); },
      kMaxPlies);
}

void InterpreterNackgammon(benchmark::State& st) { bench::interpreter_playouts(st, "nackgammon", kMaxPlies); }

void HandwrittenNackgammon(benchmark::State& st) {
  bench::handwritten_playouts(
      st, [](boardlab::Rng& rng, int max) { return handwritten_hypergammon::playout(rng, max, handwritten_hypergammon::kNackgammon); },
      kMaxPlies);
}

void InterpreterPlakoto(benchmark::State& st) { bench::interpreter_playouts(st, "plakoto", kMaxPlies); }

void HandwrittenPlakoto(benchmark::State& st) {
  bench::handwritten_playouts(
      st, [](boardlab::Rng& rng, int max) { return handwritten_hypergammon::playout(rng, max, handwritten_hypergammon::kPlakoto, true); },
      kMaxPlies);
}

}  // namespace

BENCHMARK(Interpreter)->Unit(benchmark::kMicrosecond)->MinTime(3.0);
BENCHMARK(Handwritten)->Unit(benchmark::kMicrosecond)->MinTime(3.0);
BENCHMARK(InterpreterBackgammon)->Unit(benchmark::kMicrosecond)->MinTime(3.0);
BENCHMARK(HandwrittenBackgammon)->Unit(benchmark::kMicrosecond)->MinTime(3.0);
BENCHMARK(InterpreterNackgammon)->Unit(benchmark::kMicrosecond)->MinTime(3.0);
BENCHMARK(HandwrittenNackgammon)->Unit(benchmark::kMicrosecond)->MinTime(3.0);
BENCHMARK(InterpreterPlakoto)->Unit(benchmark::kMicrosecond)->MinTime(3.0);
BENCHMARK(HandwrittenPlakoto)->Unit(benchmark::kMicrosecond)->MinTime(3.0);
BENCHMARK_MAIN();
