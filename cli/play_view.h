// What the terminal shows of a game of `boardlab play` as it goes: rolls, moves (the
// computer's with the time it took, a thinking line meanwhile), the board from the viewer's
// side, who plays what; the record saved after every move with --record.
#pragma once
#include <chrono>
#include <string>

#include "view/board_view.h"
#include "line_reader.h"
#include "session/play_session.h"
#include "terminal.h"

namespace boardlab::cli {

// What the terminal shows as the game goes: rolls, moves (the computer's with the time it
// took, a thinking line meanwhile), and the board once before each person's decision (before
// each move when only computers play), from the viewer's side; the record is saved after
// every move with --record.
class Terminal : public PlaySession::Watcher {
 public:
  Terminal(PlaySession& game, LineReader& reader, std::string record_file, double delay);
  ViewOptions view;
  bool redraw = true;  // the board is drawn again at the next decision

  // Draws the board if something changed since; true if it did.
  bool show_board();
  // The last moves, as many as fit on a line: "Moves: 11. white e1-f2, 12. black d8-c7".
  void show_last_moves() const;
  void rolled(const State& s, bool opening) override;
  void deciding(const State& s) override;
  bool interrupted() override { return reader_.interrupted(); }
  // Before an error is printed: the thinking line would draw over it.
  void stop_thinking() { thinking_.stop(); }
  void played(const State& before, const Move& m, const std::string& text, const State& after, bool computer) override;
  const std::string& name(int player) const { return game_.def().players[static_cast<size_t>(player)].name; }

 private:
  PlaySession& game_;
  LineReader& reader_;
  std::string record_file_;
  double delay_;
  ThinkingLine thinking_;
  std::chrono::steady_clock::time_point started_;
};

// Who plays what, said once at the start: "You play white (moves up the board); black is
// level 3 (mcts:seconds=0.5)."
std::string seating(const PlaySession& game);
// A seat's spec for people: "level 3 (mcts:seconds=0.5)", or the spec as given.
std::string seat_words(const GameDef& def, const std::string& spec);
// The `level` command: "level" shows the levels; "level N" makes every computer play level N.
void level_command(PlaySession& game, const std::string& arg);
// The `hint [N]` command: the best N moves for the person to move, with how each scores.
void hint_command(PlaySession& game, const std::string& arg);

}  // namespace boardlab::cli
