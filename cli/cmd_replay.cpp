// `boardlab replay FILE`: reads a game record, checks every move against the rules (saying
// where the record first leaves them, and whether the definition has changed since), and
// shows the game.
#include <fmt/format.h>

#include "board_view.h"
#include "commands.h"
#include "common.h"
#include "core/text.h"
#include "definition/bundled.h"
#include "session/game_record.h"
#include "state/position_text.h"

namespace boardlab::cli {

Runner add_replay(CLI::App& app) {
  auto* cmd = app.add_subcommand("replay", "Check a game record move by move and show the game");
  auto file = std::make_shared<std::string>();
  auto quiet = std::make_shared<bool>(false);
  cmd->add_option("file", *file, "a record saved by `boardlab play`")->required();
  cmd->add_flag("--final", *quiet, "show only the final position, not each move");
  auto game_file = std::make_shared<std::string>();
  cmd->add_option("--game", *game_file,
                  "the game to replay it by (a bundled name or a definition file); a record opens only bundled games "
                  "by itself");
  return [=] {
    std::string why;
    auto text = read_text_file(*file, kMaxTextFile, &why);
    if (!text) throw UsageError(fmt::format("cannot read {}: {}", *file, why));
    Record r;
    try {
      r = parse_record(*text);
    } catch (const std::invalid_argument& e) {
      throw UsageError(fmt::format("{}: {}", *file, e.what()));
    }
    std::vector<std::string> options;
    for (const auto& [k, v] : r.options) options.push_back(k + "=" + v);
    auto game = std::make_unique<ThreadRules>(game_file->empty() ? open_named_definition(r.game, options)
                                                                 : open_definition(*game_file, options));
    const GameDef& def = game->def();
    const bool changed = r.definition_hash != def.content_hash;
    if (changed)
      fmt::print("The record was made under a different definition of {} ({}, now {}).\n", def.name, r.definition_hash,
                 def.content_hash);
    Replay rep = replay(*game, r);
    if (!*quiet)
      for (int i = 0; i < rep.plies_replayed; ++i) {
        const auto& p = r.plies[static_cast<size_t>(i)];
        fmt::print("{:>4}. {}{} {}\n", i + 1, p.side, p.dice.empty() ? "" : " [" + p.dice + "]", p.move);
      }
    fmt::print("{}", draw_board(rep.state));
    if (!rep.error.empty()) {
      fmt::print("The record leaves the rules{} at {}\n", changed ? " of the current definition" : "", rep.error);
      return kExitFailure;
    }
    const std::string now = rep.state.outcome().over() ? describe(def, rep.state.outcome()) : "*";
    fmt::print("{} moves, all legal. Result: {}\n", rep.plies_replayed, now);
    if (r.result != now) {
      fmt::print("The record says the result is '{}'.\n", r.result);
      return kExitFailure;
    }
    return kExitOk;
  };
}

}  // namespace boardlab::cli
