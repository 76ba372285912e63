// The steps block: pieces that step, slide or leap along the board's directions and capture
// by moving onto an enemy stack, and stacks that split, their top pieces going as many
// cells as there are of them, with merging and bearing off. `moves: {steps: {pieces: {pawn:
// {white: [{dirs: [n], onto: empty}, {dirs: [ne, nw]}]}}}}`. The search is
// script/step_moves.cpp, which scripts reach through steps.generate (scripts/lib/steps.lua,
// whose header says what each key means); here its tables are made from the definition.
#include <algorithm>
#include <fmt/format.h>

#include "core/move.h"
#include "definition/game_def.h"
#include "definition/move_block.h"
#include "script/step_moves.h"
#include "state/state.h"

namespace boardlab {
namespace {

// A piece's list of steps, flattened to one entry per direction, is kept in a byte.
constexpr int kMaxSteps = BL_UNTABLED - 1;
// The StepMoves search keeps the lists it makes from a rules struct under its serial; the
// Lua library numbers its structs from 1, so the definition's own one is told apart.
constexpr int32_t kDeclaredSerial = -1;

struct Step {
  int dir, range;  // range: 0 as far as the board goes
  int onto;        // BL_ONTO_ bits, with BL_STEP_SPLIT
};

class Steps final : public DeclaredBlock {
 public:
  // steps[code]: that piece's steps, the whole-stack ones first; first_split[code]: where the
  // split ones start.
  Steps(const GameDef& g, const std::vector<std::vector<Step>>& steps, const std::vector<uint8_t>& first_split,
        bool not_taller, int off, uint8_t capture_flags, uint8_t off_flags)
      : names_(g.board.cell_names), flags_(static_cast<uint8_t>(kProgressFlag | capture_flags | off_flags)) {
    const size_t ncodes = static_cast<size_t>(g.ncodes);
    size_t stride = 1;
    for (const auto& list : steps) stride = std::max(stride, list.size());
    count_.assign(ncodes, 0);
    steps_.assign(ncodes * stride, 0);
    first_split_ = first_split;
    bool general = false;
    for (size_t code = 0; code < ncodes; ++code) {
      count_[code] = static_cast<uint8_t>(steps[code].size());
      for (size_t i = 0; i < steps[code].size(); ++i) {
        const Step& st = steps[code][i];
        general = general || (st.onto & (BL_STEP_SPLIT | BL_ONTO_OWN | BL_ONTO_OFF));
        steps_[code * stride + i] = st.dir | st.range << BL_STEP_RANGE | st.onto << BL_STEP_BITS;
      }
    }
    rules_.stride = static_cast<int32_t>(stride);
    rules_.count = count_.data();
    rules_.first_split = first_split_.data();
    rules_.steps = steps_.data();
    rules_.capture_flags = capture_flags;
    rules_.off_flags = off_flags;
    rules_.not_taller = not_taller;
    rules_.off = std::max(off, 0);
    rules_.general = general;
    rules_.serial = kDeclaredSerial;
  }

  int32_t generate(bl_host& host, const bl_board& board) const override {
    bl_step_rules rules = rules_;  // the search writes `failed`, which tables of data never set
    return StepMoves::run(&host, &board, &rules);
  }

  // `b2-b3` for a move, `b5xc6` for a capture, `a3-off` for a bear-off, and `/n` after it
  // when n pieces of a taller stack move (`e1-g3/2`): steps.notation's spelling.
  std::vector<std::string> notation(const State& before, const Move& m) const override {
    int from = -1, to = -1, count = 0;
    bool captures = false, off = false;
    for (int i = 0; i < m.count; ++i) {
      const Action& a = m.actions[static_cast<size_t>(i)];
      if (a.op == Op::Remove) captures = true;
      if (a.op == Op::Move || a.op == Op::ToReserve) {
        if (from < 0) from = a.a, count = a.n;
        if (a.op == Op::Move) to = a.b;
        else off = true;
      }
    }
    if (from < 0) return {"?"};  // not a move of this block's
    std::string text = names_[from] + (captures ? "x" : "-") + (off ? "off" : names_[to]);
    if (count < before.height(from)) text += fmt::format("/{}", count);
    return {text};
  }

  uint8_t flags() const override { return flags_; }

 private:
  std::vector<std::string> names_;  // [cell]
  uint8_t flags_;
  std::vector<uint8_t> count_, first_split_;  // [code]
  std::vector<int32_t> steps_;                // [code * stride + i]
  bl_step_rules rules_{};
};

// `onto` as BL_ONTO_ bits: words joined by +; -1 after an error.
using namespace schema;
const Names<bool> kCaptures{{"any", false}, {"not_taller", true}};
const Field kDirs{"dirs", list(string()), true, "the directions, in order"};
const Field kRange{"range", integer(), false, "how far: 1 a step (default), n at most n cells, 0 as far as the board goes"};
const Field kOnto{"onto", string(), false,
                  "where the move may end, words joined by +: empty, enemy, own, off; either (empty+enemy, the default), "
                  "any"};
const Field kSplit{"split", boolean(), false, "the top k pieces go exactly k cells, for each k (a stack that splits)"};
const Field kPieces{"pieces", dict(dict(list(structure({kDirs, kRange, kOnto, kSplit})))), true,
                    "per piece kind, per player name (or `all`), the steps of that player's piece"};
const Field kCapture{"capture", kCaptures.schema(), false,
                     "not_taller: an enemy stack is taken only by as many pieces or more; default any"};
const Field kOff{"off", string(), false, "the reserve pieces borne off go to (with onto: off)"};
const Field kCaptureFlags{"capture_flags", list(string()), false,
                          "the events a capture carries (captures are progress too)"};
const Field kOffFlags{"off_flags", list(string()), false, "the events a bear-off carries (bear-offs are progress too)"};
constexpr const char* kAllPlayers = "all";  // under a piece kind: every player's piece

int onto_bits(const YNode& n, BlockReader& r) {
  static const std::vector<std::pair<std::string, int>> kWords = {
      {"empty", BL_ONTO_EMPTY}, {"enemy", BL_ONTO_ENEMY}, {"own", BL_ONTO_OWN}, {"off", BL_ONTO_OFF},
      {"either", BL_ONTO_EMPTY | BL_ONTO_ENEMY}, {"any", BL_ONTO_EMPTY | BL_ONTO_OWN | BL_ONTO_ENEMY}};
  int bits = 0;
  for (size_t at = 0; at <= n.scalar.size();) {
    const size_t plus = std::min(n.scalar.find('+', at), n.scalar.size());
    const std::string word = n.scalar.substr(at, plus - at);
    const auto it = std::find_if(kWords.begin(), kWords.end(), [&](const auto& w) { return w.first == word; });
    if (it == kWords.end()) {
      std::vector<std::string> names;
      for (const auto& w : kWords) names.push_back(w.first);
      r.unknown(n.pos, "onto word", word, names);
      return -1;
    }
    bits |= it->second;
    at = plus + 1;
  }
  return bits;
}

// One player's list of steps for a piece, flattened: the whole-stack steps, then the split
// ones (their index in first_split).
bool read_steps(const YNode& list, BlockReader& r, std::vector<Step>& out, uint8_t& first_split, bool& off) {
  std::vector<Step> whole, split;
  bool ok = true;
  for (const auto& st : list.items) {
    const bool is_split = kSplit.in(*st) && r.boolean(*kSplit.in(*st));
    const int range = kRange.in(*st) ? r.integer(*kRange.in(*st), "steps range", 0, 255) : is_split ? 0 : 1;
    const int onto = kOnto.in(*st) ? onto_bits(*kOnto.in(*st), r) : BL_ONTO_EMPTY | BL_ONTO_ENEMY;
    ok = ok && onto >= 0;
    off = off || (onto >= 0 && (onto & BL_ONTO_OFF));
    for (const auto& d : kDirs.in(*st)->items) {
      const int dir = r.direction(*d);
      ok = ok && dir >= 0;
      (is_split ? split : whole).push_back({dir, range, onto | (is_split ? BL_STEP_SPLIT : 0)});
    }
  }
  if (whole.size() + split.size() > static_cast<size_t>(kMaxSteps)) {
    r.error(list.pos, fmt::format("a piece's steps list {} directions in all; at most {}", whole.size() + split.size(), kMaxSteps));
    return false;
  }
  first_split = static_cast<uint8_t>(whole.size());
  out = std::move(whole);
  out.insert(out.end(), split.begin(), split.end());
  return ok;
}

DeclaredBlockPtr read(const YNode& node, BlockReader& r) {
  const GameDef& g = r.game();
  const size_t ncodes = static_cast<size_t>(g.ncodes);
  std::vector<std::vector<Step>> steps(ncodes);
  std::vector<uint8_t> first_split(ncodes, 0);
  bool ok = true, off = false;
  const YNode& pieces = *kPieces.in(node);
  for (size_t i = 0; i < pieces.fields.size(); ++i) {
    const int k = r.kind(pieces.fields[i].first, pieces.key_pos[i]);
    const YNode& per_player = *pieces.fields[i].second;
    for (size_t j = 0; j < per_player.fields.size(); ++j) {
      const auto& [who, list] = per_player.fields[j];
      const bool all = who == kAllPlayers;
      const int p = all ? -1 : g.player_index(who);
      if (p < 0 && !all) {
        std::vector<std::string> names;
        for (const auto& pl : g.players) names.push_back(pl.name);
        names.push_back(kAllPlayers);
        r.unknown(per_player.key_pos[j], "player", who, names);
        ok = false;
        continue;
      }
      std::vector<Step> parsed;
      uint8_t split_at = 0;
      ok = read_steps(*list, r, parsed, split_at, off) && ok;
      for (int q = 0; q < g.nplayers() && k >= 0; ++q)
        if (p < 0 || p == q) {
          steps[static_cast<size_t>(g.code(k, q))] = parsed;
          first_split[static_cast<size_t>(g.code(k, q))] = split_at;
        }
    }
    ok = ok && k >= 0;
  }
  const bool not_taller = kCaptures.of(kCapture.in(node), false);
  const YNode* off_node = kOff.in(node);
  const int off_slot = off_node ? r.reserve(*off_node) : -1;
  if (off && !off_node) {
    r.error(node.pos, fmt::format("a step may bear off ({}: off), so the block needs `{}`, the reserve borne-off pieces "
                                  "go to", kOnto.name, kOff.name));
    ok = false;
  }
  const uint8_t capture_flags = r.flags(kCaptureFlags.in(node)), off_flags = r.flags(kOffFlags.in(node));
  if (!ok || (off_node && off_slot < 0)) return nullptr;
  return std::make_shared<Steps>(g, steps, first_split, not_taller, off_slot, capture_flags, off_flags);
}

BOARDLAB_REGISTER_MOVE_BLOCK(MoveBlockType{"steps", "pieces that step, slide, leap or split (the steps library)",
                                           structure({kPieces, kCapture, kOff, kCaptureFlags, kOffFlags}), &read});

}  // namespace
}  // namespace boardlab
