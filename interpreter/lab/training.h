// Training: a learned evaluation by self-play, for any definition. TD(lambda) over
// after-states in the manner of TD-Gammon: the learner plays both sides, choosing the move
// whose resulting position its network rates best for the mover (now and then a random one,
// to explore); after each game every position it saw, from every player's side, is moved
// toward the lambda-return of the positions after it and the game's result. With dice the
// positions it rates are those before the next roll.
#pragma once
#include <nlohmann/json.hpp>

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "learn/learned_eval.h"
#include "rules/rules.h"

namespace boardlab::lab {

struct TrainConfig {
  GameDefPtr def;
  long games = 0;        // self-play games to play (0: until `seconds`)
  double seconds = 0;    // time to train (0: until `games`)
  int threads = 1;       // games played at once; one thread replays a seed exactly
  uint64_t seed = 1;
  int hidden = 32;       // hidden units (a new network): evaluation costs about what generating moves does (bench_learned_eval)
  bool antisymmetric = false;  // a new network's form (ValueNet): two players only
  double rate = 0.005;   // the step size
  double lambda = 0.7;
  // The share of moves chosen at random; < 0: 0.05, or 0 in a game with dice, whose rolls
  // vary the games enough (measured on the bundled dice race game: random moves there made
  // the values those of a player who blunders, and play no stronger; README).
  double explore = -1;
  int max_plies = 2000;  // a game this long stops and counts as a draw (when the game has no cap)
  // Strength checks: every `check_every` games (0: never) and at the end, `check_games`
  // games (0: no checks) of greedy with the weights against `check_agent`, seats alternating.
  long check_every = 0;
  int check_games = 50;
  std::string check_agent = "greedy";
  std::shared_ptr<const LearnedEval> start;  // weights to train on from (else new ones)
};

struct StrengthCheck {
  long after_games = 0;
  double score = 0;  // the learner's score against check_agent (a draw counts 1 / players)
  int games = 0;
};

struct TrainProgress {
  long games = 0;
  long plies = 0;
  double seconds = 0;
  std::vector<StrengthCheck> checks;
};

// The runs a training run continues, oldest first, the one it started from last: each the
// `summary` of its weights file without its own lineage. A weights file keeps the list (and
// its last entry as `continued_from`), so that a chain of runs nests no deeper than one: JSON
// is read at most 64 levels deep (docs/limits.md). A summary written before the list (each
// run nested in the next's `continued_from`) is unrolled into it.
nlohmann::json training_lineage(nlohmann::json summary);

struct TrainResult {
  std::shared_ptr<LearnedEval> eval;
  TrainProgress progress;
  // How it was trained, as a JSON object: kept in the weights file's header.
  std::string summary;
};

// `report` is called from the calling thread about once a second and at the end; `stop`
// (optional) ends training early, keeping what was learned. Throws what a game's script
// throws.
TrainResult train(const TrainConfig& config, const std::function<void(const TrainProgress&)>& report = {},
                  const std::atomic<bool>* stop = nullptr);

// Where eval=auto keeps the weights it trained: $XDG_CACHE_HOME/boardlab/weights, else
// ~/.cache/boardlab/weights, else .boardlab-weights.
std::string default_weights_cache();

// eval=auto in any of `agents` (compare): each becomes eval=learned, so that each rule set's
// games use weights of their own (cached_weights), and true is returned; false when none
// asks. Every spec is made once, for each of `defs`, with the built-in evaluation first: a
// mistake in a spec shows before any training (std::invalid_argument).
bool take_auto_eval(std::vector<AgentSpec>& agents, const std::vector<GameDefPtr>& defs);

// Weights for `def` from the cache folder (a file per definition and its content hash, so a
// changed rule set trains anew), or trained for `seconds` on `threads` and saved there;
// `trained` (optional) learns whether they were trained now.
std::shared_ptr<const LearnedEval> cached_weights(const GameDefPtr& def, const std::string& cache_dir, double seconds,
                                                  int threads, const std::function<void(const TrainProgress&)>& report = {},
                                                  bool* trained = nullptr);

// The learner's score against `opponent` over `games` games, seats alternating, seeded.
StrengthCheck strength_check(const GameDefPtr& def, std::shared_ptr<const LearnedEval> eval, const std::string& opponent,
                             int games, uint64_t seed, int max_plies);

}  // namespace boardlab::lab
