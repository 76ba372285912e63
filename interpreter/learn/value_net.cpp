// ValueNet: evaluation and one step of learning (value_net.h).
#include "learn/value_net.h"

#include <cmath>
#include <cstring>

#include "core/rng.h"

namespace boardlab {

ValueNet::ValueNet(int inputs, int hidden, uint64_t seed, bool antisymmetric)
    : w1_(hidden, inputs), b1_(hidden), w2_(hidden), antisymmetric_(antisymmetric) {
  Rng rng(seed);
  const auto uniform = [&](float scale) {
    return scale * (static_cast<float>(rng.next() >> 40) / static_cast<float>(1 << 24) * 2 - 1);
  };
  for (Eigen::Index i = 0; i < w1_.size(); ++i) w1_.data()[i] = uniform(0.1f);
  b1_.setZero();
  for (Eigen::Index i = 0; i < w2_.size(); ++i) w2_[i] = uniform(1.0f / std::sqrt(static_cast<float>(hidden)));
}

namespace {
// The output's tanh by Eigen's vectorised approximation, as the hidden units': libm's
// tanhf cost a tenth of an evaluation.
float squash(float z) { return Eigen::Array4f::Constant(z).tanh()(0); }

}  // namespace

void ValueNet::forward_hidden(const SparseInput& x, Eigen::VectorXf& h) const {
  h = b1_;
  for (int k = 0; k < x.size(); ++k) h.noalias() += x.value(k) * w1_.col(x.index(k));
  h = h.array().tanh();
}

float ValueNet::forward(const SparseInput& mine, const SparseInput& theirs, Scratch& s) const {
  forward_hidden(mine, s.h);
  if (!antisymmetric_) return b2_ + w2_.dot(s.h);
  forward_hidden(theirs, s.h_theirs);
  return w2_.dot(s.h - s.h_theirs);
}

float ValueNet::value(const SparseInput& mine, const SparseInput& theirs, Scratch& s) const {
  return squash(forward(mine, theirs, s));
}

namespace {
// The first layer's step for one view: its inputs' columns and the hidden biases move by
// `grad` (the rate already in it).
void step_first_layer(Eigen::MatrixXf& w1, Eigen::VectorXf& b1, const SparseInput& x, const Eigen::VectorXf& grad) {
  for (int k = 0; k < x.size(); ++k) w1.col(x.index(k)).noalias() += x.value(k) * grad;
  b1 += grad;
}
}  // namespace

float ValueNet::learn(const SparseInput& mine, const SparseInput& theirs, float target, float rate, Scratch& s) {
  const float out = squash(forward(mine, theirs, s));
  // The cross-entropy gradient of the output (its probability of a win is (1 + out) / 2):
  // unlike squared error's, it does not vanish when the output saturates at the wrong end.
  const float d_out = target - out;
  // Both views' gradients before w2 moves; `theirs` enters with the opposite sign.
  s.grad = (d_out * w2_.array() * (1 - s.h.array().square())).matrix();
  if (antisymmetric_) {
    s.grad_theirs = (-d_out * w2_.array() * (1 - s.h_theirs.array().square())).matrix();
    w2_.noalias() += (rate * d_out) * (s.h - s.h_theirs);
  } else {
    w2_.noalias() += (rate * d_out) * s.h;
    b2_ += rate * d_out;
  }
  s.grad *= rate;
  step_first_layer(w1_, b1_, mine, s.grad);
  if (antisymmetric_) {
    s.grad_theirs *= rate;
    step_first_layer(w1_, b1_, theirs, s.grad_theirs);
  }
  return out;
}

void ValueNet::write_parameters(float* out) const {
  std::memcpy(out, w1_.data(), sizeof(float) * static_cast<size_t>(w1_.size()));
  out += w1_.size();
  std::memcpy(out, b1_.data(), sizeof(float) * static_cast<size_t>(b1_.size()));
  out += b1_.size();
  std::memcpy(out, w2_.data(), sizeof(float) * static_cast<size_t>(w2_.size()));
  out[w2_.size()] = b2_;
}

void ValueNet::read_parameters(const float* in) {
  std::memcpy(w1_.data(), in, sizeof(float) * static_cast<size_t>(w1_.size()));
  in += w1_.size();
  std::memcpy(b1_.data(), in, sizeof(float) * static_cast<size_t>(b1_.size()));
  in += b1_.size();
  std::memcpy(w2_.data(), in, sizeof(float) * static_cast<size_t>(w2_.size()));
  b2_ = antisymmetric_ ? 0 : in[w2_.size()];
}

}  // namespace boardlab
