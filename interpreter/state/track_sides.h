// Track sides: a position on a track board as one array of counts per player, each in that
// player's own numbering: [bar, points 1..n, borne off]. The format external move oracles
// and agent protocols use; generic over any track game with one kind of piece.
#pragma once
#include <vector>

#include "state/state.h"

namespace boardlab {

using TrackSides = std::vector<std::vector<int>>;  // [player][0 .. points + 1]

// A player's point k (1..points) as a cell: the cell from which k steps forward leave the
// track. Throws std::invalid_argument if the board is not a track or the player has no
// forward direction.
int track_cell(const GameDef& def, int player, int point);

// Whether a game's positions can be given as track sides: a track with a bar and a tray,
// and one kind of piece (not a game where a hit piece is pinned in place, with no bar).
bool has_track_sides(const GameDef& def);
TrackSides track_sides(const State& s);
// The pip count of a race game: the steps `player` needs to bear every piece off, each of
// its pieces on its point k counting k (wherever it lies in a stack), each on the bar
// points + 1. Needs a track and the player's forward direction (std::invalid_argument).
int pip_count(const State& s, int player);
// A fresh state holding `sides`, with `to_move` to play `dice` (empty: waiting for a roll).
// Throws std::invalid_argument when the counts do not fit the game.
State state_from_track_sides(const GameDef& def, const TrackSides& sides, int to_move, const std::vector<int>& dice);

}  // namespace boardlab
