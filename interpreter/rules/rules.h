// Rules: the turn machine. It joins a GameDef (shared, immutable) with a script VM that it
// borrows (ScriptHost, one per thread) and says what the rules make of a State: its legal
// moves (a query that changes nothing), the rolls of a chance node, the end-of-move rules
// (no piece, the script's result hook, repetition, no progress, the ply cap) and notation.
// A Rules is a definition and a VM it borrows: cheap to copy and hand out, to be used by one
// thread at a time (a VM is not shared).
#pragma once
#include <memory>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/rng.h"
#include "state/position_text.h"
#include "definition/game_def.h"
#include "script/move_list.h"
#include "script/script_host.h"
#include "state/state.h"

namespace boardlab {

class Rules {
 public:
  // `vm` runs the script of `def` (it was made from it).
  Rules(GameDefPtr def, ScriptHost& vm) : def_(std::move(def)), vm_(&vm) {
    if (&vm.def() != def_.get()) throw std::logic_error("Rules: the VM runs another definition");
  }
  const GameDef& def() const { return *def_; }
  const GameDefPtr& def_ptr() const { return def_; }
  ScriptHost& vm() const { return *vm_; }

  State initial() const { return State(*def_); }

  // The turn contract (OpenSpiel's State, in boardlab's terms). Every walker of a game uses
  // these and nothing else: GameLoop, replay, the searches. A state is one of three things:
  // over; a chance node (is_chance: it waits for a roll); or a decision of the side to move,
  // whose legal moves are never empty. A pass, a forced pass in a dice game and a roll-off are
  // steps like any other: the caller needs no turn logic of its own.
  //
  // How `s` stands, a function of the position: over when the end-of-move rules end the game
  // (no piece left, a result reached, the script's result hook, repetition, no progress, the
  // ply cap), or when the side to move has no legal move and may not pass (then the other
  // side wins: two-player games only, the loader says so). The verdict is cached in the state
  // (State::outcome); finding the no-move case costs one generation, none after legal_moves.
  Outcome outcome(const State& s) const;
  bool over(const State& s) const { return outcome(s).over(); }
  bool is_chance(const State& s) const { return s.awaiting_roll() && !over(s); }
  // The rolls a chance node may get, with their probabilities (empty unless is_chance(s)).
  const std::vector<ChanceOutcome>& chance_outcomes(const State& s) const;
  // A roll drawn from the caller's seeded RNG as the dice fall (its probability left 0).
  ChanceOutcome sample_chance(const State& s, Rng& rng) const;
  // The legal moves of `s` (not a chance node: that throws std::logic_error): empty exactly
  // when the game is over; the single pass move when the side to move has none and the game
  // passes. Changes nothing but the verdict's cache.
  void legal_moves(const State& s, MoveList& out) const;
  // One step of the game: a legal move, then the end-of-move rules; or a roll.
  void apply(State& s, const Move& m) const;
  void apply(State& s, const ChanceOutcome& roll) const { s.roll(roll); }

  // The legal moves' texts and the reading of a person's text back to a move.
  class Notation {
   public:
    // What to print for each move: its first spelling that no other legal move shares.
    const std::vector<std::string>& texts() const { return texts_; }
    struct Parsed {
      int index = -1;     // the move, or -1
      std::string error;  // why not, for a person
      bool ambiguous = false;  // the text names several moves
    };
    Parsed parse(const std::string& text) const;

   private:
    friend class Rules;
    const Board* board_ = nullptr;
    int viewer_ = 0;  // whose point of view, resolved
    std::vector<std::vector<std::string>> spellings_;
    std::unordered_map<std::string, std::vector<int>> moves_by_spelling_;  // each move once
    std::vector<std::string> texts_;
    // For saying why a move typed is not legal: whether the game rolls dice, the cells where
    // the side to move has a piece on top, and whether every legal move captures.
    bool dice_ = false;
    std::vector<bool> mine_;  // by cell
    bool all_capture_ = false;
  };
  // The notation of the legal moves of `s` (asks the script once per move), for `viewer`:
  // the player whose point of view the texts take (-1: the side to move). Only a front end
  // showing one person the moves of every side asks for another viewer (a track's points
  // numbered for that person); records and every other reader take the mover's.
  Notation notation(const State& s, const MoveList& legal, int viewer = -1) const;
  // Move `i`'s text for `viewer`, from `known` when that is already the viewer's notation
  // (a person's screen and a record each want one, usually the same).
  std::string text_for(const State& s, const MoveList& legal, int i, int viewer, const Notation& known) const;
  std::vector<std::string> move_texts(const State& s, const MoveList& legal) const { return notation(s, legal).texts(); }

 private:
  // The verdict as far as the end-of-move rules go, running them on a position not judged
  // yet (set up or read): true when they end the game.
  bool over_as_known(const State& s) const;
  // The end-of-move rules: the outcome they give `s`, ongoing if none ends the game.
  // `last`: the move that led to `s` from a position these rules found ongoing, so that a
  // line or connection result is looked for through the cells it touched only (none stood
  // before it).
  Outcome end_of_move(const State& s, const Move* last = nullptr) const;
  // The end of a game whose side to move has no legal move and may not pass.
  Outcome no_move_outcome(const State& s) const;
  // A result with reach, line or connect won by some player (the mover first), or ongoing;
  // `last` as for end_of_move.
  Outcome reached(const State& s, const Move* last) const;
  GameDefPtr def_;
  ScriptHost* vm_;
};

// A script VM of its own and the rules over it: what a thread that plays makes once (a
// command, a worker of `simulate`, a test) and hands out as Rules to everything it runs.
namespace detail {
struct OwnVm {
  explicit OwnVm(GameDefPtr def) : own_def(std::move(def)), own_vm(*own_def) {}
  GameDefPtr own_def;  // outlives the VM, which points into its tables
  ScriptHost own_vm;
};
}  // namespace detail
class ThreadRules : private detail::OwnVm, public Rules {
 public:
  explicit ThreadRules(GameDefPtr def) : OwnVm(def), Rules(def, own_vm) {}
  ThreadRules(const ThreadRules&) = delete;
  ThreadRules& operator=(const ThreadRules&) = delete;
};

std::string describe(const GameDef& g, const Outcome& o);

// A roll as people write it ("6-5", the dice in any order) for `s`, which waits for one: the
// one roll-off rule. At the roll-off of the first turn each player rolls one die and the
// higher plays both: `side` names that player (records and scenarios write who moved), or,
// when -1, the dice are read in player order (the first die the first player's). A roll-off
// is never a double. Throws PositionError (defined with the position text).
ChanceOutcome read_roll(const State& s, const std::string& text, int side = -1);

}  // namespace boardlab
