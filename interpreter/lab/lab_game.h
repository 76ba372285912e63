// A game of a lab folder (simulate, compare, sweep) as a game record, so that `boardlab
// replay DIR --game N` shows and checks it like a game a person played.
#pragma once
#include "lab/runs.h"
#include "session/game_record.h"

namespace boardlab {

// The record of `g`, a game of `run`, played again by `rules` from its moves' numbers and
// rolls: each move written in the game's notation, the seats' agents as players. Throws
// std::invalid_argument where a number or a roll does not fit the position (a folder
// written under another definition, or edited).
Record lab_game_record(const Rules& rules, const lab::RunInfo& run, const lab::GameStats& g);

// Game `index` of the simulate folder `dir`, read by `def`. Throws std::invalid_argument
// when the folder has no such game (saying which it has) or does not read.
lab::GameStats find_lab_game(const std::string& dir, const GameDef& def, long index);

}  // namespace boardlab
