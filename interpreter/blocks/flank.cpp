// The flank block: a piece placed from a hand onto an empty cell from which, along at least
// one direction, an unbroken run of enemy pieces ends at a piece of the placer's; every such
// run, in every direction at once, turns to the placer. A placement that brackets nothing is
// no move. `moves: {flank: {from: hand, flags: [progress]}}`.
//
// Moves go in cell order; a move is the placement, then a set_top for each cell turned, run
// by run in the order of the directions (the board's, or `dirs`), nearest first. Only the
// top pieces count, and a turned piece keeps its kind. Its notation is the cell (`d3`).
#include <fmt/format.h>

#include "core/move.h"
#include "definition/game_def.h"
#include "definition/move_block.h"
#include "script/move_list.h"
#include "state/state.h"

namespace boardlab {
namespace {

class Flank final : public DeclaredBlock {
 public:
  Flank(const GameDef& g, int from, int kind, std::vector<int> dirs, uint8_t flags)
      : from_(from), kind_(kind), dirs_(std::move(dirs)), flags_(flags), nplayers_(g.nplayers()), ncodes_(g.ncodes),
        names_(g.board.cell_names) {}

  int32_t generate(bl_host& host, const bl_board& B) const override {
    const bl_state& S = host.state;
    const int me = S.side, code = 1 + kind_ * nplayers_ + me;
    if (S.reserve[from_ * ncodes_ + code] <= 0) return BL_OK;  // the hand has none
    // One loop step per cell and direction, charged at once.
    if ((host.ticks_left -= B.ncells * static_cast<int>(dirs_.size())) < 0) return BL_TICKS;
    const uint8_t *height = S.height, *playable = B.playable;
    const int8_t* owner = S.owner;
    int32_t status = BL_OK;
    int16_t turned[kMaxActions];
    for (int c = 0; c < B.ncells; ++c) {
      if (!playable[c] || height[c] != 0) continue;
      int n = 0;
      const int16_t* rays = rays_from(B, c);
      for (const int d : dirs_) {
        const int16_t* ray = rays + d * ray_stride(B);
        int k = 1;
        // The enemy run from the next cell on (a ray longer than max_ray is never needed:
        // max_ray is the board's longest line).
        while (k <= B.max_ray && ray[k] >= 0 && playable[ray[k]] && owner[ray[k]] >= 0 && owner[ray[k]] != me) ++k;
        if (k == 1 || k > B.max_ray || ray[k] < 0 || !playable[ray[k]] || owner[ray[k]] != me) continue;
        if (n + k - 1 >= kMaxActions) return BL_CHAINS_ACTIONS;  // more than a move holds
        for (int i = 1; i < k; ++i) turned[n++] = ray[i];
      }
      if (n == 0) continue;
      int32_t* w = MoveList::begin_move(host.moves, 1 + n, flags_, status);
      if (!w) return status;
      w = MoveList::put(w, Op::FromReserve, 0, c, from_, code);
      for (int i = 0; i < n; ++i) {
        const int cell = turned[i], top = S.pieces[cell * B.stack_cap + height[cell] - 1];
        w = MoveList::put(w, Op::SetTop, 0, cell, 0, 1 + B.kind_of[top] * nplayers_ + me);
      }
    }
    return status;
  }

  std::vector<std::string> notation(const State&, const Move& m) const override {
    for (int i = 0; i < m.count; ++i)
      if (const Action& a = m.actions[static_cast<size_t>(i)]; a.op == Op::FromReserve) return {names_[a.a]};
    return {"?"};  // not a move of this block's
  }

  uint8_t flags() const override { return flags_; }
  bool reads_side_cells() const override { return false; }

 private:
  int from_, kind_;
  std::vector<int> dirs_;
  uint8_t flags_;
  int nplayers_, ncodes_;
  std::vector<std::string> names_;  // [cell]
};

using namespace schema;
const Field kFrom{"from", string(), true, "the reserve the pieces come from: a hand stocked in the setup"};
const Field kKind{"kind", string(), false, "the kind of piece placed (the side to move's); default the first kind"};
const Field kDirs{"dirs", list(string()), false, "the directions a run may go; default every direction of the board"};
const Field kFlags{"flags", list(string()), false, "the flags every placement carries: progress, events"};

DeclaredBlockPtr read(const YNode& node, BlockReader& r) {
  const GameDef& g = r.game();
  const int from = r.reserve(*kFrom.in(node));
  int kind = 0;
  if (const YNode* k = kKind.in(node)) kind = r.kind(k->scalar, k->pos);
  std::vector<int> dirs;
  bool ok = from >= 0 && kind >= 0;
  if (const YNode* list = kDirs.in(node)) {
    for (const auto& d : list->items) {
      dirs.push_back(r.direction(*d));
      ok = ok && dirs.back() >= 0;
    }
    if (dirs.empty()) r.error(list->pos, fmt::format("'moves.flank.{}' lists no direction", kDirs.name)), ok = false;
  } else {
    for (int d = 0; d < g.board.ndirs(); ++d) dirs.push_back(d);
  }
  const uint8_t flags = r.flags(kFlags.in(node));
  if (!ok) return nullptr;
  return std::make_shared<Flank>(g, from, kind, std::move(dirs), flags);
}

BOARDLAB_REGISTER_MOVE_BLOCK(MoveBlockType{"flank",
                                           "pieces placed from a hand where they bracket enemy runs, which turn over",
                                           structure({kFrom, kKind, kDirs, kFlags}), &read});

}  // namespace
}  // namespace boardlab
