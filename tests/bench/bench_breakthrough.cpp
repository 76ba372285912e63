// Google Benchmark: the interpreter's Breakthrough random playouts (steps declared in the
// definition, made by the steps library) against the hand-written C++ playout, in one run with the
// same seeds.
#include <benchmark/benchmark.h>

#include "handwritten_breakthrough.h"
#include "interpreter_playouts.h"

namespace {

constexpr int kMaxPlies = 1000;

void Interpreter(benchmark::State& st) { bench::interpreter_playouts(st, "breakthrough", kMaxPlies); }

void Handwritten(benchmark::State& st) { bench::handwritten_playouts(st, handwritten_breakthrough::playout, kMaxPlies); }

}  // namespace

BENCHMARK(Interpreter)->Unit(benchmark::kMicrosecond)->MinTime(3.0);
BENCHMARK(Handwritten)->Unit(benchmark::kMicrosecond)->MinTime(3.0);
BENCHMARK_MAIN();
