// What `simulate` and `compare` share: the agents option ("A,B", where a spec's own
// parameters also use commas), the output folder, and the run description.
#pragma once
#include <string>
#include <vector>

#include "agents/agent.h"
#include "common.h"
#include "lab/simulation.h"
#include "lab_json.h"

namespace boardlab::cli {

// --threads: 0 means every core.
int threads_or_cores(int threads);

// "mcts:iterations=200,threads=1,random" -> {"mcts:iterations=200,threads=1", "random"}: a
// piece with '=' and no ':' is a parameter of the spec before it.
std::vector<AgentSpec> parse_agent_list(const std::string& text);

// What a run was, for its files: `game` as the user named it, the rest from `config`.
RunInfo run_info(const GameArgs& game, const lab::SimulationConfig& config);

// Runs the games, with a progress bar on a terminal; agent errors become usage errors.
std::vector<lab::GameStats> run_games(const lab::SimulationConfig& config, const std::string& what);

// Writes games.jsonl, summary.json and report.html into `dir` (made if missing), and says so.
void write_results(const std::string& dir, const std::vector<lab::GameStats>& games, const lab::Summary& s,
                   const GameDef& def, const RunInfo& run);

}  // namespace boardlab::cli
