// ValueNet: a small dense network from sparse inputs to a value in (-1, 1): one hidden layer
// of tanh units and a tanh output. The first layer only adds the columns of the inputs that
// are set (a position sets a few dozen of hundreds), so an evaluation costs
// inputs set x hidden additions; Eigen does the dense part in vector instructions.
#pragma once
#include <Eigen/Core>
#include <cstdint>

#include "learn/input_layout.h"

namespace boardlab {

class ValueNet {
 public:
  ValueNet() = default;
  // Small random weights from `seed`.
  ValueNet(int inputs, int hidden, uint64_t seed);

  int inputs() const { return static_cast<int>(w1_.cols()); }
  int hidden() const { return static_cast<int>(w1_.rows()); }

  // What one thread's evaluations work in (a net is shared read-only between threads).
  struct Scratch {
    Eigen::VectorXf h, grad;
  };
  float value(const SparseInput& x, Scratch& s) const;
  // One gradient step toward `target` at `rate` (on the cross-entropy of the win
  // probabilities (1 + value) / 2 and (1 + target) / 2); returns the value before it.
  float learn(const SparseInput& x, float target, float rate, Scratch& s);

  // The weights as one flat array (w1 column by column, b1, w2, b2): what a file holds.
  size_t parameter_count() const { return static_cast<size_t>(w1_.size() + b1_.size() + w2_.size() + 1); }
  void write_parameters(float* out) const;
  void read_parameters(const float* in);
  bool operator==(const ValueNet& o) const {
    return w1_ == o.w1_ && b1_ == o.b1_ && w2_ == o.w2_ && b2_ == o.b2_;
  }

 private:
  void forward_hidden(const SparseInput& x, Scratch& s) const;
  Eigen::MatrixXf w1_;  // hidden x inputs: a column per input
  Eigen::VectorXf b1_, w2_;
  float b2_ = 0;
};

}  // namespace boardlab
