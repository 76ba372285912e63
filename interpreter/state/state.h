// State: flat arrays (per-cell stacks, per-player reserves), side to move, an incremental
// Zobrist hash and the repetition history. apply() records what undo() needs to restore
// the exact state, hash included. Copying a State is a clone.
#pragma once
#include <array>
#include <compare>
#include <cstdint>
#include <vector>

#include "core/move.h"
#include "definition/game_def.h"
#include "state/repetition_table.h"

namespace boardlab {

struct Outcome {
  enum class Kind : uint8_t { Ongoing, Win, Draw };
  enum class Reason : uint8_t { None, NoMoves, NoPieces, NoStacks, Repetition, MoveCap, NoProgress, Script, Resign };
  Kind kind = Kind::Ongoing;
  Reason reason = Reason::None;
  int8_t winner = -1;
  uint8_t detail = 0;  // 0, or 1 + an index into GameDef::results (gammon...), from the script
  bool over() const { return kind != Kind::Ongoing; }
  auto operator<=>(const Outcome&) const = default;
};

// A State points to its GameDef, which must outlive it (a Game holds it).
class State {
 public:
  explicit State(const GameDef& def);  // the starting position
  // A picture of the position, for showing it: the board, side, ply, dice and what is known
  // of the outcome, without the history (undo() has nothing to undo and repetitions count
  // from here). Costs the board's size, not the game's length: a replay keeps one per ply.
  State snapshot() const;

  const GameDef& def() const { return *def_; }
  int side() const { return side_; }
  int ply() const { return ply_; }
  int height(int cell) const { return height_[cell]; }
  uint8_t piece(int cell, int level) const { return pieces_[cell * def_->stack_cap + level]; }
  uint8_t top(int cell) const { return height_[cell] ? piece(cell, height_[cell] - 1) : 0; }
  int owner(int cell) const { return owner_[cell]; }
  // The cells whose top piece `player` owns, as a bit set of owned_words() words (bit c % 64
  // of word c / 64): generate lists them every ply, and a scan of owner() costs more.
  const uint64_t* owned_cells(int player) const { return &owned_[static_cast<size_t>(player) * owned_words_]; }
  int owned_words() const { return owned_words_; }
  int count(int player) const { return count_[player]; }  // that player's pieces on the board
  int32_t reserve(int slot, int code) const { return reserve_[slot * def_->ncodes + code]; }
  // Dice (games that declare them): before each move the state waits for a roll (a chance
  // node); then it holds the dice as the script plays them, a double repeated as the
  // definition says.
  bool awaiting_roll() const { return awaiting_roll_; }
  bool opening_roll() const { return opening_; }  // the next roll is the roll-off of the first turn
  int ndice() const { return ndice_; }
  int die(int i) const { return dice_[static_cast<size_t>(i)]; }
  // The dice as rolled (a double once per die), for printing: count() of them.
  std::vector<int> rolled() const;
  uint64_t hash() const;              // position + side to move
  uint64_t board_hash() const { return board_hash_; }  // position only
  uint64_t repetition_key() const;
  int occurrences() const { return occurrences_; }  // how often the current repetition key has occurred
  int quiet_plies() const { return quiet_plies_; }  // plies since the last move flagged as progress
  // What is known of how the game stands here. Rules::outcome(s) is the whole answer (a
  // function of the position); this is its cache, kept with the position: the end-of-move
  // rules' verdict once Rules has run them, and the no-move verdict once it has looked at the
  // moves. Every edit forgets it; undo brings back what was known.
  const Outcome& outcome() const { return outcome_; }
  enum class Judged : uint8_t {
    No,         // nothing known yet (a position set up or read)
    EndOfMove,  // the end-of-move rules have run
    Fully,      // and the side to move has been found to have a move (or the game is over)
  };
  Judged judged() const { return judged_; }
  // Rules' cache (see outcome()): a verdict on this very position, so a const state may
  // keep it.
  void set_verdict(const Outcome& o, Judged how) const { outcome_ = o, judged_ = how; }
  // The game ends here by a decision from outside the rules (a resignation).
  void set_outcome(Outcome o) { set_verdict(o, Judged::Fully); }
  int total_pieces() const;           // on the board and in reserves, less those drawn from unlimited hands
  int removed() const { return removed_; }  // taken out of play by Remove without a reserve

  // Board edits used when reading a position; they keep the hash right.
  void clear();
  void push_piece(int cell, uint8_t code);
  void set_reserve(int slot, int code, int32_t count);
  void set_side(int side);
  void set_ply(int ply);  // the moves played before this position (reset_history makes it 0)
  // Sets the dice as rolled (`count` of them; 0: waiting for a roll), with no history: for
  // positions read from text and dice given on the command line.
  void set_dice(const uint8_t* rolled, int count);
  // A roll, undoable like a move: the dice as rolled, and the side that plays them (-1:
  // the side to move; a roll-off decides who moves first).
  void roll(const uint8_t* rolled, int side = -1);
  void roll(const ChanceOutcome& o) { roll(o.dice.data(), o.side); }
  void set_opening_roll();  // waiting for the roll-off of the first turn
  void reset_history();  // the current position becomes the first of the game

  // Throws ScriptError if the board refuses the move (its actions said in words, with why),
  // without changing anything.
  void check(const Move& m) const;
  // Applies a move (pieces, then the side to move passes on) and records how to undo it;
  // check()s it first.
  void apply(const Move& m);
  void undo();
  int history_size() const { return static_cast<int>(undo_.size()); }

  // The flat arrays, read only, for the script host's view of the state: valid until the
  // state is changed or destroyed.
  struct Arrays {
    const uint8_t* height;   // [cell]
    const uint8_t* pieces;   // [cell * stack_cap + level]
    const int32_t* reserve;  // [slot * ncodes + code]
    const int8_t* owner;     // [cell]
    const int32_t* count;    // [player]
    const uint8_t* dice;     // [ndice()]
  };
  Arrays arrays() const {
    return {height_.data(), pieces_.data(), reserve_.data(), owner_.data(), count_.data(), dice_.data()};
  }
  bool same_position(const State& o) const;  // pieces, reserves, side to move

 private:
  // Moves in the history are kept as flat actions: a record per ply stays small.
  struct UndoRecord {
    uint32_t actions_at;
    uint8_t count, flags;
    int8_t side;
    Outcome outcome;
    Judged judged;
    int quiet_plies;
    bool is_roll;  // a roll, not a move
    bool awaiting_roll, opening;
    uint8_t ndice;
    std::array<uint8_t, kMaxDice> dice;
  };
  struct Snapshot {};
  State(const State& o, Snapshot);  // snapshot(): every member but the history
  UndoRecord record(uint8_t count, uint8_t flags, bool is_roll) const;
  void restore_dice(const UndoRecord& r);
  void update_dice_key();
  void lift(int cell, int n, uint8_t* out);
  void drop(int cell, const uint8_t* in, int n);
  uint8_t take_at(int cell, int level);  // the pieces above it move down
  void insert_at(int cell, int level, uint8_t code);  // the pieces from `level` up move up
  void add_reserve(int slot, int code, int delta);
  void count_position(int delta);
  void set_owner(int cell, int8_t player);
  void forget_verdict() { set_verdict({}, Judged::No); }  // after an edit

  const GameDef* def_;
  std::vector<uint8_t> height_, pieces_;
  std::vector<int8_t> owner_;  // the top piece's owner per cell (-1: empty); kept for the scripts' speed
  std::vector<int32_t> count_;  // pieces on the board per player; likewise
  // Pieces put in play by the edits (setup, push_piece, set_reserve) since the last clear:
  // moves never add any, so while this is within board.max_stack no move can build a stack
  // over it, and a trusted move needs no check (apply).
  int in_play_ = 0;
  int drawn_ = 0;  // pieces taken from unlimited hands, less those put back
  std::vector<uint64_t> owned_;  // owner_ as a bit set per player (owned_cells)
  int owned_words_ = 0;
  std::vector<int32_t> reserve_;
  int side_ = 0, ply_ = 0, removed_ = 0, occurrences_ = 0, quiet_plies_ = 0;
  uint64_t board_hash_ = 0;
  uint64_t dice_key_ = 0;  // mixed into hash(): the dice, or waiting for them
  std::array<uint8_t, kMaxDice> dice_{};
  uint8_t ndice_ = 0;
  bool awaiting_roll_ = false, opening_ = false;
  mutable Outcome outcome_;  // a cache of Rules' verdict: see outcome()
  mutable Judged judged_ = Judged::No;
  // The history: everything below is left out of a snapshot (a new member above this line
  // goes into State(const State&, Snapshot) too).
  std::vector<UndoRecord> undo_;
  std::vector<Action> undo_actions_;
  std::vector<uint8_t> undo_bytes_;  // pieces removed or replaced, for undo
  RepetitionTable seen_;  // repetition key -> occurrences
};

}  // namespace boardlab
