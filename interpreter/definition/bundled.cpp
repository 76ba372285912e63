// Bundled games: locating definitions by name.
#include "definition/bundled.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <stdexcept>

#include "core/text.h"

namespace boardlab {

namespace fs = std::filesystem;

std::string data_dir() {
  if (const char* home = std::getenv("BOARDLAB_HOME"); home && *home) return home;
  return BOARDLAB_DATA_DIR;
}

std::vector<std::string> bundled_definitions() {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(data_dir() + "/definitions", ec))
    if (e.path().extension() == ".yaml" && !is_rule_test_file(e.path().string())) out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

bool is_rule_test_file(const std::string& path) { return path.ends_with(kRuleTestSuffix); }

std::string resolve_game(const std::string& arg) {
  std::error_code ec;  // a name too long for the file system is "no such file", not an exception
  if (arg.find('/') != std::string::npos || arg.ends_with(".yaml")) {
    if (!fs::exists(arg, ec)) throw std::invalid_argument(fmt::format("no such file: {}", escape_control(arg)));
    return arg;
  }
  // A name is one of the bundled games' (the files are not probed with whatever text came).
  std::vector<std::string> names;
  for (const auto& p : bundled_definitions()) {
    names.push_back(fs::path(p).stem().string());
    if (names.back() == arg) return p;
  }
  std::string hint = closest(arg, names);
  throw std::invalid_argument(fmt::format("no game named '{}'{}; bundled games: {}", escape_control(arg),
                                       hint.empty() ? "" : " (did you mean '" + hint + "'?)", join(names, ", ")));
}

GameDefPtr open_named_definition(const std::string& name, const std::vector<std::string>& options) {
  if (name.find('/') != std::string::npos || name.find('\\') != std::string::npos || name.ends_with(".yaml"))
    throw std::invalid_argument(fmt::format("the file names its game by a path ('{}'); boardlab opens only bundled games "
                                            "named in a file: give the definition with --definition FILE",
                                            name));
  return open_definition(name, options);
}

GameDefPtr open_definition(const std::string& name_or_path, const std::vector<std::string>& options) {
  std::vector<std::pair<std::string, std::string>> settings;
  for (const auto& kv : options) settings.push_back(parse_key_value(kv, "--option"));
  return load_game_def(resolve_game(name_or_path), settings);
}

}  // namespace boardlab
