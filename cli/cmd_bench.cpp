// `boardlab bench`: seeded random playouts from the start; playouts/s, plies/s, length and
// outcomes.
#include <chrono>
#include <fmt/format.h>

#include "commands.h"
#include "common.h"
#include "agents/agent.h"
#include "rules/playout.h"

namespace boardlab::cli {

namespace {

// The agent plays itself from the start (again when a game ends) for `seconds`; its search
// counters (MCTS iterations, alpha-beta nodes) per second.
int bench_agent(const Rules& game, const std::string& spec_text, double seconds, uint64_t seed) {
  std::unique_ptr<Agent> agent;
  try {
    agent = make_agent(AgentSpec::parse(spec_text), game.def_ptr(), seed);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  Rng rng(seed);
  MoveList moves;
  Move m;
  State s = game.initial();
  int decisions = 0;
  const auto start = std::chrono::steady_clock::now();
  double spent = 0;
  while (spent < seconds) {
    if (s.outcome().over()) s = game.initial();
    if (s.awaiting_roll()) game.roll(s, rng);
    if (!game.start_turn(s, moves)) {
      s = game.initial();
      continue;
    }
    moves.get(agent->choose(game, s, moves), m);
    game.apply(s, m);
    ++decisions;
    spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  fmt::print("game: {}\nagent: {}\ndecisions: {} in {:.2f} s\nsearch steps/s: {:.0f} (MCTS iterations, or search nodes)\n",
             game.def().name, spec_text, decisions, spent, static_cast<double>(agent->iterations()) / spent);
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
  cmd->add_option("--seed", *seed, "playout i uses seed+i");
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
    fmt::print("game: {}\nplayouts: {} in {:.2f} s\nplayouts/s: {:.1f}\nplies/s: {:.0f}\naverage length: {:.1f} plies\n",
               game->def().name, r.playouts, r.seconds, r.playouts / r.seconds, static_cast<double>(r.plies) / r.seconds,
               static_cast<double>(r.plies) / r.playouts);
    for (const auto& [what, n] : r.outcomes) fmt::print("  {}: {}\n", what, n);
    return kExitOk;
  };
}

}  // namespace boardlab::cli
