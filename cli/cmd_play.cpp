// `boardlab play`: a game in the terminal between people and agents (a level or any agent
// spec), seen from the person's side and kept as a game record all along: `save`, `load`,
// `undo`/`redo`, `hint`, `level`, `resign`; Ctrl-C saves the game (under a name no earlier
// save has) before leaving, and `--load FILE` resumes it. This file reads the command line;
// play_terminal.cpp plays.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <ctime>
#include <optional>

#include "commands.h"
#include "common.h"
#include "core/text.h"
#include "definition/bundled.h"
#include "play_terminal.h"
#include "session/play_session.h"

namespace boardlab::cli {

namespace {

std::string now_iso() {
  std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

// What plays each seat: "human" or an agent spec, as --player NAME=SPEC or --NAME SPEC (the
// game's own player names, such as --white and --black, left over by CLI11 in `extras`)
// say. A seat they leave is the computer at --level, but for the first player's, which is
// a person's unless they name a person's seat (`--black human`: you play black).
std::vector<std::string> seat_kinds(const GameDef& def, const std::vector<std::string>& players,
                                    const std::vector<std::string>& extras, int level) {
  std::vector<std::string> kind(def.players.size());
  std::vector<std::string> names;
  for (const auto& p : def.players) names.push_back(p.name);
  for (const auto& spec : players) {
    std::pair<std::string, std::string> kv;
    try {
      kv = parse_key_value(spec, "--player");
    } catch (const std::invalid_argument&) {
    }
    const int p = def.player_index(kv.first);
    if (p < 0)
      throw UsageError(fmt::format("--player takes NAME=human or NAME=AGENT (see `boardlab agents`) with NAME one of "
                                   "the players ({}), not '{}'", fmt::join(names, ", "), spec));
    kind[static_cast<size_t>(p)] = kv.second;
  }
  for (size_t i = 0; i < extras.size(); ++i) {
    const std::string& a = extras[i];
    const size_t eq = a.find('=');
    const std::string name = a.rfind("--", 0) == 0 ? a.substr(2, eq == std::string::npos ? std::string::npos : eq - 2) : "";
    const int p = def.player_index(name);
    if (p < 0) {
      const std::string near = name.empty() ? "" : closest(name, names);
      throw UsageError(fmt::format("play: unexpected '{}'{} (this game's players are {}: --{} human|AGENT)", a,
                                   near.empty() ? "" : fmt::format(" (did you mean '--{}'?)", near),
                                   fmt::join(names, ", "), names[0]));
    }
    const std::string spec = eq != std::string::npos ? a.substr(eq + 1) : i + 1 < extras.size() ? extras[++i] : "";
    if (spec.empty()) throw UsageError(fmt::format("--{} takes human or an agent spec (see `boardlab agents`)", name));
    kind[static_cast<size_t>(p)] = spec;
  }
  return PlaySession::default_seats(def, kind, level);
}

}  // namespace

Runner add_play(CLI::App& app) {
  auto* cmd = app.add_subcommand("play", "Play a game in the terminal");
  auto args = std::make_shared<GameArgs>();
  auto players = std::make_shared<std::vector<std::string>>();
  auto seed = std::make_shared<std::optional<uint64_t>>();
  auto load = std::make_shared<std::string>();
  auto record_file = std::make_shared<std::string>();
  auto delay = std::make_shared<double>(0);
  auto level = std::make_shared<int>(kDefaultLevel);
  auto auto_pass = std::make_shared<bool>(false);
  cmd->add_option("game", args->game, "a bundled game's name or a definition file")->required();
  cmd->add_option("--player", *players,
                  "NAME=human or NAME=AGENT, e.g. black=mcts:iterations=2000 (default: the first player human, the "
                  "others the computer at --level); or --NAME SPEC with the game's player names: --white human --black random");
  cmd->allow_extras();  // --white, --black, ...: the players of the game, known once it is loaded
  auto* level_opt = cmd->add_option("--level", *level, "the computer's level, 1 (weakest) to 5 (`boardlab agents` lists them)")
      ->check(CLI::Range(1, kLevels));
  cmd->add_flag("--auto-pass", *auto_pass, "with no legal move, pass at once instead of asking for Enter");
  cmd->add_option("--seed", *seed, "the seed for the dice and the computers (default: a new one, printed and recorded)");
  cmd->add_option("--position", args->position, "start from a position text");
  cmd->add_option("--dice", args->dice, "the first roll, in a game with dice: 3,1");
  cmd->add_option("--load", *load,
                  "continue the game saved in this record, with its players and its roll (unless --player, --NAME or "
                  "--level say who plays)");
  cmd->add_option("--record", *record_file, "keep the game record in this file, saved after every move");
  cmd->add_option("--delay", *delay, "seconds to wait after each computer move, to watch computers play")
      ->check(CLI::Range(0.0, 60.0));
  cmd->add_option("--option", args->options, "set an option: key=value");
  return [=] {
    // A loaded game goes on with the players its record names, unless the command line says.
    const bool recorded_players = players->empty() && cmd->remaining().empty() && !level_opt->count();
    GameDefPtr def;
    try {
      def = open_definition(args->game, args->options);
    } catch (const std::invalid_argument& e) {
      if (cmd->remaining().empty()) throw;
      throw UsageError(fmt::format("{}\n(the game comes first: boardlab play GAME --white SPEC ...)", e.what()));
    }
    PlaySession::Setup setup;
    setup.def = def;
    setup.game = args->game;
    setup.options = args->options;
    setup.seats = seat_kinds(*def, *players, cmd->remaining(), *level);
    setup.seed = seed->value_or(fresh_seed());
    setup.start = given_position(*def, *args);
    setup.date = now_iso();
    std::unique_ptr<PlaySession> session;
    try {
      session = std::make_unique<PlaySession>(setup);
    } catch (const std::invalid_argument& e) {
      throw UsageError(fmt::format("--player {}", e.what()));
    }
    PlaySession& game = *session;
    if (!load->empty()) {
      try {
        const std::string note = game.load(*load, recorded_players);
        if (!note.empty()) fmt::print("Note: {}\n", note);
      } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
      }
    }
    return play_in_terminal(game, {args->game, *record_file, *delay, *auto_pass});
  };
}

}  // namespace boardlab::cli
