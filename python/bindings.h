// The Python module's C++ side (`boardlab._boardlab`): a game, its states and their action
// ids, shared by the files that bind games, agents and the lab. Python calls hold the GIL;
// anything that searches or plays many games releases it, and then uses only a script VM of
// its own (an agent's, simulate's threads'), never the game's, which serves calls made
// under the GIL.
#pragma once
#include <pybind11/pybind11.h>

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "learn/input_layout.h"
#include "rules/action_ids.h"
#include "rules/rules.h"

namespace boardlab::python {

namespace py = pybind11;

// OpenSpiel's player ids for a chance node and a game that is over (pyspiel.PlayerId).
constexpr int kChancePlayer = -1;
constexpr int kTerminalPlayer = -4;

// A loaded game: its definition, a VM for calls made under the GIL, its action ids.
struct Game {
  Game(GameDefPtr d, std::string n, std::vector<std::string> opts)
      : def(std::move(d)), rules(std::make_unique<ThreadRules>(def)), ids(*def), name(std::move(n)), options(std::move(opts)) {}
  GameDefPtr def;
  std::unique_ptr<ThreadRules> rules;
  ActionIds ids;
  std::string name;                  // as the caller named it (a bundled name or a path)
  std::vector<std::string> options;  // key=value, as given
  const InputLayout& layout() {  // made when first asked for (under the GIL)
    if (!input_layout) input_layout = std::make_unique<InputLayout>(*def);
    return *input_layout;
  }
  std::unique_ptr<InputLayout> input_layout;
};
using GamePtr = std::shared_ptr<Game>;

// A position of a game, with its legal moves and their ids known once asked for.
class GameState {
 public:
  GameState(GamePtr game, State s) : game_(std::move(game)), state_(std::move(s)) {}
  const GamePtr& game() const { return game_; }
  const State& state() const { return state_; }
  const Rules& rules() const { return *game_->rules; }

  // Over, a chance node, or the side to move's decision. The moves are listed once to tell
  // (a loop asks is_terminal, then legal_actions, of every position).
  bool is_terminal();
  bool is_chance() const { return state_.awaiting_roll() && !rules().over(state_); }
  int current_player();
  // The ids of the legal moves in the rules' order (the rolls' at a chance node).
  const std::vector<int64_t>& legal_actions();
  // The legal move of an id (throws std::invalid_argument if none).
  int move_index(int64_t id);
  void apply_action(int64_t id);
  std::string action_to_string(int64_t id);
  int64_t string_to_action(const std::string& text);
  std::vector<double> returns() const;
  const std::vector<int64_t>& history() const { return history_; }

 private:
  void list_moves();  // fills legal_ (a decision) if this position has not got them yet
  void list_ids();    // and ids_ (the rolls' at a chance node)
  GamePtr game_;
  State state_;
  bool moves_listed_ = false, ids_listed_ = false;
  MoveList legal_;
  std::vector<int64_t> ids_;
  std::vector<int64_t> history_;
};

// C++ exceptions as Python ones, with the same texts: DefinitionError and PositionError as
// boardlab.DefinitionError / boardlab.PositionError (ValueError), ScriptError as
// boardlab.ScriptError (RuntimeError), std::invalid_argument as ValueError.
// Runs `work` on a thread of its own, without the GIL, while the caller's thread (which holds
// it) looks for Ctrl-C every 50 ms: signals reach Python's main thread only. On Ctrl-C,
// `stop` turns true (the work stops at its next check) and KeyboardInterrupt is raised once
// the work has returned; else the work's own error, if any.
void interruptible(std::atomic<bool>& stop, const std::function<void()>& work);

void register_errors(py::module_& m);
void bind_games(py::module_& m);
void bind_agents(py::module_& m);
void bind_lab(py::module_& m);

}  // namespace boardlab::python
