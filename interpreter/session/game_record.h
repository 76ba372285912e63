// Game records: a plain-text file with headers and the moves in the game's notation, that
// `boardlab play` saves (atomically, and on Ctrl-C) and `boardlab replay` checks move by
// move against the rules.
//
//   [Game "my-game"]
//   [Definition "3f09c2a17be4d115"]     the definition's content hash (GameDef)
//   [Option "first_player=black"]       options set from outside, one header each
//   [Seed "12345"]
//   [Player "white" "human"]            who played each seat: human or an agent spec
//   [Date "2026-11-22T09:03:00Z"]
//   [Start "white e1=ww ..."]           only when the game did not begin at the start
//   [Roll "black" "3-2"]                only when saved between a roll and its move
//   [Result "white wins (...)"]         "*" while the game goes on
//   1. white e1-g3
//   2. black [6-5] 24/18 23/18          a game with dice: the roll, then the move
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "rules/replay.h"

namespace boardlab {

// The most moves a record holds: far beyond any game played to its end, small enough that
// replaying one (its positions kept for stepping through) stays within a few hundred MB.
constexpr size_t kMaxRecordPlies = 100000;

struct Record {
  std::string game, definition_hash, date, start, result = "*";
  std::vector<std::pair<std::string, std::string>> options;
  uint64_t seed = 0;
  std::vector<std::pair<std::string, std::string>> players;  // (player, human or agent spec)
  std::string roll_side, roll;  // the dice rolled for the move to come, and who plays them (a roll-off's winner)
  struct Ply {
    std::string side, dice, move;  // dice empty in a game without
  };
  std::vector<Ply> plies;
};

std::string format_record(const Record& r);
Record parse_record(const std::string& text);  // throws std::invalid_argument naming the line
// Writes to a temporary file beside `path` and renames it over: never a half-written record.
void save_record(const std::string& path, const Record& r);

struct Replay {
  State state;           // after the last move that replayed
  std::string error;     // empty, or where and why the record leaves the rules
  std::vector<std::string> shown;  // with a viewer: each move replayed, as that player sees it
  std::vector<Move> moves;         // each move replayed
  std::vector<State> positions;    // when kept: the start, then the position after each move
  int plies_replayed() const { return static_cast<int>(moves.size()); }
};
// Replays `r` by `rules`: each roll as recorded, each move read by the game's notation. A
// `viewer` (a player) also gets the moves written for them (Rules::notation); a viewer of the
// whole game (stepping back and forth) asks to keep every position.
Replay replay(const Rules& rules, const Record& r, int viewer = -1, bool keep_positions = false);

// The player whose side a person sees the game from: the first human seat, else the first
// player (only computers played).
int first_person(const GameDef& def, const Record& r);

// Who played each of the game's players at the record's end: "human", the agent spec (the
// last one, for a seat changed during the game: "greedy, level:3 from move 12" is level:3),
// or "" for a player the record does not name.
std::vector<std::string> recorded_seats(const GameDef& def, const Record& r);

// A record's ply as the replay reads it (a side that is no player reads as -1).
WrittenPly written_ply(const GameDef& def, const Record::Ply& p);

// The record's line for a move just chosen in `s` (before it is applied).
Record::Ply record_ply(const GameDef& def, const State& s, const std::string& move_text);

}  // namespace boardlab
