// Bundled games: locating definitions by name.
#include "definition/bundled.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <unordered_set>
#include <fmt/format.h>
#include <stdexcept>
#include <system_error>

#include "core/text.h"

namespace boardlab {

namespace fs = std::filesystem;

namespace {

bool holds_data(const fs::path& dir) {
  std::error_code ec;
  return fs::is_regular_file(dir / "scripts" / "lib" / "runtime.lua", ec) && fs::is_directory(dir / "definitions", ec);
}

// Where the code runs from, when it is a library loaded into another program
// (set_code_location); else the program's.
std::string g_code_dir, g_code_relative_data_dir;

// The folder of the running program (Linux: /proc/self/exe); empty if unknown.
fs::path program_dir() {
  if (!g_code_dir.empty()) return g_code_dir;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : exe.parent_path();
}

bool is_inside(const fs::path& path, const fs::path& root) {
  const fs::path rel = path.lexically_relative(root);
  return !rel.empty() && *rel.begin() != "..";
}

// The *.yaml definitions of a folder (rule test files left out), sorted.
std::vector<std::string> definitions_in(const fs::path& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.path().extension() == ".yaml" && !is_rule_test_file(e.path().string())) out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

void set_code_location(const std::string& dir, const std::string& relative_data_dir) {
  g_code_dir = dir;
  g_code_relative_data_dir = relative_data_dir;
}

std::string data_dir() {
  if (const char* home = std::getenv("BOARDLAB_HOME"); home && *home) {
    if (holds_data(home)) return home;
    throw std::runtime_error(fmt::format("BOARDLAB_HOME is {}, which holds no definitions/ and scripts/lib/runtime.lua: "
                                         "point it at boardlab's data folder, or unset it",
                                         escape_control(home)));
  }
  std::vector<std::string> looked;
  if (const fs::path bin = program_dir(); !bin.empty()) {
    // Installed: bin/boardlab beside share/boardlab, wherever the prefix was moved.
    const fs::path relative = g_code_dir.empty() ? fs::path(BOARDLAB_RELATIVE_DATA_DIR) : fs::path(g_code_relative_data_dir);
    const fs::path installed = (bin / relative).lexically_normal();
    if (holds_data(installed)) return installed.string();
    looked.push_back(installed.string());
    // A program in its build tree reads the source tree it was built from; an installed copy
    // never does, so that a broken install cannot pass for a working one.
    if (is_inside(bin, BOARDLAB_BUILD_DIR)) {
      if (holds_data(BOARDLAB_DATA_DIR)) return BOARDLAB_DATA_DIR;
      looked.push_back(BOARDLAB_DATA_DIR);
    }
  }
  throw std::runtime_error(fmt::format("cannot find boardlab's data (definitions/ and scripts/lib/runtime.lua); looked in {}. "
                                       "Set BOARDLAB_HOME to the folder that holds them",
                                       looked.empty() ? "no folder (the program's own location is unknown)" : join(looked, ", ")));
}

std::vector<std::string> bundled_definitions() { return definitions_in(fs::path(data_dir()) / "definitions"); }

std::vector<std::string> game_folders() {
  std::vector<std::string> out;
  if (const char* path = std::getenv("BOARDLAB_PATH"); path && *path)
    for (const std::string& dir : split(path, ':'))
      if (!dir.empty()) out.push_back(dir);
  if (const char* data = std::getenv("XDG_DATA_HOME"); data && *data) {
    out.push_back(std::string(data) + "/boardlab/games");
  } else if (const char* home = std::getenv("HOME"); home && *home) {
    out.push_back(std::string(home) + "/.local/share/boardlab/games");
  }
  return out;
}

std::vector<std::string> user_definitions() {
  // A set: a folder of 100,000 definitions made a list's look-ups quadratic (19-34 s).
  std::vector<std::string> out;
  std::unordered_set<std::string> names;
  for (const auto& p : bundled_definitions()) names.insert(fs::path(p).stem().string());
  for (const std::string& dir : game_folders())
    for (const std::string& p : definitions_in(dir))
      if (names.insert(fs::path(p).stem().string()).second) out.push_back(p);  // the first of a name is the one
  return out;
}

bool is_rule_test_file(const std::string& path) { return path.ends_with(kRuleTestSuffix); }

std::string resolve_game(const std::string& arg) {
  std::error_code ec;  // a name too long for the file system is "no such file", not an exception
  if (arg.find('/') != std::string::npos || arg.ends_with(".yaml")) {
    if (!fs::exists(arg, ec)) throw std::invalid_argument(fmt::format("no such file: {}", escape_control(arg)));
    return arg;
  }
  // A name is one of the bundled games', or of the user's game folders (the files are not
  // probed with whatever text came).
  std::vector<std::string> names;
  auto find_in = [&](const std::vector<std::string>& paths) {
    for (const auto& p : paths) {
      names.push_back(fs::path(p).stem().string());
      if (names.back() == arg) return p;
    }
    return std::string();
  };
  if (std::string p = find_in(bundled_definitions()); !p.empty()) return p;
  if (std::string p = find_in(user_definitions()); !p.empty()) return p;  // scanned only for other names
  std::string hint = closest(arg, names);
  // The names, but not a 900 kB line when a game folder holds 100,000 of them.
  constexpr size_t kNamesShown = 40;
  const size_t more = names.size() > kNamesShown ? names.size() - kNamesShown : 0;
  names.resize(names.size() - more);
  for (auto& n : names) n = escape_control(n);
  throw std::invalid_argument(fmt::format("no game named '{}'{}; the games: {}{}", escape_control(arg),
                                       hint.empty() ? "" : " (did you mean '" + escape_control(hint) + "'?)",
                                       join(names, ", "), more ? fmt::format(" and {} more (boardlab list)", more) : ""));
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
