// Evaluation: how good a position is for a player, in [-1, 1], for the agents. A finished
// game is exact (win 1, loss -1, draw 0); otherwise the game's evaluate hook, or a generic
// default: material on the board, by stack control and piece rank (evaluation.cpp); or,
// with an agent's eval=FILE, weights learned by self-play (learn/, `boardlab train`).
#pragma once
#include <memory>
#include <string>

#include "agents/params.h"
#include "learn/learned_eval.h"
#include "rules/rules.h"

namespace boardlab {

double terminal_value(const Outcome& o, int player);  // the game must be over
// The built-in evaluation: the evaluate hook, else material.
double evaluate(const Rules& rules, const State& s, int player);

// An agent's evaluation: the built-in one, or learned weights. Each search thread has its
// own (the weights are shared, the scratch is not).
class Evaluator {
 public:
  Evaluator() = default;
  explicit Evaluator(std::shared_ptr<const LearnedEval> learned) : learned_(std::move(learned)) {}
  bool learned() const { return learned_ != nullptr; }
  double operator()(const Rules& rules, const State& s, int player) {
    if (!learned_ || s.outcome().over()) return evaluate(rules, s, player);
    return learned_->value(s, player, scratch_);
  }

 private:
  std::shared_ptr<const LearnedEval> learned_;
  LearnedEval::Scratch scratch_;
};

// The evaluation an agent's `eval` parameter names: `builtin` (the default), `learned` (the
// weights the caller handed make_agent, else those the definition names) or a weights file
// (loaded once per file and definition, then shared). Throws std::invalid_argument.
Evaluator evaluator_param(AgentParams& p, const GameDef& def);

}  // namespace boardlab
