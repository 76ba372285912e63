// An agent's search speed, in the game loop.
#include "agents/agent_bench.h"

#include <chrono>

namespace boardlab {

namespace {

// The agent in every seat, until the time is up.
class Timed : public Player {
 public:
  Timed(Agent& agent, double seconds) : agent_(agent), seconds_(seconds) {}
  int choose(const Rules& rules, const State& s, const MoveList& legal) override {
    if (spent() >= seconds_) return kStop;
    ++decisions;
    return agent_.choose(rules, s, legal);
  }
  double spent() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }
  int decisions = 0;

 private:
  Agent& agent_;
  double seconds_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace

AgentBench bench_agent(const Rules& rules, Agent& agent, double seconds, uint64_t seed) {
  const uint64_t before = agent.iterations();
  Timed timed(agent, seconds);
  std::vector<Player*> seats(static_cast<size_t>(rules.def().nplayers()), &timed);
  Rng dice(seed);
  GameLoop loop;
  for (State s = rules.initial(); !loop.play(rules, s, seats, dice).stopped;) s = rules.initial();
  return {timed.decisions, timed.spent(), agent.iterations() - before};
}

}  // namespace boardlab
