// What the terminal shows of a game as it goes.
#include "play_view.h"
#include "terminal.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <optional>
#include <thread>

#include "core/text.h"
#include "session/viewpoint.h"

namespace boardlab::cli {

Terminal::Terminal(PlaySession& game, LineReader& reader, std::string record_file, double delay)
    : game_(game), reader_(reader), record_file_(std::move(record_file)), delay_(delay) {
  view.color = use_color();
  view.viewer = game.viewer();
  // Room for the lines around the board: the moves just played, the last moves, the prompt.
  if (const int rows = terminal_rows()) view.max_lines = rows - 9;
}

bool Terminal::show_board() {
  if (!redraw) return false;
  fmt::print("{}", draw_board(game_.state(), view));
  redraw = false;
  return true;
}

void Terminal::show_last_moves() const {
  const auto plies = game_.record().plies;
  const auto& shown = game_.shown();
  const int columns = terminal_columns();
  const size_t width = static_cast<size_t>(columns > 0 ? std::max(columns, 40) : 80);
  std::string line;
  for (size_t i = shown.size(); i-- > 0;) {
    const std::string item = fmt::format("{}. {} {}", i + 1, plies[i].side, shown[i]);
    if (!line.empty() && line.size() + item.size() + 14 > width) {  // "Moves: ..., " and ", "
      line = "..., " + line;
      break;
    }
    line = line.empty() ? item : item + ", " + line;
  }
  if (!line.empty()) fmt::print("Moves: {}\n", line);
}

void Terminal::rolled(const State& s, bool opening) {
  fmt::print("{} {} {}\n", name(s.side()), opening ? "wins the opening roll with" : "rolls", fmt::join(s.rolled(), "-"));
}

void Terminal::deciding(const State& s) {
  if (!game_.someone_human()) show_board();  // watching: a board before every move
  thinking_.start(name(s.side()));
  started_ = std::chrono::steady_clock::now();
}

void Terminal::played(const State& before, const Move& m, const std::string& text, const State&, bool computer) {
  thinking_.stop();
  const std::string& who = name(before.side());
  if (m.is_pass()) fmt::print("{} has no legal move and passes\n", who);
  else if (!computer) fmt::print("{} plays {}\n", who, text);
  else
    fmt::print("{} plays {} ({:.1f} s)\n", who, text,
               std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count());
  if (!game_.someone_human() || computer) fmt::print("\n");
  view.marked = touched_cells(m);
  redraw = true;
  if (!record_file_.empty()) game_.save(record_file_);
  if (delay_ > 0 && computer) std::this_thread::sleep_for(std::chrono::duration<double>(delay_));
}

std::string seat_words(const GameDef& def, const std::string& spec) {
  if (spec.rfind("level:", 0) != 0) return spec;
  const auto n = parse_int(spec.substr(6));
  return n && *n >= 1 && *n <= kLevels ? fmt::format("level {} ({})", *n, level_spec(def, static_cast<int>(*n))) : spec;
}

std::string seating(const PlaySession& game) {
  const GameDef& def = game.def();
  std::vector<std::string> people, computers;
  for (int p = 0; p < def.nplayers(); ++p) {
    const std::string& name = def.players[static_cast<size_t>(p)].name;
    if (game.is_human(p)) people.push_back(name);
    else computers.push_back(fmt::format("{} is {}", name, seat_words(def, game.seat(p))));
  }
  const std::string& viewer = def.players[static_cast<size_t>(game.viewer())].name;
  const std::string how = how_player_moves(def, game.viewer());
  if (people.empty()) return fmt::format("Watching: {}. The board is seen from {}'s side.", join(computers, "; "), viewer);
  std::string out = people.size() == 1 ? fmt::format("You play {} ({})", viewer, how)
                                        : fmt::format("{} are played here; the board and the moves are seen from {}'s side "
                                                      "({} {})", join(people, " and "), viewer, viewer, how);
  if (!computers.empty()) out += "; " + join(computers, "; ");
  return out + ".";
}

// "level" shows the levels; "level N" makes every computer play level N.
void level_command(PlaySession& game, const std::string& arg) {
  const GameDef& def = game.def();
  if (!arg.empty()) {
    const auto n = parse_int(arg);
    if (!n || *n < 1 || *n > kLevels) {
      fmt::print("level N: N is 1 (weakest) to {} (strongest)\n", kLevels);
      return;
    }
    bool any = false;
    for (int p = 0; p < def.nplayers(); ++p) any = any || !game.is_human(p);
    if (!any) {
      fmt::print("No computer plays in this game.\n");
      return;
    }
    game.set_computers(PlaySession::level_seat(static_cast<int>(*n)));
  }
  for (int p = 0; p < def.nplayers(); ++p)
    if (!game.is_human(p)) fmt::print("{} is {}\n", def.players[static_cast<size_t>(p)].name, seat_words(def, game.seat(p)));
  if (arg.empty())
    for (int n = 1; n <= kLevels; ++n) fmt::print("  level {}: {}\n", n, level_spec(def, n));
}

void hint_command(PlaySession& game, const std::string& arg) {
  const auto n = arg.empty() ? std::optional<long long>(1) : parse_int(arg);
  if (!n || *n < 1 || *n > 20) {
    fmt::print("hint N: the best N moves, N from 1 to 20\n");
    return;
  }
  const auto hints = game.hint(static_cast<int>(*n));
  if (hints.size() == 1 && hints[0].visits == 0) {
    fmt::print("Hint: {} (the only legal move)\n", hints[0].move);
    return;
  }
  // The mover's expected score: the chance of winning, draws counting half.
  for (size_t i = 0; i < hints.size(); ++i)
    fmt::print("{} {:<14} scores {:.0f}% ({} of the search's playouts)\n", i == 0 ? "Hint:" : "     ", hints[i].move,
               100 * hints[i].value, hints[i].visits);
}


}  // namespace boardlab::cli
