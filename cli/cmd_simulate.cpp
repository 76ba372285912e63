// `boardlab simulate`: self-play statistics of a rule set (rates with their intervals,
// length, branching, the game's events), written as JSON lines, a summary and an HTML
// report; `--shard K/N` plays a slice for a cluster, `--ladder` a skill check between
// agents. `boardlab merge` joins the shards' results into one summary.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>

#include "commands.h"
#include "common.h"
#include "core/text.h"
#include "definition/bundled.h"
#include "lab/ladder.h"
#include "lab/report.h"
#include "lab/runs.h"
#include "lab/summary.h"
#include "lab_args.h"

namespace boardlab::cli {

namespace {

// Writes a run's files and says where.
void write_and_tell(const std::string& dir, const std::vector<lab::GameStats>& games, const lab::Summary& s,
                   const GameDef& def, const lab::RunInfo& run, bool replace) {
  lab::write_results(dir, games, s, def, run, replace);
  fmt::print("Wrote {0}/games.jsonl (a line per game), {0}/summary.json and {0}/report.html\n", dir);
}

struct SimulateArgs {
  GameArgs game;
  std::string agents = "random,random";
  long games = 100;
  uint64_t seed = 1;
  int max_plies = 1000;
  int threads = 0;  // 0: every core
  std::string shard = "1/1";
  std::string out;
  bool ladder = false;
  bool force = false;
};

// "K/N", 1 <= K <= N: the K-th of N slices (shards are numbered from 1, as Slurm's array
// task ids can be).
std::pair<int, int> parse_shard(const std::string& text) {
  const size_t slash = text.find('/');
  const auto k = parse_int(text.substr(0, slash));
  const auto n = parse_int(slash == std::string::npos ? "" : text.substr(slash + 1));
  if (!k || !n || *n < 1 || *k < 1 || *k > *n || *n > 100000)
    throw UsageError(fmt::format("--shard takes K/N with 1 <= K <= N (the K-th of N slices), not '{}'", text));
  return {static_cast<int>(*k), static_cast<int>(*n)};
}

// Every pair of agents plays `games` games, seats alternating: the score of each row
// against each column (draws half), with its 95% interval.
int ladder(const SimulateArgs& a, const GameDefPtr& def, const std::string& agents_text) {
  const std::vector<AgentSpec> agents = parse_agent_list(agents_text);
  lab::SimulationConfig base{def, {}, a.games, a.seed, a.max_plies, threads_or_cores(a.threads)};
  const lab::Ladder l = lab::play_ladder(base, agents, run_games);
  fmt::print("{}: each pair of agents plays {} games, seats alternating (seed {}, at most {} plies).\n", def->name,
             a.games, a.seed, a.max_plies);
  fmt::print("The row agent's score against the column agent (draws count half), with its 95% interval:\n\n");
  size_t wname = 6;
  for (const auto& s : agents) wname = std::max(wname, s.str().size());
  std::string header = fmt::format("{:<{}}", "", wname);
  for (const auto& s : agents) header += fmt::format("  {:<21}", s.str().substr(0, 21));
  fmt::print("{}\n", header);
  for (size_t i = 0; i < agents.size(); ++i) {
    std::string line = fmt::format("{:<{}}", agents[i].str(), wname);
    for (size_t j = 0; j < agents.size(); ++j) {
      const lab::Interval ci = l.interval(i, j);
      line += fmt::format("  {:<21}", i == j ? "-" : fmt::format("{:.3f} ({:.3f}-{:.3f})", l.score(i, j), ci.low, ci.high));
    }
    fmt::print("{}\n", line);
  }
  fmt::print("\nA variant rewards skill when the stronger agents' scores stay well above 0.5.\n");
  if (!a.out.empty()) {
    std::filesystem::create_directories(a.out);
    write_text_file(a.out + "/ladder.json", lab::to_json(l, a.game.game).dump(2) + "\n");
    fmt::print("Wrote {}/ladder.json\n", a.out);
  }
  return kExitOk;
}

}  // namespace

Runner add_simulate(CLI::App& app) {
  auto* cmd = app.add_subcommand("simulate", "Self-play statistics of a game or variant: balance, length, branching");
  auto a = std::make_shared<SimulateArgs>();
  cmd->add_option("game", a->game.game, "a bundled game's name or a definition file")->required();
  cmd->add_option("--games", a->games, "how many games (default 100)")->check(CLI::Range(1L, 100000000L));
  auto* agents_opt = cmd->add_option("--agents", a->agents,
                  "an agent per player, A,B (default random in every seat); game i seats A as player i mod N + 1 and "
                  "the others after it. With --ladder, any number (default random,greedy,mcts)");
  cmd->add_option("--seed", a->seed, "game i is seeded from (seed, i) alone");
  cmd->add_option("--max-plies", a->max_plies, "a game still going after this many plies stops, as a draw")
      ->check(CLI::Range(1, 100000000));
  cmd->add_option("--threads", a->threads, "threads to play on (default: every core); results do not depend on it")
      ->check(CLI::Range(0, 256));
  cmd->add_option("--shard", a->shard, "K/N: play only the K-th of N slices of the games (see `boardlab merge`)");
  cmd->add_option("--out", a->out, "the folder for games.jsonl, summary.json and report.html (default simulate-GAME)");
  cmd->add_flag("--ladder", a->ladder, "play every pair of --agents and show who beats whom");
  cmd->add_flag("--force", a->force, "replace the results of another run in --out");
  cmd->add_option("--option", a->game.options, "set an option of the game: key=value");
  return [=] {
    const GameDefPtr def = open_definition(a->game.game, a->game.options);
    // An explicit --agents is the ladder's list too; without it the ladder takes three.
    if (a->ladder) return ladder(*a, def, agents_opt->count() ? a->agents : "random,greedy,mcts");
    // Without --agents, random plays every seat.
    auto agents = parse_agent_list(agents_opt->count() ? a->agents : random_seats(def->nplayers()));
    auto [k, n] = parse_shard(a->shard);
    lab::SimulationConfig c{def, agents, a->games, a->seed, a->max_plies, threads_or_cores(a->threads)};
    c.shard = k - 1;
    c.shards = n;
    const lab::RunInfo run = lab::run_info(a->game.game, a->game.options, c);
    std::string out = a->out.empty() ? "simulate-" + def->name : a->out;
    if (a->out.empty() && n > 1) out += fmt::format("-shard-{}-of-{}", k, n);
    lab::check_results_folder(out, run, a->force);  // before the games, not after them
    auto games = run_games(c, def->name);
    const lab::Summary s = lab::summarize(games, *def);
    fmt::print("{}", lab::summary_text(s, run));
    write_and_tell(out, games, s, *def, run, a->force);
    return kExitOk;
  };
}

Runner add_merge(CLI::App& app) {
  auto* cmd = app.add_subcommand("merge", "Join the results of `simulate --shard` runs into one summary and report");
  auto dirs = std::make_shared<std::vector<std::string>>();
  auto out = std::make_shared<std::string>();
  cmd->add_option("folders", *dirs, "the shards' output folders")->required();
  cmd->add_option("--out", *out, "where to write the merged results (default simulate-GAME-merged)");
  auto game = std::make_shared<std::string>();
  cmd->add_option("--definition", *game, "the definition the runs played, when their summary names it by a path");
  auto force = std::make_shared<bool>(false);
  cmd->add_flag("--force", *force, "replace the results of another run in --out");
  return [=] {
    const lab::MergedRun m = lab::merge_runs(*dirs, *game);
    const lab::Summary s = lab::summarize(m.games, *m.def);
    fmt::print("{}", lab::summary_text(s, m.run));
    for (const auto& note : m.notes) fmt::print("Note: {}\n", note);
    write_and_tell(out->empty() ? "simulate-" + m.def->name + "-merged" : *out, m.games, s, *m.def, m.run, *force);
    return kExitOk;
  };
}

}  // namespace boardlab::cli
