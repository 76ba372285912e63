// A Python callable as a seat of the lab's games: policy(state) -> action, asked with the
// GIL taken, from whichever thread plays the game.
#pragma once
#include "agents/agent.h"
#include "bindings.h"

namespace boardlab::python {

class CallableAgent : public Agent {
 public:
  // `policy` is borrowed: the caller keeps it alive while games are played.
  CallableAgent(GamePtr game, py::handle policy, std::string name)
      : game_(std::move(game)), policy_(policy), name_(std::move(name)) {}

 protected:
  int decide(const Rules& rules, const State& s, const MoveList& legal) override;

 private:
  GamePtr game_;
  py::handle policy_;
  std::string name_;
};

}  // namespace boardlab::python
