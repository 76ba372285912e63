// The one game loop: rolls the dice, lists the legal moves, asks the seat's player to choose,
// applies the move, until the game ends, a ply limit is reached or a player stops it. Every
// command that plays games uses it (bench, playouts, check's invariants, match, simulate,
// play); an observer sees each roll and move, and a player may be anyone: an agent, a
// person at the terminal, random play.
#pragma once
#include <span>

#include "rules/rules.h"

namespace boardlab {

// Whoever chooses the moves of a seat.
class Player {
 public:
  static constexpr int kStop = -1;  // stop the loop here, the game unfinished
  virtual ~Player() = default;
  // The index of one of `legal` (never empty), the moves of `s` whose dice are rolled; or
  // kStop.
  virtual int choose(const Rules& rules, const State& s, const MoveList& legal) = 0;
};

// A uniformly random legal move from an RNG the caller owns (a random playout draws its
// dice and its moves from one RNG).
class RandomPlayer : public Player {
 public:
  explicit RandomPlayer(Rng& rng) : rng_(&rng) {}
  int choose(const Rules&, const State&, const MoveList& legal) override {
    return static_cast<int>(rng_->below(static_cast<uint32_t>(legal.size())));
  }

 private:
  Rng* rng_;
};

// Sees a game as it is played. The loop calls it on the loop's thread.
class GameObserver {
 public:
  virtual ~GameObserver() = default;
  virtual void rolled(const State& s) { (void)s; }  // after a roll
  // Before a move is applied: the state, its legal moves and the one chosen.
  virtual void moving(const State& s, const MoveList& legal, int chosen) { (void)s, (void)legal, (void)chosen; }
  virtual void moved(const State& s) { (void)s; }  // after it, and after the end-of-move rules
};

struct LoopEnd {
  int plies = 0;         // moves applied by this call
  bool stopped = false;  // a player said kStop; else the game is over or at the ply limit
};

class GameLoop {
 public:
  // Plays from `s` with seats[p] choosing for player p and the dice from `dice`, for at most
  // `max_plies` moves (0: no limit but the game's own). The outcome is in `s` when the game
  // is over.
  LoopEnd play(const Rules& rules, State& s, std::span<Player* const> seats, Rng& dice, int max_plies = 0,
               GameObserver* observer = nullptr);

 private:
  MoveList moves_;  // kept between calls: no allocation per game
  Move move_;
};

}  // namespace boardlab
