// The agent protocol.
#include "session/agent_protocol.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <istream>
#include <ostream>

#include "core/json_text.h"
#include "state/position_text.h"
#include "state/track_sides.h"

namespace boardlab {

namespace {

using nlohmann::json;

// A whole number that fits an int, or an error naming the field.
int integer(const json& j, const char* what) {
  if (!j.is_number_integer()) throw std::invalid_argument(fmt::format("{} must be a whole number", what));
  const auto v = j.get<long long>();
  if (v < -1'000'000'000 || v > 1'000'000'000) throw std::invalid_argument(fmt::format("{} is out of range", what));
  return static_cast<int>(v);
}

std::vector<int> integers(const json& j, const char* what, size_t most) {
  if (!j.is_array() || j.size() > most)
    throw std::invalid_argument(fmt::format("{} must be a list of at most {} whole numbers", what, most));
  std::vector<int> out;
  for (const auto& v : j) out.push_back(integer(v, what));
  return out;
}

}  // namespace

AgentServer::AgentServer(GameDefPtr def, const AgentSpec& spec, uint64_t seed)
    : rules_(def), agent_(make_agent(spec, def, seed)) {}

State AgentServer::read_request(const std::string& request) const {
  json req;
  try {
    req = parse_json(request);
  } catch (const json::exception& e) {  // malformed, too deep, or a number too large (1e400)
    throw std::invalid_argument("the request is not JSON: " + json_error_text(e));
  }
  if (!req.is_object()) throw std::invalid_argument("a request is a JSON object");
  const GameDef& def = rules_.def();
  if (req.contains("position")) {
    if (!req["position"].is_string()) throw std::invalid_argument("position must be a position text");
    return parse_position(def, req["position"].get<std::string>());
  }
  if (!req.contains("sides") || !req.contains("to_move") || !req.contains("dice"))
    throw std::invalid_argument("a request gives a position, or to_move, dice and sides (a track game)");
  if (def.board.kind != BoardKind::Track) throw std::invalid_argument("sides describe a track game; give a position");
  const json& sides = req["sides"];
  if (!sides.is_array() || sides.size() != static_cast<size_t>(def.nplayers()))
    throw std::invalid_argument(fmt::format("sides must be {} lists of counts, one per player", def.nplayers()));
  TrackSides counts;
  for (const auto& side : sides) counts.push_back(integers(side, "a side's count", static_cast<size_t>(def.board.ncells) + 2));
  return state_from_track_sides(def, counts, integer(req["to_move"], "to_move"), integers(req["dice"], "dice", kMaxDice));
}

std::string AgentServer::reply(const std::string& request) {
  json out;
  try {
    State s = read_request(request);
    if (rules_.is_chance(s)) throw std::invalid_argument("the position has no dice: give the roll to play");
    rules_.legal_moves(s, moves_);
    if (moves_.empty()) throw std::invalid_argument("the game is over: " + describe(rules_.def(), rules_.outcome(s)));
    const int i = agent_->choose(rules_, s, moves_);
    const std::string text = rules_.move_texts(s, moves_)[static_cast<size_t>(i)];
    rules_.apply(s, moves_[i]);
    out = {{"move", text}, {"position", position_text(s)}};
    if (has_track_sides(rules_.def())) out["sides"] = track_sides(s);
    // What the choice cost ("depth 4 in 0.38 s, ..."): not for a forced move, which is not searched.
    if (const std::string search = agent_->last_search(); moves_.size() > 1 && !search.empty()) out["search"] = search;
  } catch (const std::exception& e) {
    out = {{"error", e.what()}};
  }
  // A request's text may be invalid UTF-8, and error messages quote it: replaced, not thrown.
  return out.dump(-1, ' ', false, json::error_handler_t::replace);
}

void AgentServer::serve(std::istream& in, std::ostream& out) {
  std::string line;
  bool too_long = false;
  for (int c; (c = in.get()) != EOF;) {
    if (c != '\n') {
      if (line.size() < kMaxRequest) line += static_cast<char>(c);
      else too_long = true;
      continue;
    }
    if (too_long)
      out << json{{"error", fmt::format("a request is at most {} bytes", kMaxRequest)}}.dump() << std::endl;
    else if (line.find_first_not_of(" \t\r") != std::string::npos)
      out << reply(line) << std::endl;
    line.clear();
    too_long = false;
  }
  if (!line.empty() && !too_long) out << reply(line) << std::endl;
}

}  // namespace boardlab
