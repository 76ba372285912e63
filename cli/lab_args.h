// What the lab's commands (simulate, compare, match) share on the command line: the agents
// option ("A,B", where a spec's own parameters also use commas), --threads, and running a
// series with a progress bar on a terminal.
#pragma once
#include <string>
#include <vector>

#include "agents/agent.h"
#include "common.h"
#include "lab/simulation.h"

namespace boardlab::cli {

// --threads: 0 means every core.
int threads_or_cores(int threads);

// "mcts:iterations=200,threads=1,random" -> {"mcts:iterations=200,threads=1", "random"}: a
// piece with '=' and no ':' is a parameter of the spec before it.
std::vector<AgentSpec> parse_agent_list(const std::string& text);

// "random,random,random": random in every seat, the default agents.
std::string random_seats(int players);

// Runs a series with a progress bar on a terminal (lab::SeriesRunner).
std::vector<lab::GameStats> run_games(const lab::SimulationConfig& config, const std::string& what);

}  // namespace boardlab::cli
