// A game of a lab folder (simulate, compare, sweep) as a game record, so that `boardlab
// replay DIR --game N` shows and checks it like a game a person played.
#pragma once
#include <memory>

#include "lab/runs.h"
#include "session/game_record.h"

namespace boardlab {

// The record of `g`, a game of `run`, played again by `rules` from its moves' numbers and
// rolls: each move written in the game's notation, the seats' agents as players. Throws
// std::invalid_argument where a number or a roll does not fit the position (a folder
// written under another definition, or edited).
Record lab_game_record(const Rules& rules, const lab::RunInfo& run, const lab::GameStats& g);

// A game to replay: a record file, or game `index` (>= 0) of a lab folder, with the rules it
// is read by: `definition` (a bundled name or a file) when given, else the game the record or
// folder names (a bundled game). Throws std::invalid_argument: a file that does not read, an
// index without a folder or a folder without one, a folder made under other rules (its moves
// are numbers in another definition's move lists).
struct RecordToReplay {
  Record record;
  std::unique_ptr<ThreadRules> rules;
};
RecordToReplay open_record(const std::string& path, long index, const std::string& definition = "");

// A folder of a series' records (`match --records DIR`): missing, empty, or holding records
// only (0001.txt, ...). Throws std::invalid_argument ("DIR: ...") for anything else.
void check_records_folder(const std::string& dir);
// Each game of a series between `agents` as a record in `dir`, 0001.txt ..., numbered by
// the game's index from 1.
void save_records(const std::string& dir, const Rules& rules, const std::vector<std::string>& options,
                  const std::vector<std::string>& agents, const std::vector<lab::GameStats>& games);

// Game `index` of the simulate folder `dir`, read by `def`. Throws std::invalid_argument
// when the folder has no such game (saying which it has) or does not read.
lab::GameStats find_lab_game(const std::string& dir, const GameDef& def, long index);

}  // namespace boardlab
