// `boardlab sweep`: several rule sets (an option's values, several definitions, or both)
// played with the same agents and seeds; a table of every statistic, sweep.json, and a
// report plotting each statistic against the rule sets, with each set's own simulate folder.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cctype>
#include <filesystem>
#include <regex>

#include "commands.h"
#include "common.h"
#include "core/text.h"
#include "definition/bundled.h"
#include "lab/runs.h"
#include "lab/sweep.h"
#include "lab_args.h"

namespace boardlab::cli {

namespace {

struct SweepArgs {
  std::vector<std::string> games;
  std::vector<std::string> options;  // key=value or key=v1,v2,...
  std::string agents;
  long games_each = 200;
  uint64_t seed = 1;
  int max_plies = 1000, threads = 0;
  std::string openings = "auto";
  std::string out;
  bool force = false;
};

// A sweep's folder holds its own files only: sweep.json, report.html and the points' folders.
void check_sweep_folder(const std::string& dir) {
  std::error_code ec;
  if (!std::filesystem::exists(dir, ec)) return;
  if (!std::filesystem::is_directory(dir, ec)) throw UsageError(fmt::format("will not write into {}: it is not a folder", dir));
  static const std::regex ours(R"(sweep\.json|report\.html|[0-9]{2,})");
  for (const auto& e : std::filesystem::directory_iterator(dir, ec))
    if (const std::string name = e.path().filename().string(); !std::regex_match(name, ours))
      throw UsageError(fmt::format("will not write into {}: it holds {}, which sweep did not write; choose another --out",
                                   dir, name));
    else if (e.is_symlink(ec) || (e.is_directory(ec) != std::isdigit(static_cast<unsigned char>(name[0]))))
      throw UsageError(fmt::format("will not write into {}: its {} is not what sweep wrote (a folder for a rule set, a "
                                   "file otherwise, no links); choose another --out", dir, name));
}

}  // namespace

Runner add_sweep(CLI::App& app) {
  auto* cmd = app.add_subcommand("sweep", "Play several rule sets (an option's values, several definitions) side by side");
  auto a = std::make_shared<SweepArgs>();
  cmd->add_option("games", a->games, "bundled games' names or definition files")->required();
  cmd->add_option("--option", a->options,
                  "key=value for every rule set, or key=v1,v2,... for the option swept (one option at a time)");
  auto* agents_opt = cmd->add_option("--agents", a->agents, "an agent per player, A,B (default random in every seat)");
  cmd->add_option("--games", a->games_each, "games per rule set (default 200)")->check(CLI::Range(1L, 100000000L));
  cmd->add_option("--seed", a->seed, "game i of every rule set is seeded from (seed, i)");
  cmd->add_option("--max-plies", a->max_plies, "a game still going after this many plies stops, as a draw")
      ->check(CLI::Range(1, 100000000));
  cmd->add_option("--threads", a->threads, "threads to play on (default: every core)")->check(CLI::Range(0, 256));
  add_openings_option(*cmd, a->openings);
  cmd->add_option("--out", a->out, "the folder for sweep.json, report.html and a folder per rule set (default sweep-GAME)");
  cmd->add_flag("--force", a->force, "replace the results of other runs in the rule sets' folders");
  return [=] {
    std::vector<std::string> fixed;
    std::string key;
    std::vector<std::string> values;
    for (const auto& o : a->options) {
      const auto [k, v] = parse_key_value(o, "--option");
      const auto list = split(v, ',');
      if (list.size() < 2) {
        fixed.push_back(o);
        continue;
      }
      if (!key.empty())
        throw UsageError(fmt::format("sweep varies one option at a time: {} and {} both list several values", key, k));
      key = k;
      for (const auto& x : list) values.push_back(trim(x));
    }
    if (values.empty()) values.push_back("");
    std::vector<lab::SweepPoint> points;
    for (const auto& game : a->games)
      for (const auto& value : values) {
        lab::SweepPoint p;
        p.game = game;
        p.options = fixed;
        p.value = value;
        if (!key.empty()) p.options.push_back(key + "=" + value);
        p.def = open_definition(game, p.options);
        const std::string setting = key.empty() ? "" : key + "=" + value;
        p.label = a->games.size() == 1 ? setting : key.empty() ? p.def->name : p.def->name + " " + setting;
        points.push_back(std::move(p));
      }
    if (points.size() < 2)
      throw UsageError("a sweep needs two rule sets or more: several values (--option key=1,2,3) or several definitions");
    const int players = points.front().def->nplayers();
    for (const auto& p : points)
      if (p.def->nplayers() != players)
        throw UsageError(fmt::format("every rule set must have as many players: {} has {}, {} has {}", points.front().label,
                                     players, p.label, p.def->nplayers()));
    if (!agents_opt->count()) say_random_default(players);
    auto agents = parse_agent_list(agents_opt->count() ? a->agents : random_seats(players));
    lab::SimulationConfig base{points.front().def, agents, a->games_each, a->seed, a->max_plies, threads_or_cores(a->threads)};
    base.opening_plies = opening_plies(a->openings, *base.def, agents);
    fmt::print("{}", openings_said(a->openings, base.opening_plies));
    const std::string out = a->out.empty() ? "sweep-" + points.front().def->name + (key.empty() ? "" : "-" + key) : a->out;
    check_sweep_folder(out);
    std::vector<lab::RunInfo> runs;
    for (size_t i = 0; i < points.size(); ++i) {
      lab::SimulationConfig c = base;
      c.def = points[i].def;
      lab::check_agents(c);
      runs.push_back(lab::run_info(points[i].game, points[i].options, c));
      lab::check_results_folder(fmt::format("{}/{:02}", out, i + 1), runs.back(), a->force);
    }
    const lab::SweepResult r = lab::run_sweep(points, base, key, run_games);
    fmt::print("{}", lab::sweep_text(r, base));
    for (size_t i = 0; i < points.size(); ++i)
      lab::write_results(fmt::format("{}/{:02}", out, i + 1), r.games[i], r.summaries[i], *points[i].def, runs[i], a->force);
    write_text_file(out + "/sweep.json", lab::to_json(r, base).dump(2) + "\n");
    write_text_file(out + "/report.html", lab::sweep_html(r, base, out));
    fmt::print("\nWrote {0}/sweep.json, {0}/report.html, and each rule set's results in {0}/01 to {0}/{1:02}\n", out,
               points.size());
    return kExitOk;
  };
}

}  // namespace boardlab::cli
