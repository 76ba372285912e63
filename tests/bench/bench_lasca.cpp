// Google Benchmark: the interpreter's Lasca random playouts (column captures through
// chains.generate's C++ search) against the hand-written C++ playout, in one run with the
// same seeds and the same 1000-ply cap.
#include <benchmark/benchmark.h>

#include "handwritten_lasca.h"
#include "interpreter_playouts.h"

namespace {

constexpr int kMaxPlies = 1000;

void Interpreter(benchmark::State& st) { bench::interpreter_playouts(st, "lasca", kMaxPlies); }

void Handwritten(benchmark::State& st) { bench::handwritten_playouts(st, handwritten_lasca::playout, kMaxPlies); }

}  // namespace

BENCHMARK(Interpreter)->Unit(benchmark::kMicrosecond)->MinTime(3.0);
BENCHMARK(Handwritten)->Unit(benchmark::kMicrosecond)->MinTime(3.0);
BENCHMARK_MAIN();
