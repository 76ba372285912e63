// The whole-turn search of race games in C++: every way to play a roll when two sides race
// along a track (hits to the bar or pins, entering, bearing off), the primitive behind dice_turns.race
// (scripts/lib/dice_turns.lua). It walks the same search as the library's Lua twin
// (race.generate_lua: dice_turns.new with the race's steps) in the same order, keeps the
// same turns and writes the same words. No game is known here: the track, the slots, the
// home board's size and the flags are data.
#pragma once
#include <cstdint>
#include <vector>

#include "definition/game_def.h"
#include "script/ffi_types.h"
#include "script/key_set.h"

namespace boardlab {

class RaceTurns {
 public:
  static constexpr int kMaxPoints = 250;  // a track's points; their counts are kept in bytes
  // bl_host::race_turns: writes the turns of host->state's roll for the side to move into
  // host->moves (from its current fill); returns a BL_ status. host->race_scratch is a
  // RaceTurns.
  static int32_t run(bl_host* host, const bl_board* board, const bl_race_rules* rules);

 private:
  struct Search;
  struct Step {
    int16_t from, to;  // points; the bar is npoints + 1, off is 0 or less
    uint8_t die;
    bool hit;
  };
  struct Turn {
    Step steps[kMaxDice];
    int n;
  };
  std::vector<Turn> turns_;       // the turns found, one per position they end in (seen_)
  KeySet<uint8_t> seen_;          // those positions, numbered as turns_
  std::vector<Step> buf_;         // the steps listed at every level of the search
};

}  // namespace boardlab
