// Agents: computer players, generic over every game. Chosen by a spec string such as
// `mcts:iterations=5000` or `alphabeta:depth=6,seconds=2`, and seeded so that a fixed budget
// replays exactly.
#pragma once
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "agents/params.h"
#include "learn/learned_eval.h"
#include "rules/game_loop.h"

namespace boardlab {

struct AgentSpec {
  std::string name;
  std::map<std::string, std::string> params;
  // "mcts:iterations=5000,threads=2"; a number alone first sets the agent's first parameter
  // ("level:4", "alphabeta:6"). Throws std::invalid_argument.
  static AgentSpec parse(const std::string& text);
  // A list of specs, one per seat: "mcts:iterations=200,threads=1,random" is
  // {"mcts:iterations=200,threads=1", "random"}: a piece with '=' and no ':' is a parameter
  // of the spec before it. Throws std::invalid_argument.
  static std::vector<AgentSpec> parse_list(const std::string& text);
  std::string str() const;
};
// "random,random,random": random in every seat of a game of `players`.
std::string random_seats(int players);

struct AgentParam {
  std::string name, default_value, doc;
};
struct AgentInfo {
  std::string name, doc;
  std::vector<AgentParam> params;
};
const std::vector<AgentInfo>& agent_catalogue();

// A computer player. It borrows the VM of the thread that asks it to choose (the Rules it is
// given), so that making an agent costs no script VM: one VM per thread serves every game,
// agent and search on it.
class Agent : public Player {
 public:
  // A forced move is played without a search; else decide() chooses.
  int choose(const Rules& rules, const State& s, const MoveList& legal) final {
    return legal.size() == 1 ? 0 : decide(rules, s, legal);
  }
  // What the last choice cost, for people: "5000 iterations in 0.41 s".
  virtual std::string last_search() const { return ""; }
  // How the last search rated each legal move it weighed, best first: the mover's expected
  // score in [0, 1] (a win 1, a draw 0.5) and the search it got. Empty for agents that keep
  // no such figures (and after a forced move).
  struct MoveScore {
    int move = 0;
    double value = 0;
    long visits = 0;
  };
  virtual std::vector<MoveScore> last_scores() const { return {}; }
  // Search counters since the agent was made, for benchmarks.
  virtual uint64_t iterations() const { return 0; }
  // Whether a choice may take long (a search): a caller that must answer Ctrl-C meanwhile
  // runs it on a thread of its own, which a quick choice is not worth.
  virtual bool searches() const { return false; }
  // A flag that, once true, cuts a search short: it returns its best move so far within a
  // few hundred nodes (Ctrl-C sets one). Null: none.
  void stop_on(const std::atomic<bool>* stop) { stop_ = stop; }

 protected:
  bool stopping() const { return stop_ && stop_->load(std::memory_order_relaxed); }
  // One of the (at least two) `legal` moves of `s`, a decision node (its dice rolled).
  virtual int decide(const Rules& rules, const State& s, const MoveList& legal) = 0;

 private:
  const std::atomic<bool>* stop_ = nullptr;
};

// Throws std::invalid_argument for an unknown agent, parameter or value, or an agent that
// cannot play this game (alphabeta with dice).
// `learned`: the weights eval=learned names (training's own checks, compare's eval=auto).
// `limits`: what the spec may use (a level's spec too); beyond them it is refused, except
// time, which is cut to limits.seconds.
std::unique_ptr<Agent> make_agent(const AgentSpec& spec, const GameDefPtr& def, uint64_t seed,
                                  std::shared_ptr<const LearnedEval> learned = nullptr, const AgentLimits& limits = {});

// Playing levels, for people: level n (1 weakest .. kLevels strongest) is an agent spec with
// a budget of positions, playouts or time, the definition's own (`levels:`) or the default ladder.
constexpr int kDefaultLevel = 3;  // of 1 .. kLevels (definition/game_def.h)
std::string level_spec(const GameDef& def, int level);
// Whether the agent's choices involve chance (random moves, random ties, random playouts): if
// not, it plays one game again and again from one position, and a series needs random
// openings to measure anything. A level is its agent for this game; a name it does not know,
// true (no openings are added for it).
bool chooses_by_chance(const AgentSpec& spec, const GameDef& def);
// The levels a definition names whose agent cannot be made for it, each at its line.
Diagnostics level_errors(const GameDefPtr& def);

}  // namespace boardlab
