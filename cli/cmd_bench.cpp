// `boardlab bench`: seeded random playouts from the start; playouts and plies per CPU-second
// (and per second of wall time), length and outcomes.
#include <algorithm>
#include <chrono>
#include <fmt/format.h>

#include "commands.h"
#include "common.h"
#include "agents/agent.h"
#include "agents/agent_bench.h"
#include "rules/playout.h"

namespace boardlab::cli {

namespace {

// The agent plays itself for `seconds`: its search steps per second.
int bench_agent(const Rules& rules, const std::string& spec_text, double seconds, uint64_t seed) {
  std::unique_ptr<Agent> agent;
  try {
    agent = make_agent(AgentSpec::parse(spec_text), rules.def_ptr(), seed);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  const AgentBench r = boardlab::bench_agent(rules, *agent, seconds, seed);
  fmt::print("game: {}\nagent: {}\ndecisions: {} in {:.2f} s\nsearch steps/s: {:.0f} (MCTS iterations, or search nodes)\n",
             rules.def().name, spec_text, r.decisions, r.seconds, static_cast<double>(r.steps) / r.seconds);
  return kExitOk;
}

}  // namespace

Runner add_bench(CLI::App& app) {
  auto* cmd = app.add_subcommand("bench", "Measure random playouts per second");
  auto args = std::make_shared<GameArgs>();
  auto seconds = std::make_shared<double>(5.0);
  auto seed = std::make_shared<uint64_t>(1);
  auto playouts = std::make_shared<int>(0);
  cmd->add_option("game", args->game, "a bundled game's name or a definition file")->required();
  cmd->add_option("--seconds", *seconds, "how long to run")->check(CLI::Range(0.01, 3600.0));
  cmd->add_option("--playouts", *playouts, "stop after this many playouts instead")->check(CLI::Range(0, 100000000));
  cmd->add_option("--seed", *seed, "playout i is seeded from (seed, i)");
  auto max_plies = std::make_shared<int>(1000);
  cmd->add_option("--max-plies", *max_plies, "stop a playout after this many plies (0: never)")
      ->check(CLI::Range(0, 100000000));
  cmd->add_option("--option", args->options, "set an option: key=value");
  auto agent = std::make_shared<std::string>();
  cmd->add_option("--agent", *agent, "measure this agent's search instead: it plays both sides for --seconds");
  return [=] {
    auto game = open_game(*args);
    if (!agent->empty()) return bench_agent(*game, *agent, *seconds, *seed);
    auto r = bench(*game, *seconds, *seed, *playouts, *max_plies);
    // Per CPU-second first: on a shared machine the wall-clock rate falls with the load.
    const double cpu = std::max(r.cpu_seconds, 1e-9), plies = static_cast<double>(r.plies);
    fmt::print("game: {}\nplayouts: {} in {:.2f} s of CPU ({:.2f} s of wall time)\n"
               "playouts per CPU-second: {:.1f}\nplies per CPU-second: {:.0f}\n"
               "playouts/s: {:.1f} (wall time)\nplies/s: {:.0f} (wall time)\naverage length: {:.1f} plies\n"
               "Lua calls per ply: {:.2f}\n",
               game->def().name, r.playouts, r.cpu_seconds, r.seconds, r.playouts / cpu, plies / cpu,
               r.playouts / r.seconds, plies / r.seconds, plies / r.playouts,
               static_cast<double>(r.lua_calls) / static_cast<double>(std::max<uint64_t>(r.plies, 1)));
    for (const auto& [what, n] : r.outcomes) fmt::print("  {}: {}\n", what, n);
    return kExitOk;
  };
}

}  // namespace boardlab::cli
