// Agents: computer players, generic over every game. Chosen by a spec string such as
// `mcts:iterations=5000` or `alphabeta:depth=6,seconds=2`; each owns the Game instances it
// searches with (a Lua state per thread), seeded so that a fixed budget replays exactly.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "rules/game.h"

namespace boardlab {

struct AgentSpec {
  std::string name;
  std::map<std::string, std::string> params;
  // "mcts:iterations=5000,threads=2". Throws std::invalid_argument.
  static AgentSpec parse(const std::string& text);
  std::string str() const;
};

struct AgentParam {
  std::string name, default_value, doc;
};
struct AgentInfo {
  std::string name, doc;
  std::vector<AgentParam> params;
};
const std::vector<AgentInfo>& agent_catalogue();

class Agent {
 public:
  virtual ~Agent() = default;
  // One of the non-empty `legal` moves of `s`, a decision node (its dice rolled).
  virtual int choose(const State& s, const MoveList& legal) = 0;
  // What the last choice cost, for people: "5000 iterations in 0.41 s".
  virtual std::string last_search() const { return ""; }
  // Search counters since the agent was made, for benchmarks.
  virtual uint64_t iterations() const { return 0; }
};

// Throws std::invalid_argument for an unknown agent, parameter or value, or an agent that
// cannot play this game (alphabeta with dice).
std::unique_ptr<Agent> make_agent(const AgentSpec& spec, const GameDefPtr& def, uint64_t seed);

}  // namespace boardlab
