// Self-play games on threads, each with its own Game (a Lua state) and fresh agents.
#include "lab/simulation.h"

#include "lab/match.h"

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

namespace boardlab::lab {

uint64_t game_seed(uint64_t seed, long index) {
  // splitmix64 of the pair: neighbouring seeds and indexes give unrelated games.
  uint64_t z = seed * 0x9E3779B97F4A7C15ULL + static_cast<uint64_t>(index) + 0x632BE59BD9B4E019ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

GameStats play_one(Game& game, const SimulationConfig& config, long index) {
  const auto start = std::chrono::steady_clock::now();
  GameStats g;
  g.index = index;
  g.seed = game_seed(config.seed, index);
  g.first_seat = static_cast<int>(index % 2);
  g.events.assign(config.def->events.size(), 0);
  auto first = make_agent(config.first, config.def, g.seed * 2 + 1);
  auto second = make_agent(config.second, config.def, g.seed * 2 + 2);
  std::vector<Agent*> seats(2);
  seats[static_cast<size_t>(g.first_seat)] = first.get();
  seats[static_cast<size_t>(1 - g.first_seat)] = second.get();
  Rng rng(g.seed);
  State s = game.initial();
  play_game(game, s, seats, rng, config.max_plies, [&](const State& at, const MoveList& legal, const Move& m) {
    if (g.starter < 0) g.starter = at.side();
    if (legal.size() > 1) g.branching.push_back(legal.size());
    for (size_t e = 0; e < g.events.size(); ++e)
      if (m.flags & (2u << e)) ++g.events[e];
  });
  g.plies = s.ply();
  g.capped = !s.outcome().over();
  if (s.outcome().kind == Outcome::Kind::Win) g.winner = s.outcome().winner;
  g.result = g.capped ? "stopped at the ply cap" : describe(*config.def, s.outcome());
  g.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return g;
}

std::vector<GameStats> simulate(const SimulationConfig& config, const std::function<void(long, long)>& progress) {
  check_two_players(*config.def);
  std::vector<long> mine;
  for (long i = config.begin; i < config.games; ++i)
    if (i % config.shards == config.shard) mine.push_back(i);
  std::vector<GameStats> out(mine.size());
  std::atomic<size_t> next{0};
  std::atomic<long> done{0};
  std::mutex report;
  std::exception_ptr failure;  // the first error; the others stop at their next game
  std::atomic<bool> failed{false};
  auto worker = [&] {
    try {
      Game game(config.def);
      for (size_t k = next++; k < mine.size() && !failed; k = next++) {
        out[k] = play_one(game, config, mine[k]);
        const long d = ++done;
        if (progress) {
          std::lock_guard lock(report);
          progress(d, static_cast<long>(mine.size()));
        }
      }
    } catch (...) {
      std::lock_guard lock(report);
      if (!failed.exchange(true)) failure = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < std::max(1, config.threads); ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  return out;
}

}  // namespace boardlab::lab
