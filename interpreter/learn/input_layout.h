// InputLayout: how any State becomes the input of a learned evaluation, derived from the
// GameDef alone (no game is named). Seen from one player (the perspective):
//   - per playable cell and stack level, counted from the top (level 0 is the top piece),
//     one input per piece kind and owner, the owner counted from the perspective (0: mine,
//     1: the next player's, ...): so a stack's height is unary, as in TD-Gammon;
//     below the levels kept, the height left over, as a fraction;
//   - per reserve slot, kind and owner: whether it holds any, and how many (a fraction of
//     the owner's pieces);
//   - the side to move, from the perspective; the perspective itself (absolute);
//   - with dice: whether the state waits for a roll, and per face the dice left to play.
// In a two-player game whose players go opposite ways (forward vectors opposite) on a board
// that looks the same turned half round, the second player sees the board turned: each
// side's view of its own game is the same input, so what is learned for one serves both.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "state/state.h"

namespace boardlab {

// A sparse input: the non-zero inputs and their values, in arrays kept between positions
// (an encoding writes into them without allocating).
class SparseInput {
 public:
  int size() const { return n_; }
  int index(int k) const { return index_[static_cast<size_t>(k)]; }
  float value(int k) const { return value_[static_cast<size_t>(k)]; }
  const int32_t* indices() const { return index_.data(); }
  const float* values() const { return value_.data(); }
  void clear() { n_ = 0; }
  // Room for `n` inputs; what is there is kept.
  void reserve(int n) {
    if (static_cast<int>(index_.size()) < n) index_.resize(static_cast<size_t>(n)), value_.resize(static_cast<size_t>(n));
  }
  void add(int i, float v) {  // within the room reserved
    index_[static_cast<size_t>(n_)] = i;
    value_[static_cast<size_t>(n_)] = v;
    ++n_;
  }
  void assign(const int32_t* index, const float* value, int n) {
    reserve(n);
    std::copy(index, index + n, index_.begin());
    std::copy(value, value + n, value_.begin());
    n_ = n;
  }

 private:
  std::vector<int32_t> index_;
  std::vector<float> value_;
  int n_ = 0;
};

class InputLayout {
 public:
  explicit InputLayout(const GameDef& def);

  int size() const { return size_; }
  // Writes the inputs of `s` seen from `perspective` (a player) into `out`.
  void encode(const State& s, int perspective, SparseInput& out) const;
  // One line per block of inputs ("cells 26 x levels 3 x codes 2 = 156 at 0"...): saved
  // with weights, so a file for another layout is refused.
  std::string describe() const;
  // Whether the second player sees the board turned half round.
  bool turned() const { return !turn_.empty(); }

 private:
  int nplayers_, nkinds_, levels_, stack_cap_, ncodes_rel_;
  std::vector<int> cells_;      // the playable cells, in input order
  std::vector<int> turn_;       // [cell] -> the cell half a turn away (two players), or empty
  // [perspective * ncodes + code]: the code's kind-owner input; [perspective * ncells +
  // cell]: the cell's block (-1: not playable), the half turn applied. Tables, as encode
  // runs at every leaf of a search.
  std::vector<int16_t> relative_;
  std::vector<int32_t> block_;
  int nslots_, ncodes_, dice_sides_;
  int at_cells_, per_cell_, at_reserves_, at_side_, at_perspective_, at_dice_, size_;
  int most_set_;  // the most inputs a position can set
  float piece_share_;  // one piece as a fraction of a player's pieces, for reserve counts
};

}  // namespace boardlab
