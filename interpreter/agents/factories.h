// The factories of each agent kind, for make_agent (agent.cpp).
#pragma once
#include <memory>

#include "agents/agent.h"
#include "agents/params.h"

namespace boardlab {

std::unique_ptr<Agent> make_random_agent(AgentParams& p, const GameDefPtr& def, uint64_t seed);
std::unique_ptr<Agent> make_greedy_agent(AgentParams& p, const GameDefPtr& def, uint64_t seed);
std::unique_ptr<Agent> make_mcts_agent(AgentParams& p, const GameDefPtr& def, uint64_t seed);
std::unique_ptr<Agent> make_alphabeta_agent(AgentParams& p, const GameDefPtr& def, uint64_t seed);
std::unique_ptr<Agent> make_expectimax_agent(AgentParams& p, const GameDefPtr& def, uint64_t seed);

}  // namespace boardlab
