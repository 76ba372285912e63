// Google Benchmark: the interpreter's Connect Four (the drop block and the line result) random playouts against the hand-written C++
// playout, in one run with the same seeds.
#include <benchmark/benchmark.h>

#include "handwritten_connect_four.h"
#include "interpreter_playouts.h"

namespace {

constexpr int kMaxPlies = 1000;

void Interpreter(benchmark::State& st) { bench::interpreter_playouts(st, "connect-four", kMaxPlies); }

void Handwritten(benchmark::State& st) { bench::handwritten_playouts(st, handwritten_connect_four::playout, kMaxPlies); }

}  // namespace

BENCHMARK(Interpreter)->Unit(benchmark::kMicrosecond)->MinTime(3.0);
BENCHMARK(Handwritten)->Unit(benchmark::kMicrosecond)->MinTime(3.0);
BENCHMARK_MAIN();
