// The drop block: pieces placed from a hand onto any empty cell, or dropped in to fall along
// a direction until something stops them, one move per column. `moves: {drop: {from: hand,
// fall: s, flags: [progress]}}`. The search is script/drop_moves.cpp, which scripts reach
// through drop.generate (scripts/lib/drop.lua).
#include <fmt/format.h>

#include "core/move.h"
#include "definition/game_def.h"
#include "definition/move_block.h"
#include "script/drop_moves.h"
#include "state/state.h"

namespace boardlab {
namespace {

class Drop final : public DeclaredBlock {
 public:
  Drop(const GameDef& g, int from, int kind, int fall, uint8_t flags)
      : from_(from), kind_(kind), fall_(fall), flags_(flags), nplayers_(g.nplayers()), ncodes_(g.ncodes),
        names_(g.board.cell_names) {
    // A falling piece's column names its move too (`d` for `d1`): a cell's name up to its
    // first digit.
    if (fall_ >= 0)
      for (const auto& name : names_) columns_.push_back(name.substr(0, name.find_first_of("0123456789")));
  }

  int32_t generate(bl_host& host, const bl_board& board) const override {
    const int code = 1 + kind_ * nplayers_ + host.state.side;
    if (host.state.reserve[from_ * ncodes_ + code] <= 0) return BL_OK;  // the hand has none
    const bl_drop_rules rules{from_, code, fall_, flags_};
    return drop_moves(&host, &board, &rules);
  }

  std::vector<std::string> notation(const State&, const Move& m) const override {
    for (int i = 0; i < m.count; ++i)
      if (const Action& a = m.actions[static_cast<size_t>(i)]; a.op == Op::FromReserve) {
        if (fall_ < 0) return {names_[a.a]};
        return {names_[a.a], columns_[a.a]};
      }
    return {"?"};  // not a move of this block's
  }

  uint8_t flags() const override { return flags_; }
  bool reads_side_cells() const override { return false; }

 private:
  int from_, kind_, fall_;
  uint8_t flags_;
  int nplayers_, ncodes_;
  std::vector<std::string> names_, columns_;  // [cell]
};

using namespace schema;
const Field kFrom{"from", string(), true, "the reserve the pieces come from: a hand stocked in the setup"};
const Field kKind{"kind", string(), false, "the kind of piece placed (the side to move's); default the first kind"};
const Field kFall{"fall", string(), false,
                  "a direction pieces fall along, coming to rest on the last empty cell before the edge or a piece"};
const Field kFlags{"flags", list(string()), false, "the flags every placement carries: progress, events"};

DeclaredBlockPtr read(const YNode& node, BlockReader& r) {
  const GameDef& g = r.game();
  const int from = r.reserve(*kFrom.in(node));
  const YNode* fall_node = kFall.in(node);
  const int fall = fall_node ? r.direction(*fall_node) : -1;
  int kind = 0;
  if (const YNode* k = kKind.in(node)) kind = r.kind(k->scalar, k->pos);
  const uint8_t flags = r.flags(kFlags.in(node));
  if (from < 0 || kind < 0 || (fall_node && fall < 0)) return nullptr;
  return std::make_shared<Drop>(g, from, kind, fall, flags);
}

BOARDLAB_REGISTER_MOVE_BLOCK(MoveBlockType{"drop", "pieces placed from a hand onto an empty cell (the drop library)",
                                           structure({kFrom, kKind, kFall, kFlags}), &read});

}  // namespace
}  // namespace boardlab
