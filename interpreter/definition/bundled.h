// Bundled games: where the data directory is, and how a game name on the command line
// becomes a definition file.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "definition/game_def.h"

namespace boardlab {

// The folder of boardlab's data (definitions/, scripts/): BOARDLAB_HOME if set; else
// share/boardlab beside the program's bin/ folder (an install, wherever it was moved); else,
// for a program inside its build tree, the source tree it was built from. Throws
// std::runtime_error saying where it looked when none holds the data.
std::string data_dir();
// For boardlab as a library loaded into another program (the Python module): the folder of
// its code and where the data lies from there, in place of the program's folder and
// bin/'s. Call before anything opens a game.
void set_code_location(const std::string& dir, const std::string& relative_data_dir);
// The user's game folders, searched for a game by name after the bundled ones: each folder
// of BOARDLAB_PATH (colon-separated), then $XDG_DATA_HOME/boardlab/games or
// ~/.local/share/boardlab/games.
std::vector<std::string> game_folders();
// The definitions in the user's game folders, folder by folder, a name bundled or met before
// left out (the first of a name is the one a name opens).
std::vector<std::string> user_definitions();
// A path (anything with '/' or ending in .yaml) is used as is; a name is looked up in
// definitions/, then in the user's game folders. Throws std::invalid_argument naming the bundled games if there is none.
std::string resolve_game(const std::string& name_or_path);
// A game as a command line or a file names it: a bundled name or a path, and option
// settings "key=value" applied last. Throws std::invalid_argument for an unknown game or a
// malformed setting, DefinitionError for a bad definition (an unknown option among them).
GameDefPtr open_definition(const std::string& name_or_path, const std::vector<std::string>& options = {});
// A game as a file from elsewhere names it (a record's [Game], a run's summary.json): only a
// bundled game is opened. A path there is refused with std::invalid_argument, so that a
// stranger's file cannot make boardlab open other files; the user names the definition on
// the command line instead (`replay --definition FILE`, `merge --definition FILE`).
GameDefPtr open_named_definition(const std::string& name, const std::vector<std::string>& options = {});
// The bundled definition files, sorted by name (their rule test files left out).
std::vector<std::string> bundled_definitions();
// Whether a file is a definition's rule test file (`NAME.test.yaml` beside `NAME.yaml`,
// rules/rule_tests.h) rather than a definition.
inline constexpr std::string_view kRuleTestSuffix = ".test.yaml";
bool is_rule_test_file(const std::string& path);

}  // namespace boardlab
