// What the lab's commands (simulate, compare, sweep, match) share on the command line: the agents
// option ("A,B", where a spec's own parameters also use commas), --threads, --openings, and
// running a series with a progress bar on a terminal.
#pragma once
#include <CLI/CLI.hpp>
#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "common.h"
#include "lab/simulation.h"

namespace boardlab::cli {

// --threads: 0 means every core.
int threads_or_cores(int threads);

// --openings P|auto (SimulationConfig::opening_plies), the same for every lab command; the
// default, auto, gives agents that choose without chance random openings (auto_opening_plies).
void add_openings_option(CLI::App& cmd, std::string& openings);
// The plies --openings gives these agents in this game.
int opening_plies(const std::string& openings, const GameDef& def, const std::vector<AgentSpec>& agents);
// The line that says --openings auto gave the series random openings, and why; "" otherwise.
std::string openings_said(const std::string& openings, int plies);

// Without --agents the lab seats random players; this line says so, and what random play
// is worth, before a series starts.
void say_random_default(int players);

// --agents A,B (AgentSpec::parse_list), a bad spec a usage error.
std::vector<AgentSpec> parse_agent_list(const std::string& text);

// Runs a series with a progress bar on a terminal (lab::SeriesRunner).
std::vector<lab::GameStats> run_games(const lab::SimulationConfig& config, const std::string& what);
// The same, with `finished` seeing each game as it ends.
std::vector<lab::GameStats> run_games_each(const lab::SimulationConfig& config, const std::string& what,
                                           const std::function<void(const lab::GameStats&)>& finished);

// Ctrl-C and SIGTERM (a cluster's time limit) from now on set this flag instead of ending
// the process, which stops a series between moves (SimulationConfig::stop); a second Ctrl-C
// ends it at once.
const std::atomic<bool>& stop_on_interrupt();

}  // namespace boardlab::cli
