// `boardlab simulate`: self-play statistics of a rule set (rates with their intervals,
// length, branching, the game's events), written as JSON lines, a summary and an HTML
// report; `--shard K/N` plays a slice for a cluster, `--ladder` a skill check between
// agents. `boardlab merge` joins the shards' results into one summary.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <set>
#include <thread>

#include "commands.h"
#include "common.h"
#include "core/text.h"
#include "core/text.h"
#include "lab/summary.h"
#include "lab_args.h"
#include "lab_report.h"

namespace boardlab::cli {

namespace {

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
int ladder(const SimulateArgs& a, const GameDefPtr& def) {
  std::vector<AgentSpec> agents = parse_agent_list(a.agents == "random,random" ? "random,greedy,mcts" : a.agents);
  if (agents.size() < 2) throw UsageError("--ladder needs at least two agents");
  const size_t n = agents.size();
  std::vector<std::vector<double>> score(n, std::vector<double>(n));  // draws count half
  nlohmann::json pairs = nlohmann::json::array();
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j < n; ++j) {
      lab::SimulationConfig c{def, agents[i], agents[j], a.games, a.seed, a.max_plies, threads_or_cores(a.threads)};
      auto games = run_games(c, fmt::format("{} vs {}", agents[i].str(), agents[j].str()));
      const lab::Summary sum = lab::summarize(games, *def);
      const long wins = sum.first_agent_wins.hits, draws = sum.draws.hits;
      const long losses = static_cast<long>(games.size()) - wins - draws;
      const double played = static_cast<double>(games.size());
      score[i][j] = (static_cast<double>(wins) + 0.5 * static_cast<double>(draws)) / played;
      score[j][i] = (static_cast<double>(losses) + 0.5 * static_cast<double>(draws)) / played;
      pairs.push_back({{"first", agents[i].str()}, {"second", agents[j].str()}, {"games", games.size()},
                       {"wins", wins}, {"draws", draws}, {"losses", losses}});
    }
  fmt::print("{}: each pair of agents plays {} games, seats alternating (seed {}, at most {} plies).\n", def->name,
             a.games, a.seed, a.max_plies);
  fmt::print("The row agent's score against the column agent (draws count half), with its 95% interval:\n\n");
  size_t wname = 6;
  for (const auto& s : agents) wname = std::max(wname, s.str().size());
  std::string header = fmt::format("{:<{}}", "", wname);
  for (const auto& s : agents) header += fmt::format("  {:<21}", s.str().substr(0, 21));
  fmt::print("{}\n", header);
  for (size_t i = 0; i < n; ++i) {
    std::string line = fmt::format("{:<{}}", agents[i].str(), wname);
    for (size_t j = 0; j < n; ++j) {
      const lab::Interval ci = lab::wilson95(score[i][j], a.games);
      line += fmt::format("  {:<21}", i == j ? "-" : fmt::format("{:.3f} ({:.3f}-{:.3f})", score[i][j], ci.low, ci.high));
    }
    fmt::print("{}\n", line);
  }
  fmt::print("\nA variant rewards skill when the stronger agents' scores stay well above 0.5.\n");
  if (!a.out.empty()) {
    nlohmann::json matrix = nlohmann::json::array();
    for (size_t i = 0; i < n; ++i) {
      nlohmann::json row = nlohmann::json::array();
      for (size_t j = 0; j < n; ++j) row.push_back(i == j ? nlohmann::json(nullptr) : nlohmann::json(score[i][j]));
      matrix.push_back(row);
    }
    std::vector<std::string> names;
    for (const auto& s : agents) names.push_back(s.str());
    std::filesystem::create_directories(a.out);
    write_text_file(a.out + "/ladder.json",
               nlohmann::json{{"game", a.game.game}, {"agents", names}, {"score", matrix}, {"pairs", pairs}}.dump(2) + "\n");
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
  cmd->add_option("--agents", a->agents,
                  "the two agents, A,B (default random,random); game i seats A as player i % 2 + 1. With --ladder, "
                  "any number (default random,greedy,mcts)");
  cmd->add_option("--seed", a->seed, "game i is seeded from (seed, i) alone");
  cmd->add_option("--max-plies", a->max_plies, "a game still going after this many plies stops, as a draw")
      ->check(CLI::Range(1, 100000000));
  cmd->add_option("--threads", a->threads, "threads to play on (default: every core); results do not depend on it")
      ->check(CLI::Range(0, 256));
  cmd->add_option("--shard", a->shard, "K/N: play only the K-th of N slices of the games (see `boardlab merge`)");
  cmd->add_option("--out", a->out, "the folder for games.jsonl, summary.json and report.html (default simulate-GAME)");
  cmd->add_flag("--ladder", a->ladder, "play every pair of --agents and show who beats whom");
  cmd->add_option("--option", a->game.options, "set an option of the game: key=value");
  return [=] {
    auto game = open_game(a->game);
    const GameDefPtr& def = game->def_ptr();
    if (a->ladder) return ladder(*a, def);
    auto agents = parse_agent_list(a->agents);
    if (agents.size() != 2) throw UsageError(fmt::format("--agents takes two agents, A,B (got {})", agents.size()));
    auto [k, n] = parse_shard(a->shard);
    lab::SimulationConfig c{def, agents[0], agents[1], a->games, a->seed, a->max_plies, threads_or_cores(a->threads)};
    c.shard = k - 1;
    c.shards = n;
    auto games = run_games(c, def->name);
    const lab::Summary s = lab::summarize(games, *def);
    const RunInfo run = run_info(a->game, c);
    fmt::print("{}", summary_text(s, run));
    std::string out = a->out.empty() ? "simulate-" + def->name : a->out;
    if (a->out.empty() && n > 1) out += fmt::format("-shard-{}-of-{}", k, n);
    write_results(out, games, s, *def, run);
    return kExitOk;
  };
}

Runner add_merge(CLI::App& app) {
  auto* cmd = app.add_subcommand("merge", "Join the results of `simulate --shard` runs into one summary and report");
  auto dirs = std::make_shared<std::vector<std::string>>();
  auto out = std::make_shared<std::string>();
  cmd->add_option("folders", *dirs, "the shards' output folders")->required();
  cmd->add_option("--out", *out, "where to write the merged results (default simulate-GAME-merged)");
  return [=] {
    std::optional<RunInfo> run;
    std::vector<lab::GameStats> games;
    std::unique_ptr<ThreadRules> game;
    std::set<long> seen;
    for (const auto& dir : *dirs) {
      auto summary_text_ = read_text_file(dir + "/summary.json");
      auto lines = read_text_file(dir + "/games.jsonl");
      if (!summary_text_ || !lines) throw UsageError(fmt::format("{}: no summary.json and games.jsonl (not a simulate folder?)", dir));
      RunInfo r;
      try {
        r = run_from_json(nlohmann::json::parse(*summary_text_).at("run"));
      } catch (const nlohmann::json::exception& e) {
        throw UsageError(fmt::format("{}/summary.json: {}", dir, e.what()));
      } catch (const std::invalid_argument& e) {
        throw UsageError(fmt::format("{}/summary.json: {}", dir, e.what()));
      }
      if (!run) {
        run = r;
        run->shards.clear();
        GameArgs ga;
        ga.game = r.game;
        ga.options = r.options;
        game = open_game(ga);
        if (game->def().content_hash != r.definition_hash)
          fmt::print("Note: {} was made under a different definition ({}, now {}).\n", dir, r.definition_hash,
                     game->def().content_hash);
      } else if (r.game != run->game || r.options != run->options || r.agents != run->agents || r.seed != run->seed ||
                 r.games != run->games || r.max_plies != run->max_plies || r.shard_count != run->shard_count ||
                 r.definition_hash != run->definition_hash) {
        throw UsageError(fmt::format("{} is not from the same run as {} (game, options, agents, seed, games, "
                                     "max plies, shard count and definition must agree)", dir, dirs->front()));
      }
      run->shards.insert(run->shards.end(), r.shards.begin(), r.shards.end());
      size_t line_no = 0;
      std::istringstream in(*lines);
      for (std::string line; std::getline(in, line);) {
        ++line_no;
        if (trim(line).empty()) continue;
        try {
          auto g = game_from_json(nlohmann::json::parse(line), game->def());
          if (g.index < 0 || g.index >= run->games)
            throw UsageError(fmt::format("{}/games.jsonl:{}: game {} is not one of the run's {} games", dir, line_no, g.index, run->games));
          if (!seen.insert(g.index).second) throw UsageError(fmt::format("{}/games.jsonl:{}: game {} is in two shards", dir, line_no, g.index));
          games.push_back(std::move(g));
        } catch (const nlohmann::json::exception& e) {
          throw UsageError(fmt::format("{}/games.jsonl:{}: {}", dir, line_no, e.what()));
        } catch (const std::invalid_argument& e) {
          throw UsageError(fmt::format("{}/games.jsonl:{}: {}", dir, line_no, e.what()));
        }
      }
    }
    std::sort(games.begin(), games.end(), [](const auto& x, const auto& y) { return x.index < y.index; });
    std::sort(run->shards.begin(), run->shards.end());
    const GameDef& def = game->def();
    const lab::Summary s = lab::summarize(games, def);
    fmt::print("{}", summary_text(s, *run));
    if (static_cast<long>(games.size()) < run->games)
      fmt::print("Note: {} of the run's {} games are here ({} of {} shards).\n", games.size(), run->games,
                 run->shards.size(), run->shard_count);
    write_results(out->empty() ? "simulate-" + def.name + "-merged" : *out, games, s, def, *run);
    return kExitOk;
  };
}

}  // namespace boardlab::cli
