// Playouts, perft and the random-playout benchmark.
#include "rules/playout.h"

#include <array>
#include <chrono>
#include <ctime>
#include <fmt/format.h>
#include <vector>

namespace boardlab {

int random_playout(const Rules& rules, State& s, Rng& rng, GameLoop& loop, int max_plies) {
  RandomPlayer random(rng);
  std::array<Player*, kMaxPlayers> seats;
  seats.fill(&random);
  return loop.play(rules, s, seats, rng, max_plies).plies;
}

int random_playout(const Rules& rules, State& s, Rng& rng, int max_plies) {
  GameLoop loop;
  return random_playout(rules, s, rng, loop, max_plies);
}

namespace {
using Clock = std::chrono::steady_clock;

uint64_t perft_rec(const Rules& rules, State& s, int depth, std::vector<MoveList>& lists, Clock::time_point deadline) {
  if (deadline != Clock::time_point{} && Clock::now() > deadline) throw PerftStopped{};
  if (rules.is_chance(s)) {
    // A chance node is not a ply: the count sums over every distinct roll.
    uint64_t n = 0;
    for (const auto& o : rules.chance_outcomes(s)) {
      rules.apply(s, o);
      n += perft_rec(rules, s, depth, lists, deadline);
      s.undo();
    }
    return n;
  }
  MoveList& moves = lists[depth];
  rules.legal_moves(s, moves);
  if (depth == 1) return static_cast<uint64_t>(moves.size());
  uint64_t n = 0;
  for (int i = 0; i < moves.size(); ++i) {
    rules.apply(s, moves[i]);
    // Over by the end-of-move rules (a side without a move counts none below).
    if (!s.outcome().over()) n += perft_rec(rules, s, depth - 1, lists, deadline);
    s.undo();
  }
  return n;
}
}  // namespace

uint64_t perft(const Rules& rules, State& s, int depth, Clock::time_point deadline) {
  if (depth <= 0) return 1;
  std::vector<MoveList> lists(static_cast<size_t>(depth) + 1);
  return perft_rec(rules, s, depth, lists, deadline);
}

namespace {
// This thread's CPU time: on a shared machine, what the playouts cost, whatever else runs.
double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}
}  // namespace

BenchResult bench(const Rules& rules, double seconds, uint64_t seed, int max_playouts, int max_plies) {
  BenchResult r;
  GameLoop loop;
  // One state reused, and outcomes counted by kind and named at the end: per playout, a
  // fresh state's allocations and a formatted string cost as much as a few plies.
  const State start = rules.initial();
  State s = start;
  std::map<Outcome, int> tally;  // an ongoing outcome: stopped at the cap
  auto start_time = std::chrono::steady_clock::now();
  const double cpu_before = thread_cpu_seconds();
  const uint64_t calls_before = rules.vm().lua_calls();
  for (;;) {
    Rng rng(game_seed(seed, r.playouts));
    s = start;
    r.plies += static_cast<uint64_t>(random_playout(rules, s, rng, loop, max_plies));
    ++r.playouts;
    ++tally[s.outcome()];
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_time).count();
    if (max_playouts ? r.playouts >= max_playouts : r.seconds >= seconds) break;
  }
  r.cpu_seconds = thread_cpu_seconds() - cpu_before;
  r.lua_calls = rules.vm().lua_calls() - calls_before;
  for (const auto& [o, n] : tally)
    r.outcomes[o.over() ? describe(rules.def(), o) : fmt::format("stopped at {} plies", max_plies)] += n;
  return r;
}

}  // namespace boardlab
