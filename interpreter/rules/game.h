// Game: the turn machine. It joins a GameDef (shared, immutable) with a ScriptHost (one per
// thread) and decides what the rules say about a State: its legal moves (or a pass), its
// outcome (no move, repetition, move cap, the script's result hook), and move notation.
#pragma once
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "core/rng.h"
#include "definition/game_def.h"
#include "script/move_list.h"
#include "script/script_host.h"
#include "state/state.h"

namespace boardlab {

class Game {
 public:
  explicit Game(GameDefPtr def);
  const GameDef& def() const { return *def_; }
  const GameDefPtr& def_ptr() const { return def_; }
  ScriptHost& host() { return host_; }

  State initial() const { return State(*def_); }

  // Chance nodes (games with dice): a state waiting for a roll lists its outcomes, and the
  // turn machine rolls with the caller's seeded RNG.
  struct ChanceOutcome {
    std::array<uint8_t, kMaxDice> dice{};  // as rolled, highest first
    int8_t side = -1;                     // who plays them, when a roll-off decides it
    double probability = 0;
  };
  // Empty unless s waits for a roll. Listed once per Game (one per thread), so a search may
  // ask at every chance node.
  const std::vector<ChanceOutcome>& chance_outcomes(const State& s) const;
  void roll(State& s, Rng& rng) const;
  void roll(State& s, const ChanceOutcome& o) const { s.roll(o.dice.data(), o.side); }

  // Fills `out` with the legal moves (a single pass move when the game passes). When the
  // side to move has none and loses, or the game is already over, `out` is empty and
  // s.outcome() says why.
  void legal_moves(State& s, MoveList& out);
  // Applies a move and then the end-of-move rules.
  void apply(State& s, const Move& m);

  // The notation of the legal moves of `s` (asks the script once per move).
  class Notation {
   public:
    // What to print for each move: its first spelling that no other legal move shares.
    const std::vector<std::string>& texts() const { return texts_; }
    struct Parsed {
      int index = -1;     // the move, or -1
      std::string error;  // why not, for a person
    };
    Parsed parse(const std::string& text) const;

   private:
    friend class Game;
    const Board* board_ = nullptr;
    std::vector<std::vector<std::string>> spellings_;
    std::vector<std::string> texts_;
  };
  Notation notation(State& s, const MoveList& legal);
  std::vector<std::string> move_texts(State& s, const MoveList& legal) { return notation(s, legal).texts(); }

 private:
  std::vector<ChanceOutcome> list_rolls(bool opening) const;

  GameDefPtr def_;
  ScriptHost host_;
  mutable std::vector<ChanceOutcome> rolls_, opening_rolls_;  // chance_outcomes' lists
};

std::string describe(const GameDef& g, const Outcome& o);

}  // namespace boardlab
