// Game views: a definition and a position as JSON, for a front end that draws the board from
// its topology alone (docs/serve.md describes the fields). Nothing here knows a game.
#pragma once
#include <nlohmann/json.hpp>

#include "rules/rules.h"

namespace boardlab {

// What does not change during a game: names, the board's cells and lines, the pieces, the
// reserves, the dice, the options, each player's numbering of a track.
nlohmann::json definition_view(const GameDef& def);

// The pieces on every cell (bottom to top, as piece codes), the reserves, the side to move,
// the dice and the result.
nlohmann::json position_view(const State& s);

// The legal moves of `s` for a person: each with its text (`texts`, in the viewer's
// notation) and its legs as location names (move_route.h).
nlohmann::json legal_view(const State& s, const MoveList& legal, const std::vector<std::string>& texts);

}  // namespace boardlab
