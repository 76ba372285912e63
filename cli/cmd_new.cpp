// `boardlab new NAME --board grid:8x8`: a starting definition and script for an author to
// edit, already playable and passing `boardlab check` (a test checks every board kind).
#include <fmt/format.h>

#include <filesystem>

#include "commands.h"
#include "common.h"
#include "core/text.h"
#include "session/new_game.h"

namespace boardlab::cli {

Runner add_new(CLI::App& app) {
  auto* cmd = app.add_subcommand("new", "Write a starting definition, script and rule tests for a new game");
  auto name = std::make_shared<std::string>();
  auto board = std::make_shared<std::string>("grid:8x8");
  auto dir = std::make_shared<std::string>(".");
  auto force = std::make_shared<bool>(false);
  cmd->add_option("name", *name, "the game's name: lower-case letters, digits and dashes")->required();
  cmd->add_option("--board", *board, "grid:WxH (default grid:8x8), lattice:WxH, hex:WxH or track:N");
  cmd->add_option("--dir", *dir, "where to write NAME.yaml, NAME.lua and NAME.test.yaml (default: here)");
  cmd->add_flag("--force", *force, "replace files that exist");
  return [=] {
    const NewGame files = new_game(*name, *board);
    const std::filesystem::path yaml = std::filesystem::path(*dir) / (*name + ".yaml");
    const std::filesystem::path lua = std::filesystem::path(*dir) / (*name + ".lua");
    const std::filesystem::path tests = std::filesystem::path(*dir) / (*name + ".test.yaml");
    for (const auto& p : {yaml, lua, tests})
      if (std::filesystem::exists(p) && !*force) throw UsageError(fmt::format("{} exists (--force replaces it)", p.string()));
    std::error_code ec;
    std::filesystem::create_directories(*dir, ec);
    try {
      write_text_file(yaml.string(), files.yaml);
      write_text_file(lua.string(), files.lua);
      write_text_file(tests.string(), files.tests);
    } catch (const std::runtime_error& e) {
      throw UsageError(e.what());
    }
    fmt::print("Wrote {}, {} and {}. Try: boardlab check {} ; boardlab play {}\n", yaml.string(), lua.string(),
               tests.string(), yaml.string(), yaml.string());
    return kExitOk;
  };
}

}  // namespace boardlab::cli
