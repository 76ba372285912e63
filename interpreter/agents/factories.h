// The factories of each agent kind, for make_agent (agent.cpp).
#pragma once
#include <memory>
#include <string>

#include "agents/agent.h"
#include "agents/params.h"

namespace boardlab {

std::unique_ptr<Agent> make_random_agent(AgentParams& p, const GameDefPtr& def, uint64_t seed);
std::unique_ptr<Agent> make_greedy_agent(AgentParams& p, const GameDefPtr& def, uint64_t seed);
std::unique_ptr<Agent> make_mcts_agent(AgentParams& p, const GameDefPtr& def, uint64_t seed);
std::unique_ptr<Agent> make_alphabeta_agent(AgentParams& p, const GameDefPtr& def, uint64_t seed);
std::unique_ptr<Agent> make_expectimax_agent(AgentParams& p, const GameDefPtr& def, uint64_t seed);

// The agent kind `name` (agent_catalogue) made from `p`, or nullptr if there is none.
std::unique_ptr<Agent> make_named_agent(const std::string& name, AgentParams& p, const GameDefPtr& def, uint64_t seed);

}  // namespace boardlab
