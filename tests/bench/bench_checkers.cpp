// Google Benchmark: the interpreter's English checkers random playouts (the jump-chain
// family: scripts/lib/chains.lua) against the hand-written C++ playout, in one run with the
// same seeds and the same 1000-ply cap.
#include <benchmark/benchmark.h>

#include "handwritten_checkers.h"
#include "interpreter_playouts.h"

namespace {

constexpr int kMaxPlies = 1000;

void Interpreter(benchmark::State& st) { bench::interpreter_playouts(st, "english-checkers", kMaxPlies); }

void Handwritten(benchmark::State& st) { bench::handwritten_playouts(st, handwritten_checkers::playout, kMaxPlies); }

}  // namespace

BENCHMARK(Interpreter)->Unit(benchmark::kMicrosecond)->MinTime(3.0);
BENCHMARK(Handwritten)->Unit(benchmark::kMicrosecond)->MinTime(3.0);
BENCHMARK_MAIN();
