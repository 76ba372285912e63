// Self-play games on threads, each thread with one script VM, each game with fresh agents.
#include "lab/simulation.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "state/position_text.h"

namespace boardlab::lab {

namespace {

// What simulate records of a game as it is played: who moved first, the branching, events,
// and the moves (with their rolls) that replay it.
class StatsObserver : public GameObserver {
 public:
  StatsObserver(const GameDef& def, GameStats& g) : has_dice_(def.dice.count > 0), g_(g) {}
  void moving(const State& s, const MoveList& legal, int chosen) override {
    if (legal.size() > 1) {
      g_.branching.push_back(legal.size());
      g_.branching_sides += static_cast<char>('0' + s.side());
    }
    const uint8_t flags = legal.flags(chosen);
    for (size_t e = 0; e < g_.events.size(); ++e)
      if (flags & event_flag(static_cast<int>(e))) ++g_.events[e];
    record(s, chosen);
  }
  void record(const State& s, int chosen) {
    if (g_.starter < 0) g_.starter = s.side();  // the game's first move, an opening's too
    g_.moves.push_back(chosen);
    if (has_dice_) g_.dice.push_back(dice_text(s));
  }

 private:
  bool has_dice_;
  GameStats& g_;
};

// The random opening's moves: recorded, but not in the agents' statistics.
class OpeningObserver : public GameObserver {
 public:
  explicit OpeningObserver(StatsObserver& stats) : stats_(stats) {}
  void moving(const State& s, const MoveList&, int chosen) override { stats_.record(s, chosen); }

 private:
  StatsObserver& stats_;
};

// A seat's player that gives up the game once `stop` turns true.
class Stoppable : public Player {
 public:
  Stoppable(Player& inner, const std::atomic<bool>& stop) : inner_(inner), stop_(stop) {}
  int choose(const Rules& rules, const State& s, const MoveList& legal) override {
    return stop_ ? kStop : inner_.choose(rules, s, legal);
  }

 private:
  Player& inner_;
  const std::atomic<bool>& stop_;
};

// A seat's player that adds up the time the agent takes to choose, for `match`'s report.
class Timed : public Player {
 public:
  Timed(Player& inner, Thinking& thinking) : inner_(inner), thinking_(thinking) {}
  int choose(const Rules& rules, const State& s, const MoveList& legal) override {
    const auto start = std::chrono::steady_clock::now();
    const int pick = inner_.choose(rules, s, legal);
    thinking_.add(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    return pick;
  }

 private:
  Player& inner_;
  Thinking& thinking_;
};

std::unique_ptr<Agent> seat_agent(const SimulationConfig& c, const AgentSpec& spec, uint64_t seed) {
  return c.agent_factory ? c.agent_factory(spec, seed) : make_agent(spec, c.def, seed, c.learned, c.limits);
}

}  // namespace

int auto_opening_plies(const GameDef& def, const std::vector<AgentSpec>& agents) {
  if (def.dice.count) return 0;  // the dice vary the games
  for (const auto& a : agents)
    if (chooses_by_chance(a, def)) return 0;
  return kAutoOpeningPlies;
}

void check_series_bounds(const SimulationConfig& c) {
  auto check = [](const char* what, long long value, long long low, long long high) {
    if (value < low || value > high)
      throw std::invalid_argument(fmt::format("{} must be from {} to {}, not {}", what, low, high, value));
  };
  check("games", c.games, 1, kMaxSeriesGames);
  check("threads", c.threads, 1, kMaxSeriesThreads);
  check("max_plies", c.max_plies, 0, kMaxSeriesPlies);
  check("opening_plies", c.opening_plies, 0, kMaxSeriesPlies);
}

void check_agents(const SimulationConfig& c) {
  const int n = c.def->nplayers();
  if (static_cast<int>(c.agents.size()) != n)
    throw std::invalid_argument(fmt::format("{} has {} players: give {} agents, not {}", c.def->name, n, n, c.agents.size()));
  for (const auto& a : c.agents) seat_agent(c, a, 0);  // bad specs fail here, before any game
}

std::optional<GameStats> play_one(const Rules& rules, GameLoop& loop, const SimulationConfig& config, long index) {
  const auto start = std::chrono::steady_clock::now();
  const GameDef& def = rules.def();
  GameStats g;
  g.index = index;
  g.seed = game_seed(config.seed, index);
  const int n = def.nplayers();
  g.first_seat = static_cast<int>(index % n);
  g.events.assign(def.events.size(), 0);
  std::vector<std::unique_ptr<Agent>> agents;
  std::vector<std::unique_ptr<Timed>> timed;
  std::vector<std::unique_ptr<Stoppable>> stoppable;
  std::vector<Player*> seats(static_cast<size_t>(n));
  g.thinking.assign(static_cast<size_t>(n), {});
  for (int k = 0; k < n; ++k) {
    const int seat = (g.first_seat + k) % n;
    const auto ku = static_cast<size_t>(k);
    agents.push_back(seat_agent(config, config.agents[ku], seat_seed(g.seed, seat)));
    agents.back()->stop_on(config.stop);  // a long search is cut short too: its game is left out anyway
    timed.push_back(std::make_unique<Timed>(*agents.back(), g.thinking[ku]));
    seats[static_cast<size_t>(seat)] = timed.back().get();
    if (config.stop) {
      stoppable.push_back(std::make_unique<Stoppable>(*timed.back(), *config.stop));
      seats[static_cast<size_t>(seat)] = stoppable.back().get();
    }
  }
  Rng dice(g.seed);
  State s = rules.initial();
  StatsObserver observer(def, g);
  if (config.opening_plies > 0) {
    // Random moves and rolls from the round's own RNG, by the same loop.
    Rng opening(opening_seed(config.seed, index / n));
    RandomPlayer random(opening);
    std::vector<Player*> anyone(static_cast<size_t>(n), &random);
    OpeningObserver recorder(observer);
    loop.play(rules, s, anyone, opening, config.opening_plies, &recorder);
  }
  if (loop.play(rules, s, seats, dice, config.max_plies, &observer).stopped) return std::nullopt;
  g.plies = s.ply();
  // As the loop left it: over, or stopped by the cap before its moves were listed.
  const Outcome& o = s.outcome();
  g.capped = !o.over();
  if (o.kind == Outcome::Kind::Win) g.winner = o.winner;
  g.result = g.capped ? "stopped at the ply cap" : describe(def, o);
  g.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return g;
}

std::vector<GameStats> simulate(const SimulationConfig& config, const std::function<void(long, long)>& progress,
                                const std::function<void(const GameStats&)>& finished) {
  check_agents(config);
  // The games to play are walked, not listed: a list of a 100,000,000-game run took 800 MB,
  // and a slot for each game's result 5 GB more, before any game. Results are kept as games
  // end (what a game costs to keep: its moves, its branching), then put in index order.
  const auto mine = [&](long i) {
    return i % config.shards == config.shard && !std::binary_search(config.played.begin(), config.played.end(), i);
  };
  long total = 0;
  {
    const long first = config.begin + ((config.shard - config.begin % config.shards) % config.shards + config.shards) % config.shards;
    if (first < config.games) total = (config.games - 1 - first) / config.shards + 1;
    for (long i : config.played)
      if (i >= config.begin && i < config.games && i % config.shards == config.shard) --total;
  }
  std::mutex taking;  // the walk over the indices
  long cursor = config.begin;
  const auto take = [&]() -> long {
    std::lock_guard lock(taking);
    while (cursor < config.games && !mine(cursor)) ++cursor;
    return cursor < config.games ? cursor++ : -1;
  };
  std::vector<GameStats> games;
  std::atomic<long> done{0};
  std::mutex report;  // the results and the progress
  std::exception_ptr failure;  // the first error; the others stop at their next game
  std::atomic<bool> failed{false};
  auto stopped = [&] { return failed || (config.stop && *config.stop); };
  auto worker = [&] {
    try {
      const ThreadRules rules(config.def);  // this thread's VM, for every game it plays
      GameLoop loop;
      for (long i = stopped() ? -1 : take(); i >= 0; i = stopped() ? -1 : take()) {
        std::optional<GameStats> g = play_one(rules, loop, config, i);
        if (!g) continue;
        // Outside the lock: a random game can take less time than writing it down, and a
        // lock held for both made the threads take turns (measured: 2 threads slower than 1).
        if (finished) finished(*g);
        const long d = ++done;
        std::lock_guard lock(report);
        games.push_back(std::move(*g));
        if (progress) progress(d, total);
      }
    } catch (...) {
      std::lock_guard lock(report);
      if (!failed.exchange(true)) failure = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  const size_t threads = static_cast<size_t>(std::clamp<long>(config.threads, 1, std::max(1L, total)));
  for (size_t t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  std::sort(games.begin(), games.end(), [](const GameStats& a, const GameStats& b) { return a.index < b.index; });
  return games;
}

std::vector<GameStats> run_series(const SimulationConfig& config, const std::string&) { return simulate(config); }

}  // namespace boardlab::lab
