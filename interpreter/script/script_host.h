// ScriptHost: one LuaJIT state running a game's script in its sandbox, with a loop budget
// and a memory cap. Hooks are resolved at load; errors name the script line, the hook, the
// game and the ply. One host per thread: a lua_State is not shared.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/contract.h"
#include "board/lines.h"
#include "core/move.h"
#include "definition/game_def.h"
#include "script/ffi_types.h"
#include "script/board_queries.h"
#include "script/jump_chains.h"
#include "script/race_turns.h"
#include "script/script_blocks.h"
#include "script/step_chains.h"
#include "script/step_moves.h"
#include "script/move_list.h"
#include "state/state.h"

struct lua_State;

namespace boardlab {

class ScriptHost {
 public:
  explicit ScriptHost(const GameDef& def);  // throws ScriptError
  ~ScriptHost();
  ScriptHost(const ScriptHost&) = delete;
  ScriptHost& operator=(const ScriptHost&) = delete;

  const GameDef& def() const { return def_; }
  void generate(const State& s, MoveList& out);
  // A move list of this VM's for a caller that only asks whether a side has a move (Rules).
  MoveList& spare_moves() { return spare_moves_; }
  bool has_result_hook() const { return has_result_; }
  // After a move: nullopt while the game goes on, else the outcome the script declares.
  std::optional<Outcome> result(const State& s);
  // The spellings of `m` in `s`, for `viewer` (-1: the side to move): the script reads it as
  // move.viewer, the player whose point of view the text takes.
  std::vector<std::string> notation(const State& s, const Move& m, int viewer = -1);
  // The script's evaluate(player) hook, if it has one: how good `s` is for `player`, in
  // [-1, 1] (clamped); nullopt without the hook.
  bool has_evaluate_hook() const { return has_evaluate_; }
  double evaluate(const State& s, int player);

  // Checking mode: each move generate writes is checked against the board at once, and a
  // move the board would refuse is a ScriptError at the script's line, with the position.
  // On in the authors' commands (check, moves, perft, test) and in the sanitizer build; off
  // by default in release, where search and playouts skip it (State::apply still refuses
  // such a move, without the line).
  void set_checking(bool on) { host_.checking = on ? 1 : 0; }
  bool checking() const { return host_.checking != 0; }

  // As the Lua side lays out the FFI structs, for the layout test: the size of `type`
  // (`field` empty), or the offset of its `field` (-1: no such field).
  int lua_layout(const std::string& type, const std::string& field);

  // How many times C++ has called into the VM (every hook call), for `bench`: a game whose
  // moves, notation and results are all declared makes none a ply.
  uint64_t lua_calls() const { return lua_calls_; }

  // Working memory for connection searches outside a hook call (Rules' connect results).
  ConnectScratch& connect_scratch() { return board_queries_.scratch(); }

 private:
  // Calls the hook `fn_ref` with the nargs arguments on top of the stack.
  void call(int fn_ref, const char* hook, const State& s, int nargs, int nresults);
  // Calls the function beneath the nargs arguments on top of the stack.
  void pcall(const char* hook, const State& s, int nargs, int nresults);
  [[noreturn]] void fail(const char* hook, int ply, int status);
  // generate for moves the definition declares: its block, called directly (no VM).
  void generate_declared(const State& s, MoveList& out);
  // For the script side in checking mode: why the move at word `at` (of `nwords` written) is
  // refused, or nothing.
  static int check_written(lua_State* L);

  const GameDef& def_;
  struct Alloc;
  std::unique_ptr<Alloc> alloc_;
  // Closed before alloc_ goes (members die in reverse order), also when the constructor throws.
  struct Closer {
    void operator()(lua_State* L) const;
  };
  std::unique_ptr<lua_State, Closer> state_;
  lua_State* L_ = nullptr;  // state_.get()
  int runtime_ref_ = -1, traceback_ref_ = -1, result_ref_ = -1, notation_ref_ = -1;
  bool has_result_ = false, has_evaluate_ = false, has_notation_ = false;
  uint64_t lua_calls_ = 0;
  int evaluate_ref_ = -1;
  int stack_base_ = 0;  // what stays on the Lua stack between calls
  bl_board board_{};
  // board_'s bit sets: the playable cells, and the board's steps as shifts (none on a board
  // that has none)
  std::vector<uint64_t> playable_bits_;
  StepShifts shifts_ = step_shifts(def_.board);
  std::vector<int32_t> step_offset_;
  bl_host host_{};
  // host_.chains_scratch, race_scratch, steps_scratch and step_chains_scratch: the C++
  // primitives' working memory
  JumpChains jump_chains_;
  RaceTurns race_turns_;
  StepMoves step_moves_;
  StepChains step_chains_;
  BoardQueries board_queries_{def_.board};  // host_.queries_scratch
  ScriptBlocks blocks_{def_};               // host_.blocks_scratch
  std::vector<int16_t> mine_;  // the cells the side to move owns, for generate
  const State* generating_ = nullptr;  // the state of the generate call under way
  // check_written's move, reused: one is 400 bytes to initialise for every move written, which
  // an unoptimised sanitizer build spent most of its time on.
  Move checked_;
  MoveList spare_moves_;
};

// Where the trusted Lua library lives (scripts/lib under the data directory).
std::string script_lib_dir();

}  // namespace boardlab
