// Google Benchmark: the interpreter's English checkers and Double Draughts random playouts
// (the jump-chain family: chains.generate) against the hand-written C++ playouts, in one run
// with the same seeds and the same 1000-ply cap.
#include <benchmark/benchmark.h>

#include "handwritten_checkers.h"
#include "interpreter_playouts.h"

namespace {

constexpr int kMaxPlies = 1000;

void Interpreter(benchmark::State& st) { bench::interpreter_playouts(st, "english-checkers", kMaxPlies); }

void Handwritten(benchmark::State& st) {
  bench::handwritten_playouts(st, [](boardlab::Rng& rng, int max) { return handwritten_checkers::playout(rng, max); }, kMaxPlies);
}

void InterpreterDoubleDraughts(benchmark::State& st) { bench::interpreter_playouts(st, "double-draughts", kMaxPlies); }

void HandwrittenDoubleDraughts(benchmark::State& st) {
  bench::handwritten_playouts(st, [](boardlab::Rng& rng, int max) { return handwritten_checkers::playout(rng, max, true); }, kMaxPlies);
}

}  // namespace

BENCHMARK(Interpreter)->Unit(benchmark::kMicrosecond)->MinTime(3.0);
BENCHMARK(Handwritten)->Unit(benchmark::kMicrosecond)->MinTime(3.0);
BENCHMARK(InterpreterDoubleDraughts)->Unit(benchmark::kMicrosecond)->MinTime(3.0);
BENCHMARK(HandwrittenDoubleDraughts)->Unit(benchmark::kMicrosecond)->MinTime(3.0);
BENCHMARK_MAIN();
