// `boardlab simulate`: self-play statistics of a rule set (rates with their intervals,
// length, branching, the game's events), written as JSON lines, a summary and an HTML
// report; `--shard K/N` plays a slice for a cluster, `--ladder` a skill check between
// agents. `boardlab merge` joins the shards' results into one summary.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <set>

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
                   const GameDef& def, const lab::RunInfo& run, bool replace, const std::vector<std::string>* lines = nullptr) {
  lab::write_results(dir, games, s, def, run, replace, lines);
  fmt::print("Wrote {0}/games.jsonl (a line per game), {0}/summary.json and {0}/report.html\n", dir);
}

struct SimulateArgs {
  GameArgs game;
  std::string agents = "random,random";
  long games = 100;
  uint64_t seed = 1;
  int max_plies = 1000;
  std::string openings = "auto";
  int threads = 0;  // 0: every core
  std::string shard = "1/1";
  std::string out;
  bool ladder = false;
  bool force = false;
  std::string resume;      // a run's folder to finish
  long more = 0;           // with resume: games to add to the run
  std::string definition;  // with resume: the definition, when the run names it by a path
};

// Every pair of agents plays `games` games, seats alternating: the score of each row
// against each column (draws half), with its 95% interval.
int ladder(const SimulateArgs& a, const GameDefPtr& def, const std::string& agents_text) {
  const std::vector<AgentSpec> agents = parse_agent_list(agents_text);
  lab::SimulationConfig base{def, {}, a.games, a.seed, a.max_plies, threads_or_cores(a.threads)};
  base.opening_plies = opening_plies(a.openings, *def, agents);
  fmt::print("{}", openings_said(a.openings, base.opening_plies));
  const lab::Ladder l = lab::play_ladder(base, agents, run_games);
  fmt::print("{}", lab::ladder_text(l, base));
  if (!a.out.empty()) {
    std::filesystem::create_directories(a.out);
    write_text_file(a.out + "/ladder.json", lab::to_json(l, a.game.game).dump(2) + "\n");
    write_text_file(a.out + "/ladder.html", lab::ladder_html(l, def->name));
    fmt::print("Wrote {0}/ladder.json and {0}/ladder.html\n", a.out);
  }
  return kExitOk;
}

// Plays the run's missing games into `out` as they end (an interruption keeps them), then
// writes the finished set with its summary and report.
int play_run(lab::SimulationConfig c, const lab::RunInfo& run, const std::string& out, std::vector<lab::GameStats> games,
             bool replace) {
  const GameDef& def = *c.def;
  for (const auto& g : games) c.played.push_back(g.index);
  std::sort(c.played.begin(), c.played.end());
  c.stop = &stop_on_interrupt();
  lab::check_agents(c);  // before the folder is started
  std::vector<std::string> lines;  // each game's line of games.jsonl, as the journal made it
  {
    lab::RunJournal journal(out, run, def, games, replace);
    for (auto& g : run_games_each(c, def.name, [&](const lab::GameStats& g) { journal.add(g); })) games.push_back(std::move(g));
    journal.flush();  // interrupted or not: every game played is in the folder
    std::sort(games.begin(), games.end(), [](const auto& x, const auto& y) { return x.index < y.index; });
    if (!*c.stop) lines = journal.take_lines(games);
  }
  if (*c.stop) {
    fmt::print("Interrupted: {} holds {} of the run's {} games; `boardlab simulate --resume {}` plays the rest.\n", out,
               games.size(), lab::shard_games(c.games, c.shard, c.shards), out);
    return 128 + SIGINT;
  }
  const lab::Summary s = lab::summarize(games, def);
  fmt::print("{}", lab::summary_text(s, run));
  write_and_tell(out, games, s, def, run, true, &lines);
  return kExitOk;
}

// simulate --resume DIR [--more N]: the run DIR's summary.json names, its missing games played.
// With --agents, the person vouches for the folder's agents by repeating them.
int resume(const SimulateArgs& a, bool agents_typed) {
  lab::ResumedRun r;
  try {
    std::vector<std::string> retyped;
    if (agents_typed)
      for (const auto& spec : parse_agent_list(a.agents)) retyped.push_back(spec.str());
    r = lab::resume_run(a.resume, a.definition, a.more, threads_or_cores(a.threads), retyped);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  if (r.cut_off) fmt::print("Note: the last line of {}/games.jsonl was cut off as it was written; that game is played again.\n", a.resume);
  const long total = r.shard_total();
  fmt::print("{}: {} of {} games played, {} to play.\n", a.resume, r.kept.size(), total, total - static_cast<long>(r.kept.size()));
  return play_run(r.config, r.run, a.resume, std::move(r.kept), true);
}

}  // namespace

Runner add_simulate(CLI::App& app) {
  auto* cmd = app.add_subcommand("simulate", "Self-play statistics of a game or variant: balance, length, branching");
  auto a = std::make_shared<SimulateArgs>();
  auto* game_opt = cmd->add_option("game", a->game.game, "a bundled game's name or a definition file");
  cmd->add_option("--games", a->games, "how many games (default 100)")->check(CLI::Range(1L, lab::kMaxSeriesGames));
  auto* agents_opt = cmd->add_option("--agents", a->agents,
                  "an agent per player, A,B (default random in every seat); game i seats A as player i mod N + 1 and "
                  "the others after it. With --ladder, any number (default random,greedy,mcts)");
  cmd->add_option("--seed", a->seed, "game i is seeded from (seed, i) alone");
  cmd->add_option("--max-plies", a->max_plies, "a game still going after this many plies stops, as a draw")
      ->check(CLI::Range(1, lab::kMaxSeriesPlies));
  add_openings_option(*cmd, a->openings);
  cmd->add_option("--threads", a->threads, "threads to play on (default: every core); results do not depend on it")
      ->check(CLI::Range(0, lab::kMaxSeriesThreads));
  cmd->add_option("--shard", a->shard, "K/N: play only the K-th of N slices of the games (see `boardlab merge`)");
  cmd->add_option("--out", a->out, "the folder for games.jsonl, summary.json and report.html (default simulate-GAME)");
  cmd->add_flag("--ladder", a->ladder, "play every pair of --agents and show who beats whom");
  cmd->add_flag("--force", a->force, "replace the results of another run in --out");
  cmd->add_option("--option", a->game.options, "set an option of the game: key=value");
  cmd->add_option("--resume", a->resume,
                  "DIR: play the games missing from the run in DIR (stopped by Ctrl-C, a kill or a time limit)");
  auto* more = cmd->add_option("--more", a->more, "with --resume: add N games to the run (a finished one too)")
                   ->check(CLI::Range(1L, 100000000L));
  auto* definition = cmd->add_option("--definition", a->definition,
                                     "with --resume: the definition file, when the run names its game by a path");
  return [=] {
    if (!a->resume.empty()) {
      // The run is what DIR says it is: only how to play it may be given.
      for (const CLI::Option* o : cmd->get_options())
        if (o->count() && o != more && o != definition && o != agents_opt && o->get_name() != "--resume" &&
            o->get_name() != "--threads")
          throw UsageError(fmt::format("--resume plays the run its folder names: {} cannot change it (only --more, "
                                       "--threads, --definition and the run's own --agents go with --resume)",
                                       o->get_name()));
      return resume(*a, agents_opt->count() > 0);
    }
    if (more->count() || definition->count()) throw UsageError("--more and --definition go with --resume DIR");
    if (!game_opt->count()) throw UsageError("simulate needs a game (a bundled name or a definition file), or --resume DIR");
    const GameDefPtr def = open_definition(a->game.game, a->game.options);
    // An explicit --agents is the ladder's list too; without it the ladder takes three.
    if (a->ladder) return ladder(*a, def, agents_opt->count() ? a->agents : "random,greedy,mcts");
    // Without --agents, random plays every seat.
    if (!agents_opt->count()) say_random_default(def->nplayers());
    auto agents = parse_agent_list(agents_opt->count() ? a->agents : random_seats(def->nplayers()));
    std::pair<int, int> shard;
    try {
      shard = lab::parse_shard(a->shard);
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
    const auto [k, n] = shard;
    lab::SimulationConfig c{def, agents, a->games, a->seed, a->max_plies, threads_or_cores(a->threads)};
    c.opening_plies = opening_plies(a->openings, *def, agents);
    fmt::print("{}", openings_said(a->openings, c.opening_plies));
    c.shard = k;
    c.shards = n;
    const lab::RunInfo run = lab::run_info(a->game.game, a->game.options, c);
    std::string out = a->out.empty() ? "simulate-" + def->name : a->out;
    if (a->out.empty() && n > 1) out += fmt::format("-shard-{}-of-{}", k + 1, n);
    lab::check_agents(c);
    if (lab::run_in_progress(out, run) && !a->force)
      throw UsageError(fmt::format("{} holds an unfinished start of this run: `boardlab simulate --resume {}` plays the "
                                   "rest (--force starts again)", out, out));
    return play_run(c, run, out, {}, a->force);
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
