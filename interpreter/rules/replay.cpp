// The one walk of a written game.
#include "rules/replay.h"

#include <fmt/format.h>

namespace boardlab {

const Rules::Notation& Replayer::notation() {
  if (!notation_) notation_ = rules_.notation(s_, legal_);
  return *notation_;
}

std::string Replayer::play(const WrittenPly& ply) {
  const GameDef& def = rules_.def();
  legal_.clear();
  notation_.reset();
  parsed_ = {};
  if (rules_.is_chance(s_)) {
    if (ply.dice.empty()) return "the position waits for a roll, and none is given";
    try {
      rules_.apply(s_, read_roll(s_, ply.dice, ply.side));
    } catch (const PositionError& e) {
      return e.what();
    }
    if (observer_) observer_->rolled(s_);
  }
  rules_.legal_moves(s_, legal_);  // empty exactly when the game is over (one generation)
  if (legal_.empty()) return "the game is over: " + describe(def, rules_.outcome(s_));
  if (ply.side >= 0 && ply.side != s_.side())
    return fmt::format("it is {}'s turn", def.players[static_cast<size_t>(s_.side())].name);
  int chosen = ply.index;
  if (chosen >= legal_.size())
    return fmt::format("there is no move number {} (from 0) of {} legal moves", chosen, legal_.size());
  if (chosen < 0) {
    parsed_ = notation().parse(ply.move);
    if (parsed_.index < 0) return parsed_.error;
    chosen = parsed_.index;
  }
  if (observer_) observer_->moving(s_, legal_, chosen);
  legal_.get(chosen, move_);
  rules_.apply(s_, move_);
  if (observer_) observer_->moved(s_);
  return {};
}

}  // namespace boardlab
