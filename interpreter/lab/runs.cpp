// Writing a run's files, and merging shards.
#include "lab/runs.h"

#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>
#include <stdexcept>

#include "core/text.h"
#include "definition/bundled.h"
#include "lab/report.h"

namespace boardlab::lab {

RunInfo run_info(const std::string& game, const std::vector<std::string>& options, const SimulationConfig& config) {
  RunInfo r;
  r.game = game;
  r.options = options;
  r.definition_hash = config.def->content_hash;
  for (const auto& a : config.agents) r.agents.push_back(a.str());
  r.seed = config.seed;
  r.games = config.games;
  r.max_plies = config.max_plies;
  r.shards = {config.shard + 1};
  r.shard_count = config.shards;
  return r;
}

void write_results(const std::string& dir, const std::vector<GameStats>& games, const Summary& s, const GameDef& def,
                   const RunInfo& run) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw std::runtime_error(fmt::format("cannot make the folder {}: {}", dir, ec.message()));
  std::string lines;
  for (const auto& g : games) lines += to_json(g, def).dump() + "\n";
  write_text_file(dir + "/games.jsonl", lines);
  nlohmann::json summary = {{"run", to_json(run)}, {"summary", to_json(s, def)}};
  write_text_file(dir + "/summary.json", summary.dump(2) + "\n");
  write_text_file(dir + "/report.html", html_report(s, games, def, run));
}

namespace {

// Whether two folders' runs are the same run (their shards aside).
bool same_run(const RunInfo& a, const RunInfo& b) {
  return a.game == b.game && a.options == b.options && a.agents == b.agents && a.seed == b.seed && a.games == b.games &&
         a.max_plies == b.max_plies && a.shard_count == b.shard_count && a.definition_hash == b.definition_hash;
}

RunInfo read_run(const std::string& dir, const std::string& text) {
  try {
    return run_from_json(nlohmann::json::parse(text).at("run"));
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(fmt::format("{}/summary.json: {}", dir, e.what()));
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(fmt::format("{}/summary.json: {}", dir, e.what()));
  }
}

}  // namespace

MergedRun merge_runs(const std::vector<std::string>& dirs, const std::string& game) {
  MergedRun out;
  std::set<long> seen;
  bool first = true;
  for (const auto& dir : dirs) {
    auto summary = read_text_file(dir + "/summary.json");
    auto lines = read_text_file(dir + "/games.jsonl", kMaxGamesFile);
    if (!summary || !lines) throw std::invalid_argument(fmt::format("{}: no summary.json and games.jsonl (not a simulate folder?)", dir));
    const RunInfo r = read_run(dir, *summary);
    if (first) {
      first = false;
      out.run = r;
      out.run.shards.clear();
      out.def = game.empty() ? open_named_definition(r.game, r.options) : open_definition(game, r.options);
      if (static_cast<int>(r.agents.size()) != out.def->nplayers())
        throw std::invalid_argument(fmt::format("{}/summary.json: agents must list an agent per player ({} has {})", dir,
                                                out.def->name, out.def->nplayers()));
      if (out.def->content_hash != r.definition_hash)
        out.notes.push_back(fmt::format("{} was made under a different definition ({}, now {}).", dir, r.definition_hash,
                                        out.def->content_hash));
    } else if (!same_run(r, out.run)) {
      throw std::invalid_argument(fmt::format("{} is not from the same run as {} (game, options, agents, seed, games, "
                                              "max plies, shard count and definition must agree)", dir, dirs.front()));
    }
    out.run.shards.insert(out.run.shards.end(), r.shards.begin(), r.shards.end());
    size_t line_no = 0;
    std::istringstream in(*lines);
    for (std::string line; std::getline(in, line);) {
      ++line_no;
      if (trim(line).empty()) continue;
      const std::string where = fmt::format("{}/games.jsonl:{}", dir, line_no);
      GameStats g;
      try {
        g = game_from_json(nlohmann::json::parse(line), *out.def);
      } catch (const nlohmann::json::exception& e) {
        throw std::invalid_argument(fmt::format("{}: {}", where, e.what()));
      } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(fmt::format("{}: {}", where, e.what()));
      }
      if (g.index < 0 || g.index >= out.run.games)
        throw std::invalid_argument(fmt::format("{}: game {} is not one of the run's {} games", where, g.index, out.run.games));
      if (!seen.insert(g.index).second) throw std::invalid_argument(fmt::format("{}: game {} is in two shards", where, g.index));
      out.games.push_back(std::move(g));
    }
  }
  std::sort(out.games.begin(), out.games.end(), [](const auto& x, const auto& y) { return x.index < y.index; });
  std::sort(out.run.shards.begin(), out.run.shards.end());
  if (static_cast<long>(out.games.size()) < out.run.games)
    out.notes.push_back(fmt::format("{} of the run's {} games are here ({} of {} shards).", out.games.size(), out.run.games,
                                    out.run.shards.size(), out.run.shard_count));
  return out;
}

}  // namespace boardlab::lab
