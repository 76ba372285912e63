// Bundled games: where the data directory is, and how a game name on the command line
// becomes a definition file.
#pragma once
#include <string>
#include <vector>

namespace boardlab {

// BOARDLAB_HOME if set, else the source tree the program was built from.
std::string data_dir();
// A path (anything with '/' or ending in .yaml) is used as is; a name is looked up in
// definitions/. Throws std::runtime_error naming the bundled games if there is none.
std::string resolve_game(const std::string& name_or_path);
// The bundled definition files, sorted by name.
std::vector<std::string> bundled_definitions();

}  // namespace boardlab
