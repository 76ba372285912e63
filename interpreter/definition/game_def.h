// GameDef: a game's definition loaded from YAML, validated, with names resolved to ids and
// tables precomputed. Immutable after load and shared between threads.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "board/board.h"
#include "board/lines.h"
#include "core/contract.h"
#include "definition/move_block.h"
#include "definition/schema.h"

namespace boardlab {

struct PlayerDef {
  std::string name;
  int forward = -1;  // a direction id, or -1 when the game does not say
  std::string colour;  // for pictures of the board: a CSS colour name or #rrggbb, or ""
};

struct PieceKind {
  std::string name;
  int rank = 0;
  std::vector<char> glyphs;  // one per player
};

enum class NoMovePolicy : uint8_t { Lose, Pass, Draw };
enum class RepetitionKey : uint8_t { Board, BoardAndSide };

struct OptionDef {
  enum class Type : uint8_t { Int, Bool, String };
  std::string name;
  Type type = Type::String;
  std::string value;  // the effective value (the default, or what a variant set)
  std::string doc;
  std::vector<std::string> values;  // the allowed values, if the definition lists them
  std::optional<long long> min, max;  // a whole-number option's range, if declared
  // Why `text` is not a value of this option (its type, its values, its range); empty if it is.
  std::string why_not(const std::string& text) const;
  // What values it takes, for people: "a whole number from 1 to 12", "true or false", "one of: a, b".
  std::string takes() const;
};

constexpr int kMaxDice = 8;
// The computer's playing levels, 1 (weakest) to kLevels (agents/agent.h).
constexpr int kLevels = 5;
constexpr int kMaxPlayers = 8;

// One outcome of a chance node: the dice as rolled, highest first, and its probability.
struct ChanceOutcome {
  std::array<uint8_t, kMaxDice> dice{};
  int8_t side = -1;  // who plays them, when a roll-off decides it (else the side to move)
  double probability = 0;
};

// Dice rolled by the turn machine before every move (a chance node), from the game's RNG.
struct DiceDef {
  int count = 0;         // 0: the game has no dice
  int sides = 6;
  int doubles = 0;       // a roll whose dice all match counts as this many dice (0: as rolled)
  bool roll_off = false; // first roll: one die each, ties re-rolled, the higher roller moves
                         // first and plays both numbers
  int played(const uint8_t* dice) const;  // how many dice a roll counts as
  // Every distinct roll (multisets of faces, highest first) with its probability, and the
  // roll-off's unequal pairs with who starts: listed once at load for every search.
  std::vector<ChanceOutcome> outcomes, opening_outcomes;
};
// The most entries a definition's precomputed tables may hold: the ray table (cells x
// directions x lengths, 2 bytes each) and the position keys (cells x max_stack x piece
// codes, 8 bytes each).
constexpr long long kMaxTableEntries = 1 << 24;
// The most pieces a hand holds, one limit for every reader and writer: a setup's stock of one
// kind, a position's count, and a game's pieces in all (setup and stocks, whichever hand
// gathers them).
constexpr int kMaxStock = 1'000'000;
// The longest game, in plies: a game still going then is a draw (Rules), and it is the
// largest ply a position text gives and the largest turn.max_plies.
constexpr int kMaxPly = 100'000'000;
// What `state.reserve` says of a hand that never runs out (setup pieces `unlimited`): a
// count no game can exhaust, which placing from it or putting back into it leaves as it is.
constexpr int kUnlimitedStock = kMaxStock;
// The most loop steps a definition may allow a hook call (limits.ticks): a few seconds.
constexpr int kMaxTicks = 500'000'000;
// The most distinct rolls a definition may have (C(sides + count - 1, count)): each search
// node of a chance node lists them.
constexpr long kMaxRolls = 100'000;

// A named result a script's result hook may give as detail ("gammon"), with its score. With
// `reach`, the runtime gives it itself: after every move, a player with a piece on top of a
// stack on one of its cells wins.
constexpr int kMaxConnectSets = 8;  // a byte of set bits per cell (ResultDef::connect)

struct ResultDef {
  std::string name, doc;
  int score = 1;
  // [player * cell_words() + c / 64] bit c % 64: the player's cells; empty without reach
  std::vector<uint64_t> reach;
  // With `line`, the runtime gives it itself too: after every move, a player with this many
  // of its pieces in a row (board/lines.h, every direction) wins. 0: no such rule.
  int line = 0;
  // With `connect`, likewise: a group of a player's pieces on top (cells joined by one step
  // along any direction) touching every one of the player's sets wins. [player * ncells +
  // cell]: bit i when the cell is in the player's set i; empty without connect.
  std::vector<uint8_t> connect;
  std::vector<uint8_t> connect_need;                // [player]: all its sets' bits; 0: none
  std::vector<std::vector<int16_t>> connect_first;  // [player]: the cells of its set 0
  // The same sets as bit sets, [(player * kMaxConnectSets + set) * cell_words() + w], and the
  // board's step shifts, for the word-parallel flood (board/lines.h) when shifts.words > 0.
  std::vector<uint64_t> connect_bits;
  StepShifts shifts;
};

// A named event a move may carry in its flags (event_flag(index), core/contract.h), counted
// by simulate.
struct EventDef {
  std::string name, doc;
};

struct SetupEntry {
  int cell;
  std::vector<uint8_t> stack;  // piece codes, bottom to top
};
// A reserve stocked at the start (pieces in hand).
struct ReserveStock {
  int slot;
  uint8_t code;
  int32_t count;
};

struct GameDef {
  std::string name, title, description, rules_text;
  std::string source_file;  // the YAML the user named
  // The names of the definitions this one extends, nearest first: weights trained for one of
  // them may be named here (`weights:`) when the input layout is the same.
  std::vector<std::string> extended_names;
  int api = kFirstApi;      // the authoring API the definition and its script were written for
  SourcePos api_pos;        // where `api` is given (the definition's start when it is not)
  std::string script_file;  // resolved path of the Lua script
  std::string script_display;  // the script's path as error messages show it
  // What the rules are (definition_hash.h): records, lab folders and weights files carry it.
  std::string content_hash;
  // The hash of the files' bytes that files made before the rules hash carry.
  std::string file_hash;
  // Whether a file carrying `hash` was made under these rules (either hash).
  bool same_rules(const std::string& hash) const { return hash == content_hash || hash == file_hash; }

  std::vector<PlayerDef> players;
  Board board;
  std::vector<PieceKind> kinds;
  std::vector<std::string> reserve_slots;

  // Piece codes: 0 is empty; code = 1 + kind * nplayers + owner.
  int ncodes = 1;
  std::vector<uint8_t> owner_of, kind_of;
  std::vector<char> glyph_of;
  int stack_cap = 1;  // the most pieces one cell can hold
  int total_pieces = 0;  // counted from the setup before the board exists: at least its pieces
  // The pieces the setup places and stocks, exactly. No move adds a piece (the invariants
  // hold every game to it), so a position holding more cannot be reached; -1 when nothing
  // bounds them (no setup, or a hand that never runs out).
  int setup_pieces = -1;

  std::vector<SetupEntry> setup;
  std::vector<ReserveStock> stock;
  std::vector<uint8_t> unlimited;  // [slot * ncodes + code]: 1 for a hand that never runs out; empty if none
  bool is_unlimited(int slot, int code) const {
    return !unlimited.empty() && unlimited[static_cast<size_t>(slot) * ncodes + code];
  }
  int first_player = 0;
  NoMovePolicy no_moves = NoMovePolicy::Lose;
  int max_plies = 0;  // 0: no cap but kMaxPly
  int ply_cap() const { return max_plies ? max_plies : kMaxPly; }
  int no_progress_plies = 0;  // 0: no such rule
  bool lose_without_pieces = false;
  bool lose_without_stacks = false;  // a player who owns no stack (no top piece) loses
  int repetition_count = 0;  // 0: no repetition rule
  RepetitionKey repetition_key = RepetitionKey::Board;
  std::vector<OptionDef> options;
  DiceDef dice;
  std::vector<ResultDef> results;  // detail d of an Outcome is results[d - 1]
  std::vector<EventDef> events;    // event e is Move::flags bit event_flag(e)
  // The moves declared in the definition (`moves:`): a registered block (move_block.h) and
  // its name, or null; then the script is optional and may not define generate.
  DeclaredBlockPtr declared;
  std::string declared_block;
  int bar_slot = -1, off_slot = -1;  // a track's bar and borne-off reserves, or -1
  // The agent spec of each playing level (1..kLevels) the definition names, "" where it
  // names none (the agents' default ladder), and where it does.
  std::array<std::string, kLevels> levels;
  std::array<SourcePos, kLevels> level_pos;
  // The weights files the definition itself names (`weights:`, never inherited; more than one
  // is an ensemble, judged by the mean of their values), or none.
  std::vector<std::string> weights_files;
  SourcePos weights_pos;

  // What `boardlab check` warns about: legal, but likely not what the author meant.
  std::vector<Diagnostic> warnings;

  int32_t tick_limit = 50'000'000;   // loop steps a script may take in one hook call (at most kMaxTicks)
  int64_t memory_limit = 256 << 20;  // bytes the Lua state may hold

  // Zobrist keys.
  std::vector<uint64_t> z_piece;    // [(cell * stack_cap + level) * ncodes + code]
  std::vector<uint64_t> z_side;     // [player]
  std::vector<uint64_t> z_reserve;  // [slot * ncodes + code], mixed with the count (State)

  int nplayers() const { return static_cast<int>(players.size()); }
  // Who plays after `player`: the players take turns in the order the definition lists them.
  int next_player(int player) const { return player + 1 == nplayers() ? 0 : player + 1; }
  // The 64-bit words of a set of cells (a State's owned cells, a result's reach).
  int cell_words() const { return (board.ncells + 63) / 64; }
  int code(int kind, int owner) const { return 1 + kind * nplayers() + owner; }
  int code_of_glyph(char g) const;  // -1 if none
  int player_index(const std::string& name) const;
  const OptionDef* option(const std::string& name) const;
};

using GameDefPtr = std::shared_ptr<const GameDef>;

// Loads a definition (following `extends:`). Throws DefinitionError with every problem found.
// `overrides` are option values set from outside (name=value), applied last.
GameDefPtr load_game_def(const std::string& path,
                         const std::vector<std::pair<std::string, std::string>>& overrides = {});

// The schema of a definition file (also the source of its reference documentation).
const Schema& definition_schema();

}  // namespace boardlab
