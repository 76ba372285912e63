// Position text: a game-independent, one-line description of a position.
//
//   <side> [ply:<n>] [dice:<d1>,<d2>...] [<cell>=<glyphs>]... [<reserve>:<glyph>=<count>]...
//
// `ply:12` says how many moves were played before it (0 when left out): `state.ply()` in a
// script, the ply cap and a rule for the first turns (an opening rule, a swap) read it, so a
// position read from text is the same position of the same game. In a game with dice,
// `dice:6,5` gives the roll to play (as rolled: a double once per die);
// without it the position waits for a roll; `dice:roll-off` waits for the opening roll-off.
// <side> is the name of the player to move; each stack is listed bottom to top by piece
// glyphs; empty cells and empty reserves are left out. Example (two rows of 2-stacks):
//   red a1=bb b1=bb c1=bb d1=bb e1=bb f1=bb a6=rr b6=rr c6=rr d6=rr e6=rr f6=rr
#pragma once
#include <stdexcept>
#include <string>

#include "state/state.h"

namespace boardlab {

class PositionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// `ply:N` (the moves played before it, when any: a rule for the first turns reads it) is
// written unless left out: positions reached by different paths (an independent generator's
// and the runtime's) compare without it.
enum class WithPly : bool { No, Yes };
std::string position_text(const State& s, WithPly ply = WithPly::Yes);
// The dice rolled, as records write them: "6-5" (a double once per die), "" before a roll.
std::string dice_text(const State& s);
// Dice as typed: "3,1", or "3-1" as records write them (one number per die). Throws
// PositionError.
std::vector<uint8_t> parse_dice(const GameDef& def, const std::string& text);
// Reads a position into a fresh state (its history starts there). Throws PositionError.
State parse_position(const GameDef& def, const std::string& text);

}  // namespace boardlab
