// JSON for the lab's games, runs and summaries.
#include "lab/results_json.h"

#include <nlohmann/json.hpp>

#include <stdexcept>

#include "core/contract.h"
#include "core/json_text.h"

namespace boardlab::lab {

using nlohmann::json;

namespace {
json rate_json(const Rate& r) {
  const auto ci = r.interval95();
  return {{"count", r.hits}, {"games", r.n}, {"rate", r.value()}, {"ci95", {ci.low, ci.high}}};
}
json spread_json(const Spread& s) {
  return {{"mean", s.mean}, {"ci95", {s.mean95.low, s.mean95.high}}, {"sd", s.sd}, {"min", s.min},
          {"q1", s.q1}, {"median", s.median}, {"q3", s.q3}, {"max", s.max}, {"n", s.n}};
}
json thinking_json(const std::vector<Thinking>& thinking) {
  json out = json::array();
  for (const Thinking& t : thinking) out.push_back({{"moves", t.moves}, {"seconds", t.seconds}, {"longest", t.longest}});
  return out;
}
}  // namespace

json to_json(const GameStats& g, const GameDef& def) {
  json events = json::object();
  for (size_t e = 0; e < g.events.size() && e < def.events.size(); ++e) events[def.events[e].name] = g.events[e];
  json out = {{"index", g.index},
              {"seed", g.seed},
              {"first_agent_seat", g.first_seat},
              {"starter", g.starter >= 0 ? json(def.players[static_cast<size_t>(g.starter)].name) : json(nullptr)},
              {"winner", g.winner >= 0 ? json(def.players[static_cast<size_t>(g.winner)].name) : json(nullptr)},
              {"capped", g.capped},
              {"result", g.result},
              {"plies", g.plies},
              {"branching", g.branching},
              {"branching_sides", g.branching_sides},
              {"events", events},
              {"seconds", g.seconds},
              {"moves", g.moves}};
  if (def.dice.count) out["dice"] = g.dice;
  // Measured, like seconds: what a resumed run's time per move is added up from.
  out["thinking"] = thinking_json(g.thinking);
  return out;
}

GameStats game_from_json(const json& j, const GameDef& def) {
  GameStats g;
  // Every number through one bounded reader (a file anyone may edit: 1e300 or 2^70 read
  // into an int was undefined behaviour).
  g.index = json_integer(j, "index", 0, kMaxSeriesGames - 1);
  g.seed = j.at("seed").get<uint64_t>();
  g.first_seat = static_cast<int>(json_integer(j, "first_agent_seat", 0, def.nplayers() - 1));
  g.starter = j.at("starter").is_null() ? -1 : def.player_index(j.at("starter").get<std::string>());
  g.winner = j.at("winner").is_null() ? -1 : def.player_index(j.at("winner").get<std::string>());
  g.capped = j.at("capped").get<bool>();
  g.result = j.at("result").get<std::string>();
  g.plies = static_cast<int>(json_integer(j, "plies", 0, 2LL * kMaxSeriesPlies));
  g.branching = json_integers(j, "branching", 0, kMaxMoves, static_cast<size_t>(g.plies));
  // Read back from a file anyone may edit: values the summary and the plots rely on.
  auto require = [](bool ok, const char* what) {
    if (!ok) throw std::invalid_argument(what);
  };
  g.branching_sides = j.value("branching_sides", std::string());
  require(g.branching_sides.empty() || g.branching_sides.size() == g.branching.size(),
          "branching_sides must name a seat per branching entry");
  for (char c : g.branching_sides) require(c >= '0' && c < '0' + def.nplayers(), "branching_sides names a seat the game has not");
  require(!j.at("winner").is_string() || g.winner >= 0, "winner is not a player of this game");
  require(!j.at("starter").is_string() || g.starter >= 0, "starter is not a player of this game");
  for (const auto& e : def.events) g.events.push_back(json_integer_or(j.at("events"), e.name.c_str(), 0, 0, g.plies));
  g.seconds = j.at("seconds").get<double>();
  // Files written before games carried their moves have none: their games still count.
  g.moves = json_integers(j, "moves", 0, kMaxMoves - 1, static_cast<size_t>(g.plies));
  g.dice = j.value("dice", std::vector<std::string>{});
  require(g.moves.empty() || static_cast<int>(g.moves.size()) == g.plies, "moves must hold one entry per ply");
  require(g.dice.size() == (def.dice.count ? g.moves.size() : 0), "dice must hold one roll per move, in a game with dice");
  // Files written before games carried their agents' time have none.
  for (const json& t : j.value("thinking", json::array())) {
    Thinking k{json_integer(t, "moves", 0, g.plies), t.at("seconds").get<double>(), t.at("longest").get<double>()};
    require(k.seconds >= 0 && k.longest >= 0 && k.longest <= k.seconds, "thinking's times must be from 0, the longest within the sum");
    g.thinking.push_back(k);
  }
  require(g.thinking.empty() || static_cast<int>(g.thinking.size()) == def.nplayers(), "thinking must hold an entry per agent");
  return g;
}

json to_json(const RunInfo& r) {
  return {{"game", r.game},       {"options", r.options},     {"definition_hash", r.definition_hash},
          {"agents", r.agents},   {"seed", r.seed},           {"games", r.games},
          {"max_plies", r.max_plies}, {"opening_plies", r.opening_plies}, {"shards", r.shards},
          {"shard_count", r.shard_count}};
}

RunInfo run_from_json(const json& j) {
  RunInfo r;
  r.game = j.at("game").get<std::string>();
  r.options = j.at("options").get<std::vector<std::string>>();
  r.definition_hash = j.at("definition_hash").get<std::string>();
  r.agents = j.at("agents").get<std::vector<std::string>>();
  r.seed = j.at("seed").get<uint64_t>();
  r.games = json_integer(j, "games", 1, kMaxSeriesGames);
  r.max_plies = static_cast<int>(json_integer(j, "max_plies", 0, kMaxSeriesPlies));
  r.opening_plies = static_cast<int>(json_integer_or(j, "opening_plies", 0, 0, kMaxSeriesPlies));  // absent before runs could open randomly
  r.shard_count = static_cast<int>(json_integer(j, "shard_count", 1, kMaxSeriesGames));
  r.shards = json_integers(j, "shards", 1, r.shard_count, static_cast<size_t>(r.shard_count));
  if (r.agents.empty() || r.agents.size() > kMaxPlayers) throw std::invalid_argument("agents must list an agent per player");
  return r;
}

json to_json(const Summary& s, const GameDef& def) {
  json seats = json::array();
  for (size_t p = 0; p < s.seat_wins.size(); ++p) {
    json w = rate_json(s.seat_wins[p]);
    w["player"] = def.players[p].name;
    seats.push_back(w);
  }
  json events = json::object();
  for (size_t e = 0; e < s.events.size(); ++e) events[s.event_names[e]] = spread_json(s.events[e]);
  return {{"games", s.games},
          {"distinct_games", s.variety.distinct},
          {"wins_by_seat", seats},
          {"first_mover_wins", rate_json(s.starter_wins)},
          {"draws", rate_json(s.draws)},
          {"capped", rate_json(s.capped)},
          {"first_agent_wins", rate_json(s.first_agent_wins)},
          {"first_agent_score", spread_json(s.first_agent_score)},
          {"length", spread_json(s.length)},
          {"branching", spread_json(s.branching)},
          {"events_per_game", events},
          {"seconds_per_game", spread_json(s.seconds)},
          {"thinking_by_agent", thinking_json(s.thinking)},
          {"results", s.results},
          {"branching_by_ply", s.branching_by_ply},
          {"branching_by_turn", s.branching_by_turn}};
}

}  // namespace boardlab::lab
