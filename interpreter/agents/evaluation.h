// Evaluation: how good a position is for a player, in [-1, 1], for the agents. A finished
// game is exact (win 1, loss -1, draw 0); otherwise the game's evaluate hook, or a generic
// default: material on the board, by stack control and piece rank (evaluation.cpp); or,
// with an agent's eval=FILE, weights learned by self-play (learn/, `boardlab train`).
#pragma once
#include <memory>
#include <vector>
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
  // One network, or an ensemble: the mean of the networks' values, and of the built-in
  // evaluation's counted `builtin` times (which keeps a gradient, material say, where the
  // networks call every position won).
  explicit Evaluator(std::vector<std::shared_ptr<const LearnedEval>> learned, int builtin = 0)
      : learned_(std::move(learned)), builtin_(builtin), net_scratch_(learned_.size()) {
    for (const auto& l : learned_)
      if (l->net().antisymmetric()) both_views_ = l.get();
  }
  bool learned() const { return !learned_.empty(); }
  double operator()(const Rules& rules, const State& s, int player) {
    if (learned_.empty() || s.outcome().over()) return evaluate(rules, s, player);
    // Encoded once: every network loaded for a definition has its input layout. The
    // opponent's view only if an antisymmetric network is among them.
    (both_views_ ? both_views_ : learned_[0].get())->encode(s, player, inputs_, theirs_);
    double sum = 0;
    for (size_t i = 0; i < learned_.size(); ++i) sum += learned_[i]->net().value(inputs_, theirs_, net_scratch_[i]);
    if (builtin_ > 0) sum += builtin_ * evaluate(rules, s, player);
    return sum / static_cast<double>(learned_.size() + static_cast<size_t>(builtin_));
  }

 private:
  std::vector<std::shared_ptr<const LearnedEval>> learned_;
  int builtin_ = 0;  // members of the ensemble that are the built-in evaluation
  const LearnedEval* both_views_ = nullptr;  // an antisymmetric member, if any
  SparseInput inputs_, theirs_;
  std::vector<ValueNet::Scratch> net_scratch_;  // one each: networks of other sizes reuse none
};

// The evaluation an agent's `eval` parameter names: `builtin` (the default), `learned` (the
// weights the caller handed make_agent, else those the definition names), a weights file
// (loaded once per file and definition, then shared), or members joined by '+' (an ensemble:
// the mean of their values; `learned` and `builtin` may be members). Throws std::invalid_argument.
Evaluator evaluator_param(AgentParams& p, const GameDef& def);

}  // namespace boardlab
