// The simplest agents: random (a uniformly random legal move) and greedy (the best move by
// a one-ply evaluation, ties broken at random).
#include "agents/factories.h"

#include "agents/evaluation.h"
#include "agents/greedy_choice.h"

namespace boardlab {

namespace {

class RandomAgent : public Agent {
 public:
  explicit RandomAgent(uint64_t seed) : rng_(seed) {}
  int decide(const Rules&, const State&, const MoveList& legal) override {
    return static_cast<int>(rng_.below(static_cast<uint32_t>(legal.size())));
  }

 private:
  Rng rng_;
};

class GreedyAgent : public Agent {
 public:
  GreedyAgent(Evaluator eval, uint64_t seed) : eval_(std::move(eval)), rng_(seed) {}
  int decide(const Rules& rules, const State& s, const MoveList& legal) override {
    State work = s;
    return greedy_choice(rules, work, legal, rng_, [&](const State& after, int me) { return eval_(rules, after, me); });
  }

 private:
  Evaluator eval_;
  Rng rng_;
};

}  // namespace

std::unique_ptr<Agent> make_random_agent(AgentParams& p, const GameDefPtr&, uint64_t seed) {
  p.finish();
  return std::make_unique<RandomAgent>(seed);
}

std::unique_ptr<Agent> make_greedy_agent(AgentParams& p, const GameDefPtr& def, uint64_t seed) {
  Evaluator eval = evaluator_param(p, *def);
  p.finish();
  return std::make_unique<GreedyAgent>(std::move(eval), seed);
}

}  // namespace boardlab
