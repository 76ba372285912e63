// Viewpoint: where a player sits at the board, for front ends that draw it from one
// person's side (their pieces at the bottom) and tell them how they move. Generic: read from
// the definition's forward directions, or else from where the player's pieces start.
#pragma once
#include <string>

#include "definition/game_def.h"

namespace boardlab {

// Whether `player` sits at the top of the board as drawn with rank 1 at the bottom: its
// forward direction points down the board, or, with none, its pieces start in the upper
// half. A front end turns the board round for such a player. Always false on a track (each
// player has a numbering of its own instead).
bool sits_at_top(const GameDef& def, int player);

// How `player` moves, seen from their own side of the board: "moves up the board",
// "moves from point 24 down to 1, then off", "starts at the bottom".
std::string how_player_moves(const GameDef& def, int player);

}  // namespace boardlab
