// Google Benchmark: the interpreter's Kalah (the sowing library) random playouts against the hand-written C++
// playout, in one run with the same seeds.
#include <benchmark/benchmark.h>

#include "handwritten_kalah.h"
#include "interpreter_playouts.h"

namespace {

constexpr int kMaxPlies = 1000;

void Interpreter(benchmark::State& st) { bench::interpreter_playouts(st, "kalah", kMaxPlies); }

void Handwritten(benchmark::State& st) { bench::handwritten_playouts(st, handwritten_kalah::playout, kMaxPlies); }

}  // namespace

BENCHMARK(Interpreter)->Unit(benchmark::kMicrosecond)->MinTime(3.0);
BENCHMARK(Handwritten)->Unit(benchmark::kMicrosecond)->MinTime(3.0);
BENCHMARK_MAIN();
