// The simplest agents: random (a uniformly random legal move) and greedy (the best move by
// a one-ply evaluation, ties broken at random).
#include "agents/factories.h"

#include "agents/evaluation.h"

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
    const int me = s.side();
    double best = -2;
    int pick = 0, ties = 0;
    Move m;
    for (int i = 0; i < legal.size(); ++i) {
      legal.get(i, m);
      rules.apply(work, m);
      // After a move the dice are not rolled yet: the evaluation sees the board.
      const double v = eval_(rules, work, me);
      work.undo();
      if (v > best + 1e-12) {
        best = v, pick = i, ties = 1;
      } else if (v > best - 1e-12 && rng_.below(static_cast<uint32_t>(++ties)) == 0) {
        pick = i;  // reservoir sampling: each tied move equally likely
      }
    }
    return pick;
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
