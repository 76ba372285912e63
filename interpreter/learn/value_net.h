// ValueNet: a small dense network from sparse inputs to a value in (-1, 1): one hidden layer
// of tanh units and a tanh output. The first layer only adds the columns of the inputs that
// are set (a position sets a few dozen of hundreds), so an evaluation costs
// inputs set x hidden additions; Eigen does the dense part in vector instructions.
//
// An antisymmetric net (two players) sees a position twice, from the player it judges for
// (`mine`) and from the opponent (`theirs`), through the same hidden layer, and outputs the
// tanh of the difference: its value for one side is exactly the negation of its value for
// the other, by construction rather than by training. It costs two encodings and two hidden
// layers (1.7-2.2x a plain evaluation, bench_learned_eval).
#pragma once
#include <Eigen/Core>
#include <cstdint>

#include "learn/input_layout.h"

namespace boardlab {

class ValueNet {
 public:
  ValueNet() = default;
  // Small random weights from `seed`.
  ValueNet(int inputs, int hidden, uint64_t seed, bool antisymmetric = false);

  int inputs() const { return static_cast<int>(w1_.cols()); }
  int hidden() const { return static_cast<int>(w1_.rows()); }
  bool antisymmetric() const { return antisymmetric_; }

  // What one thread's evaluations work in (a net is shared read-only between threads).
  struct Scratch {
    Eigen::VectorXf h, h_theirs, grad, grad_theirs;
  };
  // The value for the player `mine` sees from; a plain net ignores `theirs`.
  float value(const SparseInput& mine, const SparseInput& theirs, Scratch& s) const;
  // One gradient step toward `target` at `rate` (on the cross-entropy of the win
  // probabilities (1 + value) / 2 and (1 + target) / 2); returns the value before it.
  float learn(const SparseInput& mine, const SparseInput& theirs, float target, float rate, Scratch& s);

  // The weights as one flat array (w1 column by column, b1, w2, b2): what a file holds (an
  // antisymmetric net has no output bias, which would break the symmetry: it writes b2 as 0
  // and ignores the b2 it reads).
  size_t parameter_count() const { return static_cast<size_t>(w1_.size() + b1_.size() + w2_.size() + 1); }
  void write_parameters(float* out) const;
  void read_parameters(const float* in);
  bool operator==(const ValueNet& o) const {
    return antisymmetric_ == o.antisymmetric_ && w1_ == o.w1_ && b1_ == o.b1_ && w2_ == o.w2_ && b2_ == o.b2_;
  }

 private:
  void forward_hidden(const SparseInput& x, Eigen::VectorXf& h) const;
  // The output's argument: w2 . h + b2, or w2 . (h - h_theirs) when antisymmetric.
  float forward(const SparseInput& mine, const SparseInput& theirs, Scratch& s) const;
  Eigen::MatrixXf w1_;  // hidden x inputs: a column per input
  Eigen::VectorXf b1_, w2_;
  float b2_ = 0;
  bool antisymmetric_ = false;
};

}  // namespace boardlab
