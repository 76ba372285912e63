// Playouts, perft and the random-playout benchmark.
#include "rules/playout.h"

#include <chrono>
#include <fmt/format.h>
#include <vector>

namespace boardlab {

int random_playout(Game& game, State& s, Rng& rng, MoveList& moves, int max_plies) {
  int plies = 0;
  Move m;
  while (max_plies == 0 || plies < max_plies) {
    if (s.awaiting_roll()) game.roll(s, rng);
    game.legal_moves(s, moves);
    if (moves.empty()) return plies;
    moves.get(static_cast<int>(rng.below(static_cast<uint32_t>(moves.size()))), m);
    game.apply(s, m);
    ++plies;
    if (s.outcome().over()) return plies;
  }
  return plies;
}

namespace {
uint64_t perft_rec(Game& game, State& s, int depth, std::vector<MoveList>& lists) {
  if (s.awaiting_roll()) {
    // A chance node is not a ply: the count sums over every distinct roll.
    uint64_t n = 0;
    for (const auto& o : game.chance_outcomes(s)) {
      game.roll(s, o);
      n += perft_rec(game, s, depth, lists);
      s.undo();
    }
    return n;
  }
  MoveList& moves = lists[depth];
  game.legal_moves(s, moves);
  if (depth == 1) return static_cast<uint64_t>(moves.size());
  uint64_t n = 0;
  for (int i = 0; i < moves.size(); ++i) {
    game.apply(s, moves[i]);
    if (!s.outcome().over()) n += perft_rec(game, s, depth - 1, lists);
    s.undo();
  }
  return n;
}
}  // namespace

uint64_t perft(Game& game, State& s, int depth) {
  if (depth <= 0) return 1;
  std::vector<MoveList> lists(static_cast<size_t>(depth) + 1);
  return perft_rec(game, s, depth, lists);
}

BenchResult bench(Game& game, double seconds, uint64_t seed, int max_playouts, int max_plies) {
  BenchResult r;
  MoveList moves;
  // One state reused, and outcomes counted by kind and named at the end: per playout, a
  // fresh state's allocations and a formatted string cost as much as a few plies.
  const State start = game.initial();
  State s = start;
  std::map<Outcome, int> tally;  // an ongoing outcome: stopped at the cap
  auto start_time = std::chrono::steady_clock::now();
  for (;;) {
    Rng rng(seed + static_cast<uint64_t>(r.playouts));
    s = start;
    r.plies += static_cast<uint64_t>(random_playout(game, s, rng, moves, max_plies));
    ++r.playouts;
    ++tally[s.outcome()];
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_time).count();
    if (max_playouts ? r.playouts >= max_playouts : r.seconds >= seconds) break;
  }
  for (const auto& [o, n] : tally)
    r.outcomes[o.over() ? describe(game.def(), o) : fmt::format("stopped at {} plies", max_plies)] += n;
  return r;
}

}  // namespace boardlab
