// Track sides: converting between a track position and per-player count arrays.
#include "state/track_sides.h"

#include <fmt/format.h>
#include <stdexcept>

namespace boardlab {

bool has_track_sides(const GameDef& def) {
  return def.board.kind == BoardKind::Track && def.bar_slot >= 0 && def.off_slot >= 0 && def.kinds.size() == 1;
}

namespace {
void require_track(const GameDef& def) {
  if (!has_track_sides(def)) throw std::invalid_argument("track sides need a track board with a bar and a tray, and one kind of piece");
}
}  // namespace

int track_cell(const GameDef& def, int player, int point) {
  if (def.board.kind != BoardKind::Track) throw std::invalid_argument("the board is not a track");
  const Board& b = def.board;
  const int fwd = def.players[static_cast<size_t>(player)].forward;
  if (fwd < 0) throw std::invalid_argument(fmt::format("player {} has no forward direction", def.players[static_cast<size_t>(player)].name));
  for (int c = 0; c < b.ncells; ++c)
    if (b.ray(c, fwd, point) == kOffBoard && b.ray(c, fwd, point - 1) >= 0) return c;
  throw std::invalid_argument(fmt::format("no point {} on this track", point));
}

int pip_count(const State& s, int player) {
  const GameDef& def = s.def();
  const int n = def.board.ncells;
  int pips = 0;
  for (int k = 1; k <= n; ++k) {
    const int c = track_cell(def, player, k);
    for (int l = 0; l < s.height(c); ++l) pips += def.owner_of[s.piece(c, l)] == player ? k : 0;
  }
  if (def.bar_slot >= 0)
    for (int code = 1; code < def.ncodes; ++code)
      if (def.owner_of[static_cast<size_t>(code)] == player) pips += (n + 1) * s.reserve(def.bar_slot, code);
  return pips;
}

TrackSides track_sides(const State& s) {
  const GameDef& def = s.def();
  require_track(def);
  const int n = def.board.ncells;
  TrackSides out(def.players.size(), std::vector<int>(static_cast<size_t>(n) + 2, 0));
  for (int p = 0; p < def.nplayers(); ++p) {
    const int code = def.code(0, p);
    auto& side = out[static_cast<size_t>(p)];
    side[0] = s.reserve(def.bar_slot, code);
    side[static_cast<size_t>(n) + 1] = s.reserve(def.off_slot, code);
    for (int k = 1; k <= n; ++k) {
      const int c = track_cell(def, p, k);
      if (s.owner(c) == p) side[static_cast<size_t>(k)] = s.height(c);
    }
  }
  return out;
}

State state_from_track_sides(const GameDef& def, const TrackSides& sides, int to_move, const std::vector<int>& dice) {
  require_track(def);
  const int n = def.board.ncells;
  if (static_cast<int>(sides.size()) != def.nplayers()) throw std::invalid_argument("one array per player");
  if (to_move < 0 || to_move >= def.nplayers())
    throw std::invalid_argument(fmt::format("the side to move is a player number from 0 to {}", def.nplayers() - 1));
  if (!dice.empty() && static_cast<int>(dice.size()) != def.dice.count)
    throw std::invalid_argument(fmt::format("this game rolls {} dice", def.dice.count));
  for (int d : dice)
    if (d < 1 || d > def.dice.sides) throw std::invalid_argument(fmt::format("a die shows 1 to {}, not {}", def.dice.sides, d));
  for (const auto& side : sides)
    for (int count : side)
      if (count < 0 || count > def.total_pieces)
        throw std::invalid_argument(fmt::format("a count is from 0 to {} (the game's pieces), not {}", def.total_pieces, count));
  State s(def);
  s.clear();
  for (int p = 0; p < def.nplayers(); ++p) {
    const auto& side = sides[static_cast<size_t>(p)];
    if (static_cast<int>(side.size()) != n + 2) throw std::invalid_argument(fmt::format("each side has {} counts", n + 2));
    const auto code = static_cast<uint8_t>(def.code(0, p));
    for (int k = 1; k <= n; ++k) {
      const int c = track_cell(def, p, k);
      if (side[static_cast<size_t>(k)] > 0 && s.height(c) > 0)
        throw std::invalid_argument(fmt::format("both sides have pieces on {}", def.board.cell_names[static_cast<size_t>(c)]));
      if (side[static_cast<size_t>(k)] > def.stack_cap)
        throw std::invalid_argument(fmt::format("at most {} pieces fit on a point", def.stack_cap));
      for (int i = 0; i < side[static_cast<size_t>(k)]; ++i) s.push_piece(c, code);
    }
    s.set_reserve(def.bar_slot, code, side[0]);
    s.set_reserve(def.off_slot, code, side[static_cast<size_t>(n) + 1]);
  }
  s.set_side(to_move);
  std::vector<uint8_t> d(dice.begin(), dice.end());
  s.set_dice(d.data(), static_cast<int>(d.size()));
  s.reset_history();
  return s;
}

}  // namespace boardlab
