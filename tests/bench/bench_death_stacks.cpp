// Google Benchmark: the interpreter's Death Stacks random playouts against the hand-written
// C++ playout, in one run with the same seeds and the same 1000-ply cap. The ratio of their
// plies per second is the figure docs/results.md quotes.
#include <benchmark/benchmark.h>

#include "handwritten_death_stacks.h"
#include "interpreter_playouts.h"
#include "definition/bundled.h"
#include "rules/playout.h"

namespace {

constexpr int kMaxPlies = 1000;

void Interpreter(benchmark::State& st) { bench::interpreter_playouts(st, "death-stacks", kMaxPlies); }

void Handwritten(benchmark::State& st) { bench::handwritten_playouts(st, [](boardlab::Rng& rng, int cap) { return handwritten::death_stacks_playout(rng, cap).plies; }, kMaxPlies); }

// The parts of an interpreter ply, to see where the time goes.
void GenerateOnly(benchmark::State& st) {
  boardlab::ThreadRules game(boardlab::load_game_def(boardlab::resolve_game("death-stacks")));
  boardlab::MoveList moves;
  boardlab::State s = game.initial();
  for (auto _ : st) {
    game.legal_moves(s, moves);
    benchmark::DoNotOptimize(moves.size());
  }
}

void ApplyUndo(benchmark::State& st) {
  boardlab::ThreadRules game(boardlab::load_game_def(boardlab::resolve_game("death-stacks")));
  boardlab::MoveList moves;
  boardlab::State s = game.initial();
  game.legal_moves(s, moves);
  int i = 0;
  for (auto _ : st) {
    game.apply(s, moves[i++ % moves.size()]);
    s.undo();
  }
}

}  // namespace

BENCHMARK(GenerateOnly);
BENCHMARK(ApplyUndo);
BENCHMARK(Interpreter)->Unit(benchmark::kMillisecond)->MinTime(3.0);
BENCHMARK(Handwritten)->Unit(benchmark::kMillisecond)->MinTime(3.0);
BENCHMARK_MAIN();
