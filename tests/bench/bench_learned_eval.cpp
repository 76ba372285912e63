// Google Benchmark: what a learned evaluation costs (learn/), against generating the moves
// of the same positions, per bundled game in one run; and self-play training games per
// second (lab/training.h). The positions are those of seeded random games, each rolled
// where the game has dice; the network is the one the game ships (definitions/weights/),
// and new plain and antisymmetric ones of one size, to compare the two forms.
#include <benchmark/benchmark.h>

#include <fmt/format.h>
#include <map>
#include <memory>

#include "definition/bundled.h"
#include "lab/training.h"
#include "learn/learned_eval.h"
#include "rules/game_loop.h"

namespace {

using namespace boardlab;

const char* const kGames[] = {"breakthrough", "dipole", "death-stacks", "double-draughts", "english-checkers",
                              "dablot", "lasca", "hypergammon", "backgammon", "plakoto"};

// A game's positions to move from: every decision of a few random games.
struct Positions {
  std::unique_ptr<ThreadRules> rules;
  std::vector<State> states;
};

const Positions& positions(int game) {
  static std::map<int, Positions> all;
  Positions& p = all[game];
  if (p.rules) return p;
  p.rules = std::make_unique<ThreadRules>(load_game_def(resolve_game(kGames[game])));
  struct Keep : GameObserver {
    std::vector<State>* out;
    void moving(const State& s, const MoveList&, int) override { out->push_back(s); }
  } keep;
  keep.out = &p.states;
  for (uint64_t seed = 1; p.states.size() < 2000; ++seed) {
    Rng rng(seed);
    RandomPlayer random(rng);
    std::vector<Player*> seats(static_cast<size_t>(p.rules->def().nplayers()), &random);
    State s = p.rules->initial();
    GameLoop().play(*p.rules, s, seats, rng, 300, &keep);
  }
  return p;
}

void Generate(benchmark::State& st) {
  const Positions& p = positions(static_cast<int>(st.range(0)));
  MoveList moves;
  size_t i = 0;
  for (auto _ : st) {
    p.rules->legal_moves(p.states[i], moves);
    benchmark::DoNotOptimize(moves.size());
    i = (i + 1) % p.states.size();
  }
  st.SetLabel(kGames[st.range(0)]);
  st.SetItemsProcessed(st.iterations());
}

void Evaluate(benchmark::State& st) {
  const Positions& p = positions(static_cast<int>(st.range(0)));
  const auto eval = LearnedEval::load(p.rules->def().weights_files.at(0), p.rules->def());
  LearnedEval::Scratch scratch;
  size_t i = 0;
  for (auto _ : st) {
    benchmark::DoNotOptimize(eval->value(p.states[i], p.states[i].side(), scratch));
    i = (i + 1) % p.states.size();
  }
  st.SetLabel(fmt::format("{}, {} hidden", kGames[st.range(0)], eval->net().hidden()));
  st.SetItemsProcessed(st.iterations());
}

// A new network of 32 hidden units, plain (range 1: 0) or antisymmetric (1): what the form
// costs, both measured in one run.
void EvaluateForm(benchmark::State& st) {
  const Positions& p = positions(static_cast<int>(st.range(0)));
  const bool antisymmetric = st.range(1) != 0;
  const LearnedEval eval(p.rules->def(), 32, 1, antisymmetric);
  LearnedEval::Scratch scratch;
  size_t i = 0;
  for (auto _ : st) {
    benchmark::DoNotOptimize(eval.value(p.states[i], p.states[i].side(), scratch));
    i = (i + 1) % p.states.size();
  }
  st.SetLabel(fmt::format("{}, {}", kGames[st.range(0)], antisymmetric ? "antisymmetric" : "plain"));
  st.SetItemsProcessed(st.iterations());
}

// The inputs alone (a part of Evaluate).
void Encode(benchmark::State& st) {
  const Positions& p = positions(static_cast<int>(st.range(0)));
  const InputLayout layout(p.rules->def());
  SparseInput x;
  size_t i = 0;
  for (auto _ : st) {
    layout.encode(p.states[i], p.states[i].side(), x);
    benchmark::DoNotOptimize(x.indices());
    i = (i + 1) % p.states.size();
  }
  st.SetLabel(kGames[st.range(0)]);
  st.SetItemsProcessed(st.iterations());
}

// Self-play training, one thread: items are games.
void Train(benchmark::State& st) {
  lab::TrainConfig c;
  c.def = load_game_def(resolve_game(kGames[st.range(0)]));
  c.games = 20;
  c.check_games = 0;
  c.max_plies = 1000;
  for (auto _ : st) {
    benchmark::DoNotOptimize(lab::train(c).progress.plies);
    ++c.seed;
  }
  st.SetLabel(kGames[st.range(0)]);
  st.SetItemsProcessed(st.iterations() * c.games);
}

}  // namespace

BENCHMARK(Generate)->DenseRange(0, std::size(kGames) - 1)->Unit(benchmark::kNanosecond)->MinTime(0.5);
BENCHMARK(Evaluate)->DenseRange(0, std::size(kGames) - 1)->Unit(benchmark::kNanosecond)->MinTime(0.5);
BENCHMARK(EvaluateForm)
    ->ArgsProduct({benchmark::CreateDenseRange(0, std::size(kGames) - 1, 1), {0, 1}})
    ->Unit(benchmark::kNanosecond)
    ->MinTime(0.5);
BENCHMARK(Encode)->DenseRange(0, std::size(kGames) - 1)->Unit(benchmark::kNanosecond)->MinTime(0.5);
BENCHMARK(Train)->DenseRange(0, std::size(kGames) - 1)->Unit(benchmark::kMillisecond)->MinTime(1.0)->UseRealTime();
BENCHMARK_MAIN();
