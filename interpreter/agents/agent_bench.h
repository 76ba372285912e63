// An agent's search speed: it plays itself from the start (again when a game ends) in the
// game loop, in every seat, for a time; `boardlab bench --agent` reports its search steps
// (MCTS iterations, or search nodes) per second.
#pragma once
#include "agents/agent.h"

namespace boardlab {

struct AgentBench {
  int decisions = 0;   // moves chosen
  double seconds = 0;  // spent
  uint64_t steps = 0;  // the agent's search counter over that time
};

AgentBench bench_agent(const Rules& rules, Agent& agent, double seconds, uint64_t seed);

}  // namespace boardlab
