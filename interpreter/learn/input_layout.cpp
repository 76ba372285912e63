// InputLayout: the generic inputs of a learned evaluation (input_layout.h says which).
#include "learn/input_layout.h"

#include <algorithm>
#include <bit>
#include <fmt/format.h>

namespace boardlab {

namespace {
// Stack levels kept per cell, from the top: the pieces under them are summed up as a height.
constexpr int kMaxLevels = 8;
}  // namespace

InputLayout::InputLayout(const GameDef& def)
    : nplayers_(def.nplayers()),
      nkinds_(static_cast<int>(def.kinds.size())),
      levels_(std::min(def.stack_cap, kMaxLevels)),
      stack_cap_(def.stack_cap),
      ncodes_rel_(nkinds_ * nplayers_),
      nslots_(static_cast<int>(def.reserve_slots.size())),
      ncodes_(def.ncodes),
      dice_sides_(def.dice.count ? def.dice.sides : 0) {
  const Board& b = def.board;
  std::vector<int> slot(static_cast<size_t>(b.ncells), -1);  // [cell] -> its index in cells_
  for (int c = 0; c < b.ncells; ++c)
    if (b.playable[static_cast<size_t>(c)]) {
      slot[static_cast<size_t>(c)] = static_cast<int>(cells_.size());
      cells_.push_back(c);
    }
  // The half turn, when both players go opposite ways and the board maps onto itself.
  if (nplayers_ == 2 && def.players[0].forward >= 0 && def.players[1].forward >= 0) {
    const auto f0 = b.dir_vectors[static_cast<size_t>(def.players[0].forward)];
    const auto f1 = b.dir_vectors[static_cast<size_t>(def.players[1].forward)];
    if (f0.first == -f1.first && f0.second == -f1.second) {
      std::vector<int> turn(static_cast<size_t>(b.ncells));
      bool maps = true;
      for (int c = 0; c < b.ncells && maps; ++c) {
        const int t = b.cell_at(b.width - 1 - b.x[static_cast<size_t>(c)], b.height - 1 - b.y[static_cast<size_t>(c)]);
        maps = t >= 0 && b.playable[static_cast<size_t>(t)] == b.playable[static_cast<size_t>(c)];
        turn[static_cast<size_t>(c)] = t;
      }
      if (maps) turn_ = std::move(turn);
    }
  }
  per_cell_ = levels_ * ncodes_rel_ + (stack_cap_ > levels_ ? 1 : 0);
  at_cells_ = 0;
  at_reserves_ = at_cells_ + static_cast<int>(cells_.size()) * per_cell_;
  at_side_ = at_reserves_ + nslots_ * ncodes_rel_ * 2;
  at_perspective_ = at_side_ + nplayers_;
  at_dice_ = at_perspective_ + nplayers_;
  size_ = at_dice_ + (dice_sides_ ? 1 + dice_sides_ : 0);
  most_set_ = static_cast<int>(cells_.size()) * (levels_ + 1) + nslots_ * ncodes_rel_ * 2 + 2 + (dice_sides_ ? 1 + dice_sides_ : 0);
  piece_share_ = 1.0f / static_cast<float>(std::max(1, def.total_pieces / nplayers_));
  for (int p = 0; p < nplayers_; ++p) {
    for (int code = 0; code < ncodes_; ++code)
      relative_.push_back(code ? static_cast<int16_t>(def.kind_of[static_cast<size_t>(code)] * nplayers_ +
                                                      (def.owner_of[static_cast<size_t>(code)] - p + nplayers_) % nplayers_)
                               : int16_t{0});
    for (int c = 0; c < b.ncells; ++c) {
      const int seen = p == 1 && !turn_.empty() ? turn_[static_cast<size_t>(c)] : c;
      block_.push_back(slot[static_cast<size_t>(seen)] < 0 ? -1 : at_cells_ + slot[static_cast<size_t>(seen)] * per_cell_);
    }
  }
}

void InputLayout::encode(const State& s, int perspective, SparseInput& out) const {
  out.clear();
  out.reserve(most_set_);
  const int16_t* relative = &relative_[static_cast<size_t>(perspective * ncodes_)];
  const int32_t* block = &block_[static_cast<size_t>(perspective) * static_cast<size_t>(s.def().board.ncells)];
  const State::Arrays a = s.arrays();
  // The occupied cells from the owners' bit sets: a scan of every cell mispredicts a branch
  // at each empty one, which cost more than the rest of the encoding.
  for (int owner = 0; owner < nplayers_; ++owner) {
    const uint64_t* words = s.owned_cells(owner);
    for (int w = 0; w < s.owned_words(); ++w)
      for (uint64_t bits = words[w]; bits; bits &= bits - 1) {
        const int c = w * 64 + std::countr_zero(bits);
        const int h = a.height[c];
        const int base = block[c];
        const uint8_t* top = a.pieces + static_cast<size_t>(c) * static_cast<size_t>(stack_cap_) + h - 1;
        const int kept = std::min(h, levels_);
        for (int k = 0; k < kept; ++k) out.add(base + k * ncodes_rel_ + relative[top[-k]], 1.0f);
        if (h > levels_) out.add(base + levels_ * ncodes_rel_, static_cast<float>(h - levels_) / static_cast<float>(stack_cap_ - levels_));
      }
  }
  for (int r = 0; r < nslots_; ++r)
    for (int code = 1; code < ncodes_; ++code) {
      const int32_t n = s.reserve(r, code);
      if (n <= 0) continue;
      const int at = at_reserves_ + (r * ncodes_rel_ + relative[code]) * 2;
      out.add(at, 1.0f);
      out.add(at + 1, static_cast<float>(n) * piece_share_);
    }
  out.add(at_side_ + (s.side() - perspective + nplayers_) % nplayers_, 1.0f);
  out.add(at_perspective_ + perspective, 1.0f);
  if (dice_sides_) {
    if (s.awaiting_roll()) out.add(at_dice_, 1.0f);
    for (int d = 0; d < s.ndice(); ++d) {  // each face once, with how many dice show it
      const int face = s.die(d);
      int same = 0, earlier = 0;
      for (int e = 0; e < s.ndice(); ++e) same += s.die(e) == face, earlier += e < d && s.die(e) == face;
      if (!earlier && face >= 1 && face <= dice_sides_) out.add(at_dice_ + face, 0.25f * static_cast<float>(same));
    }
  }
}

std::string InputLayout::describe() const {
  std::string d = fmt::format("cells {} x (levels {} x kind-owner {}{}) at {}; ", cells_.size(), levels_, ncodes_rel_,
                              stack_cap_ > levels_ ? " + height below" : "", at_cells_);
  d += fmt::format("reserves {} x kind-owner {} x 2 at {}; side to move {} at {}; perspective {} at {}; ", nslots_,
                   ncodes_rel_, at_reserves_, nplayers_, at_side_, nplayers_, at_perspective_);
  d += dice_sides_ ? fmt::format("dice: awaiting roll + faces {} at {}; ", dice_sides_, at_dice_) : "no dice; ";
  d += fmt::format("board turned for the second player: {}; {} inputs", turned() ? "yes" : "no", size_);
  return d;
}

}  // namespace boardlab
