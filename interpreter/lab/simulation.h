// Self-play for the rule-tweak lab and for matches: N games between as many agents as the
// game has players, seats rotating, on as many threads as asked. Game i is seeded game_seed(seed, i) (core/rng.h)
// and gets fresh agents seeded by their seats, so its result does not depend on the thread
// count or on which shard plays it, and `play --seed` replays it. Each thread has one script
// VM that every game and agent on it borrows.
#pragma once
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <optional>
#include <functional>
#include <string>
#include <vector>

#include "agents/agent.h"

namespace boardlab::lab {

struct SimulationConfig {
  GameDefPtr def;
  std::vector<AgentSpec> agents;  // one per player: game i seats agent k as player (i + k) % n
  long games = 100;
  uint64_t seed = 1;
  int max_plies = 1000;  // a game still going then is stopped (and counted as capped)
  int threads = 1;
  long begin = 0;             // the games played are begin <= i < games ...
  int shard = 0, shards = 1;  // ... with i % shards == shard
  // Each game starts with this many random moves (and rolls), the same for the n games i of
  // one round (i / n equal), in which the seats rotate: agents that search without chance
  // play another game each round instead of the same one again. A game's plies are all of
  // them, the opening's too; max_plies counts from the agents' first move. Such games do not
  // replay with `play --seed`.
  int opening_plies = 0;
  std::vector<long> played = {};  // sorted: games a resumed run already has, not played again
  // When it turns true (a signal handler may set it), no game starts, and the games under
  // way stop at their next move and are left out: what was played is whole.
  const std::atomic<bool>* stop = nullptr;
  // The weights eval=learned names, when the caller trained them (compare's eval=auto);
  // else eval=learned is the definition's own.
  std::shared_ptr<const LearnedEval> learned = nullptr;
  // What the agents' specs may use: no limits for specs typed on the command line, those of
  // specs from files for a run a folder names (resume_run).
  AgentLimits limits = {};
  // Makes each game's agents in place of make_agent when set: how a front end seats players
  // of its own (the Python module's callables). Called on the threads that play, with the
  // seat's spec and seed, and once per spec with seed 0 before any game (check_agents).
  std::function<std::unique_ptr<Agent>(const AgentSpec&, uint64_t seed)> agent_factory = nullptr;
};

// The random plies a lab command starts each round with when nobody says (--openings auto):
// kAutoOpeningPlies when no agent's choices involve chance (chooses_by_chance) in a game
// without dice, else none. Two plies a side; what it gives, measured, is in docs/lab.md
// ("Distinct games and openings").
constexpr int kAutoOpeningPlies = 4;
int auto_opening_plies(const GameDef& def, const std::vector<AgentSpec>& agents);

// What a series may ask for, wherever it is asked (the command line, the Python module).
constexpr long kMaxSeriesGames = 100'000'000;
constexpr int kMaxSeriesThreads = 256;
constexpr int kMaxSeriesPlies = 100'000'000;  // max_plies; also the most opening_plies
// Throws std::invalid_argument naming the first of games, threads, max_plies and
// opening_plies that is out of those bounds (threads from 1, max_plies from 0: no cap).
void check_series_bounds(const SimulationConfig& config);

// An agent's time choosing moves, in seconds: over one game, or added up over a series.
struct Thinking {
  long moves = 0;
  double seconds = 0, longest = 0;
  void add(double took) { ++moves, seconds += took, longest = std::max(longest, took); }
  void add(const Thinking& o) { moves += o.moves, seconds += o.seconds, longest = std::max(longest, o.longest); }
};
// Adds a game's per-agent times to a series' (which grows to as many agents).
inline void add_thinking(std::vector<Thinking>& total, const std::vector<Thinking>& game) {
  if (total.size() < game.size()) total.resize(game.size());
  for (size_t k = 0; k < game.size(); ++k) total[k].add(game[k]);
}

// One game's facts, all but `seconds` and `thinking` reproducible from its seed.
struct GameStats {
  long index = 0;
  uint64_t seed = 0;
  int first_seat = 0;   // the seat the first agent played: index % players
  int starter = -1;     // the seat that made the first move (after a roll-off, the roller's)
  int winner = -1;      // a seat, or -1
  bool capped = false;  // stopped at max_plies
  std::string result;   // as describe() says it: "white wins (gammon)", "draw (repetition)"
  int plies = 0;
  std::vector<int> branching;  // the number of legal moves at each ply where there was a choice to make
  std::string branching_sides;  // who chose there: a seat's digit per branching entry ("0101...")
  std::vector<long> events;    // per event of the definition: moves that carried it
  // Every move, the opening's too, as its place in the legal moves (from 0, in the order
  // `boardlab moves` lists them): what replays the game under the same definition. Not
  // the notation, which costs a script call per legal move: 3-4x the time of a random game.
  std::vector<int> moves;
  std::vector<std::string> dice;  // in a game with dice, the roll each move played ("6-5")
  double seconds = 0;
  // Per agent, in the series' order (not the seats'). Measured, like `seconds`; empty in a
  // game read from a folder written before games carried it.
  std::vector<Thinking> thinking;
};

// Plays game `index` of the series with the thread's rules and game loop; nothing if
// config.stop stopped it.
std::optional<GameStats> play_one(const Rules& rules, GameLoop& loop, const SimulationConfig& config, long index);

// Throws std::invalid_argument for another number of agents than the game has players, or
// an agent that cannot play it: what simulate checks before any game.
void check_agents(const SimulationConfig& config);

// Plays this shard's games (but those already played); as each ends, `finished(game)` is
// called on the thread that played it (several at once: it must be thread-safe), then
// `progress(done, total)`, from one thread at a time. Results are ordered by index. Throws std::invalid_argument for another number of agents than the game has
// players, or an agent that cannot play it.
std::vector<GameStats> simulate(const SimulationConfig& config, const std::function<void(long, long)>& progress = {},
                                const std::function<void(const GameStats&)>& finished = {});

// Plays a series of games for the ladder and compare: run_series (simulate) unless a front end
// wants progress shown; `what` names the series for people.
using SeriesRunner = std::function<std::vector<GameStats>(const SimulationConfig& config, const std::string& what)>;
std::vector<GameStats> run_series(const SimulationConfig& config, const std::string& what);

}  // namespace boardlab::lab
