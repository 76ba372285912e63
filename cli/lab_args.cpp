// Agents lists, running games with progress, and writing the lab's files.
#include "lab_args.h"

#include <fmt/format.h>

#include <filesystem>
#include <stdexcept>
#include <thread>

#include "common.h"
#include "core/text.h"
#include "lab_report.h"
#include "progress.h"

namespace boardlab::cli {

int threads_or_cores(int threads) {
  return threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

std::vector<AgentSpec> parse_agent_list(const std::string& text) {
  std::vector<std::string> specs;
  size_t start = 0;
  for (;;) {
    const size_t comma = text.find(',', start);
    const std::string piece = trim(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (!specs.empty() && piece.find('=') != std::string::npos && piece.find(':') == std::string::npos)
      specs.back() += "," + piece;
    else
      specs.push_back(piece);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  std::vector<AgentSpec> out;
  for (const auto& s : specs) {
    try {
      out.push_back(AgentSpec::parse(s));
    } catch (const std::invalid_argument& e) {
      throw UsageError(fmt::format("--agents: {}", e.what()));
    }
  }
  return out;
}

RunInfo run_info(const GameArgs& game, const lab::SimulationConfig& config) {
  RunInfo r;
  r.game = game.game;
  r.options = game.options;
  r.definition_hash = config.def->content_hash;
  r.agents = {config.first.str(), config.second.str()};
  r.seed = config.seed;
  r.games = config.games;
  r.max_plies = config.max_plies;
  r.shards = {config.shard + 1};
  r.shard_count = config.shards;
  return r;
}

std::vector<lab::GameStats> run_games(const lab::SimulationConfig& config, const std::string& what) {
  ProgressBar bar(what);
  try {
    return lab::simulate(config, [&](long done, long total) { bar.update(done, total); });
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

void write_results(const std::string& dir, const std::vector<lab::GameStats>& games, const lab::Summary& s,
                   const GameDef& def, const RunInfo& run) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw UsageError(fmt::format("cannot make the folder {}: {}", dir, ec.message()));
  std::string lines;
  for (const auto& g : games) lines += to_json(g, def).dump() + "\n";
  write_text_file(dir + "/games.jsonl", lines);
  nlohmann::json summary = {{"run", to_json(run)}, {"summary", to_json(s, def)}};
  write_text_file(dir + "/summary.json", summary.dump(2) + "\n");
  write_text_file(dir + "/report.html", html_report(s, games, def, run));
  fmt::print("Wrote {0}/games.jsonl (a line per game), {0}/summary.json and {0}/report.html\n", dir);
}

}  // namespace boardlab::cli
