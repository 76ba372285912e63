// The sections of a definition: each top-level key, its schema and its reader, in one file
// of this folder per subject (read_*.cpp). A key is declared once, as a Field, and read
// through that Field; definition_schema.cpp puts the keys together into the schema the
// loader checks, `check` reports against and the reference documents. The loader
// (game_def.cpp) reads the sections in the order their data depend on.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "definition/definition_reader.h"
#include "definition/schema.h"

namespace boardlab {

// read_about.cpp: what the definition is and the files it names.
const Field& name_key();
const Field& title_key();
const Field& description_key();
const Field& rules_key();
const Field& extends_key();
const Field& api_key();
const Field& script_key();
const Field& weights_key();
const Field& levels_key();
const Field& limits_key();
void read_about(DefinitionReader& r);  // name, title, description, rules
void read_limits(DefinitionReader& r);
void read_levels(DefinitionReader& r);
void read_weights(DefinitionReader& r);
void read_script(DefinitionReader& r);
void read_api(DefinitionReader& r);

// read_options.cpp: the settings a variant or the command line may change.
const Field& options_key();
void read_options(DefinitionReader& r, const std::vector<std::pair<std::string, std::string>>& overrides);
// "unknown option 'x' (did you mean 'y'?); its options: ...", wherever an option is named.
std::string unknown_option(const std::string& name, const std::vector<std::string>& known);
// A variant may set an option to a plain value: that replaces the base option's default.
YPtr apply_option_values(const YPtr& base_options, const YPtr& over_options, Diagnostics& diags);

// read_pieces.cpp: who plays, with what, and the events their moves may carry.
const Field& players_key();
const Field& pieces_key();
const Field& reserves_key();
const Field& events_key();
void read_players(DefinitionReader& r);
void read_forward(DefinitionReader& r);  // each player's forward direction, once the board is made
void read_pieces(DefinitionReader& r);
void read_reserves(DefinitionReader& r);
void read_events(DefinitionReader& r);

// read_board.cpp: the board, made by its registered kind (board_kind.h).
const Field& board_key();
void read_board(DefinitionReader& r);
void link_board(DefinitionReader& r);  // once the reserves are read: the kind's names of them

// read_setup.cpp: the starting position.
const Field& setup_key();
void read_setup(DefinitionReader& r);
// The pieces the setup places and stocks, counted before the board exists (the tallest stack
// the board must hold): a range counts as its whole rectangle, which may overcount.
long long setup_piece_count(DefinitionReader& r);

// read_turn.cpp: the turn machine, the repetition draw and the dice.
const Field& turn_key();
const Field& repetition_key();
const Field& dice_key();
void read_turn(DefinitionReader& r);  // turn and repetition
void read_dice(DefinitionReader& r);

// read_results.cpp: named results, and those the runtime gives itself.
const Field& results_key();
void read_results(DefinitionReader& r);

// read_moves.cpp: the moves as one registered building block (move_block.h).
const Field& moves_key();
void read_moves(DefinitionReader& r);
void check_moves_api(DefinitionReader& r);  // once the api is read: `moves` is API 2's

}  // namespace boardlab
