// Viewpoint: a player's side of the board, from the definition alone.
#include "session/viewpoint.h"

#include <fmt/format.h>

namespace boardlab {

namespace {
// The mean rank of the player's pieces in the setup, or -1 if it places none.
double mean_start_rank(const GameDef& def, int player) {
  double sum = 0;
  int n = 0;
  for (const SetupEntry& e : def.setup)
    for (uint8_t code : e.stack)
      if (def.owner_of[code] == player) sum += def.board.y[static_cast<size_t>(e.cell)], ++n;
  return n ? sum / n : -1;
}
}  // namespace

bool sits_at_top(const GameDef& def, int player) {
  const Board& b = def.board;
  if (b.kind == BoardKind::Track) return false;
  const int fwd = def.players[static_cast<size_t>(player)].forward;
  if (fwd >= 0) return b.dir_vectors[static_cast<size_t>(fwd)].second < 0;
  return mean_start_rank(def, player) > (b.height - 1) / 2.0;
}

std::string how_player_moves(const GameDef& def, int player) {
  const Board& b = def.board;
  const int fwd = def.players[static_cast<size_t>(player)].forward;
  if (b.kind == BoardKind::Track)
    return fwd < 0 ? "moves along the track" : fmt::format("moves from point {} down to 1{}", b.ncells, def.off_slot >= 0 ? ", then off" : "");
  if (fwd >= 0 && b.dir_vectors[static_cast<size_t>(fwd)].second != 0) return "moves up the board";
  if (mean_start_rank(def, player) >= 0) return "starts at the bottom of the board";
  for (const ReserveStock& r : def.stock)
    if (def.owner_of[r.code] == player) return fmt::format("places pieces from its {}", def.reserve_slots[static_cast<size_t>(r.slot)]);
  return "has no pieces on the board at the start";
}

}  // namespace boardlab
