// The rule-tweak lab's files: one JSON line per game (games.jsonl), read back by `merge`,
// and the summary (summary.json) with what was run.
#pragma once
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "lab/summary.h"

namespace boardlab::lab {

// What a run was: enough to tell whether shards belong together and to reopen the game.
struct RunInfo {
  std::string game;
  std::vector<std::string> options;  // key=value
  std::string definition_hash;
  std::vector<std::string> agents;  // the two specs
  uint64_t seed = 1;
  long games = 0;  // in the whole run, all shards together
  int max_plies = 0;
  int opening_plies = 0;  // random plies opening each round (SimulationConfig::opening_plies)
  std::vector<int> shards;  // the shards these results hold
  int shard_count = 1;
};

nlohmann::json to_json(const GameStats& g, const GameDef& def);
GameStats game_from_json(const nlohmann::json& j, const GameDef& def);
nlohmann::json to_json(const RunInfo& r);
RunInfo run_from_json(const nlohmann::json& j);
nlohmann::json to_json(const Summary& s, const GameDef& def);

}  // namespace boardlab::lab
