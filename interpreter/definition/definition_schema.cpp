// The schema of a game definition: every top-level key, each declared with its own keys in
// the file that reads it (sections.h), in the order the reference lists them.
#include "definition/game_def.h"
#include "definition/sections.h"

namespace boardlab {

const Schema& definition_schema() {
  static const SchemaPtr root = schema::structure({
      name_key(), title_key(), description_key(), rules_key(), extends_key(), api_key(), script_key(), moves_key(),
      players_key(), board_key(), pieces_key(), reserves_key(), setup_key(), turn_key(), repetition_key(), dice_key(),
      results_key(), events_key(), options_key(), limits_key(), levels_key(), weights_key(),
  });
  return *root;
}

}  // namespace boardlab
