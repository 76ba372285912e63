// LearnedEval: a ValueNet with the input layout and the definition it was trained for, and
// its weights file (docs/learning.md describes the format). Loading refuses a file made
// for another definition or another input layout; a file made for an earlier version of
// the same definition (its content hash differs) loads with a warning.
#pragma once
#include <iosfwd>
#include <memory>
#include <string>

#include "learn/input_layout.h"
#include "learn/value_net.h"

namespace boardlab {

// The largest weights file boardlab reads: the shipped ones are under 200 kB.
constexpr size_t kMaxWeightsFile = size_t{64} << 20;
// The longest header line (JSON), written or read: the shipped ones are about 1 kB. Its JSON
// tree costs ~25 times its text, so a 63 MB header took 1.5 GB before this limit.
constexpr size_t kMaxWeightsHeader = size_t{1} << 20;

// The inputs a net judges `s` by for `player`: that player's view, and for an antisymmetric
// net (two players) the other's view too.
inline void encode_views(const InputLayout& layout, const ValueNet& net, const State& s, int player, SparseInput& mine,
                         SparseInput& theirs) {
  layout.encode(s, player, mine);
  if (net.antisymmetric()) layout.encode(s, 1 - player, theirs);
}

class LearnedEval {
 public:
  // Untrained: small random weights from `seed`; antisymmetric (ValueNet) only for two
  // players (throws std::invalid_argument otherwise).
  LearnedEval(const GameDef& def, int hidden, uint64_t seed, bool antisymmetric = false);
  // Throws std::runtime_error naming the file and what is wrong with it. `warning` (if
  // given) receives a note for a definition whose content changed since training, else "".
  static std::shared_ptr<const LearnedEval> load(const std::string& path, const GameDef& def,
                                                 std::string* warning = nullptr);
  // The same from a stream; `name` is what the errors call it.
  static std::shared_ptr<const LearnedEval> read(std::istream& in, const std::string& name, const GameDef& def,
                                                 std::string* warning = nullptr);
  // Writes the file (throws std::runtime_error if it cannot). `training` is a JSON object
  // saying how the weights were trained, kept in the header for people.
  void save(const std::string& path, const std::string& training = "{}") const;

  const InputLayout& layout() const { return layout_; }
  const ValueNet& net() const { return net_; }
  ValueNet& net() { return net_; }
  const std::string& training() const { return training_; }

  // The inputs of `s` seen by `player`, and (for an antisymmetric net) by the other player.
  void encode(const State& s, int player, SparseInput& mine, SparseInput& theirs) const {
    encode_views(layout_, net_, s, player, mine, theirs);
  }

  struct Scratch {
    SparseInput x, x_theirs;
    ValueNet::Scratch net;
  };
  // How good `s` is for `player`, in (-1, 1) (the net's estimate of the result: a win 1, a
  // loss -1); the caller handles a finished game.
  double value(const State& s, int player, Scratch& scratch) const {
    encode(s, player, scratch.x, scratch.x_theirs);
    return net_.value(scratch.x, scratch.x_theirs, scratch.net);
  }

 private:
  std::string definition_, content_hash_, training_ = "{}";
  InputLayout layout_;
  ValueNet net_;
};

}  // namespace boardlab
