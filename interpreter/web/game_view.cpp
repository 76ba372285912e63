// Game views (game_view.h).
#include "web/game_view.h"

#include <algorithm>

#include "state/track_sides.h"
#include "session/viewpoint.h"
#include "state/move_route.h"

namespace boardlab {

using nlohmann::json;

namespace {

const char* kind_name(BoardKind k) {
  switch (k) {
    case BoardKind::Grid: return "grid";
    case BoardKind::Lattice: return "lattice";
    case BoardKind::Track: return "track";
    case BoardKind::Hex: return "hex";
  }
  return "?";
}

const char* type_name(OptionDef::Type t) {
  switch (t) {
    case OptionDef::Type::Int: return "int";
    case OptionDef::Type::Bool: return "bool";
    case OptionDef::Type::String: return "string";
  }
  return "?";
}

}  // namespace

json definition_view(const GameDef& def) {
  const Board& b = def.board;
  json cells = json::array();
  for (int c = 0; c < b.ncells; ++c)
    cells.push_back({{"name", b.cell_names[static_cast<size_t>(c)]},
                     {"x", b.x[static_cast<size_t>(c)]},
                     {"y", b.y[static_cast<size_t>(c)]},
                     {"playable", b.playable[static_cast<size_t>(c)] != 0}});
  json lines = json::array();
  if (b.kind == BoardKind::Lattice)
    for (int c = 0; c < b.ncells; ++c)
      for (int d = 0; d < b.ndirs(); ++d)
        if (const int n = b.max_ray >= 1 ? b.ray(c, d, 1) : kNoCell; n > c) lines.push_back({c, n});
  json players = json::array();
  for (int p = 0; p < def.nplayers(); ++p) {
    json numbers = nullptr;  // on a track: the point number of each cell for this player
    if (b.kind == BoardKind::Track && def.players[static_cast<size_t>(p)].forward >= 0) {
      std::vector<int> of(static_cast<size_t>(b.ncells), 0);
      for (int k = 1; k <= b.ncells; ++k) of[static_cast<size_t>(track_cell(def, p, k))] = k;
      numbers = of;
    }
    players.push_back({{"name", def.players[static_cast<size_t>(p)].name},
                       {"colour", def.players[static_cast<size_t>(p)].colour},
                       {"top", sits_at_top(def, p)},
                       {"moves", how_player_moves(def, p)},
                       {"numbers", numbers}});
  }
  json kinds = json::array();
  for (const auto& k : def.kinds) {
    json glyphs = json::array();
    for (char g : k.glyphs) glyphs.push_back(std::string(1, g));
    kinds.push_back({{"name", k.name}, {"glyphs", glyphs}});
  }
  json codes = json::array({nullptr});  // code 0 is no piece
  for (int code = 1; code < def.ncodes; ++code)
    codes.push_back({{"kind", def.kind_of[static_cast<size_t>(code)]},
                     {"owner", def.owner_of[static_cast<size_t>(code)]},
                     {"glyph", std::string(1, def.glyph_of[static_cast<size_t>(code)])}});
  json options = json::array();
  for (const auto& o : def.options)
    options.push_back({{"name", o.name}, {"type", type_name(o.type)}, {"value", o.value}, {"values", o.values}, {"doc", o.doc}});
  return {{"name", def.name},
          {"title", def.title},
          {"description", def.description},
          {"rules", def.rules_text},
          {"players", players},
          {"board", {{"kind", kind_name(b.kind)}, {"width", b.width}, {"height", b.height}, {"cells", cells}, {"lines", lines}}},
          {"kinds", kinds},
          {"codes", codes},
          {"reserves", def.reserve_slots},
          {"bar", def.bar_slot},
          {"off", def.off_slot},
          {"dice", def.dice.count},
          {"doubles", def.dice.doubles},
          {"options", options}};
}

json position_view(const State& s) {
  const GameDef& def = s.def();
  json cells = json::array();
  for (int c = 0; c < def.board.ncells; ++c) {
    json stack = json::array();
    for (int l = 0; l < s.height(c); ++l) stack.push_back(s.piece(c, l));
    cells.push_back(std::move(stack));
  }
  json reserves = json::array();
  for (int slot = 0; slot < static_cast<int>(def.reserve_slots.size()); ++slot) {
    json counts = json::object();
    for (int code = 1; code < def.ncodes; ++code)
      if (const int n = s.reserve(slot, code)) counts[std::to_string(code)] = def.is_unlimited(slot, code) ? -1 : n;  // -1: unlimited
    reserves.push_back(std::move(counts));
  }
  // On a track where players move forward: each player's pip count (the terminal's figure).
  json pips = nullptr;
  if (def.board.kind == BoardKind::Track &&
      std::all_of(def.players.begin(), def.players.end(), [](const auto& p) { return p.forward >= 0; })) {
    pips = json::array();
    for (int p = 0; p < def.nplayers(); ++p) pips.push_back(pip_count(s, p));
  }
  const Outcome& o = s.outcome();
  return {{"side", s.side()},
          {"ply", s.ply()},
          {"cells", cells},
          {"reserves", reserves},
          {"dice", s.awaiting_roll() ? std::vector<int>{} : s.rolled()},
          {"pips", pips},
          {"over", o.over()},
          {"winner", o.kind == Outcome::Kind::Win ? o.winner : -1}};
}

json legal_view(const State& s, const MoveList& legal, const std::vector<std::string>& texts) {
  json out = json::array();
  for (int i = 0; i < legal.size(); ++i) {
    json legs = json::array();
    for (const MoveLeg& leg : move_legs(s, legal[i])) {
      json stops = json::array();
      for (int l : leg.stops) stops.push_back(location_name(s.def(), l));
      legs.push_back({{"stops", stops}, {"count", leg.count}});
    }
    out.push_back({{"text", texts[static_cast<size_t>(i)]}, {"legs", legs}});
  }
  return out;
}

}  // namespace boardlab
