// Random-playout invariants.
#include "rules/invariants.h"

#include <fmt/format.h>

#include "core/rng.h"
#include "state/position_text.h"

namespace boardlab {

InvariantReport check_invariants(Game& game, const InvariantOptions& opt) {
  InvariantReport r;
  MoveList moves;
  const GameDef& def = game.def();
  for (int g = 0; g < opt.games && static_cast<int>(r.failures.size()) < opt.max_failures; ++g) {
    const uint64_t seed = opt.seed + static_cast<uint64_t>(g);
    Rng rng(seed);
    State s = game.initial();
    const int pieces = s.total_pieces();
    auto fail = [&](const std::string& what) {
      r.failures.push_back(fmt::format("game seed {}, ply {}: {} (position: {})", seed, s.ply(), what, position_text(s)));
    };
    bool broken = false;
    while (!broken && (opt.max_plies == 0 || s.ply() < opt.max_plies)) {
      if (s.awaiting_roll()) {
        const State before = s;
        game.roll(s, rng);
        const State rolled = s;
        s.undo();
        if (!s.same_position(before) || s.hash() != before.hash()) fail("undoing a roll does not restore the position"), broken = true;
        s = rolled;
      }
      game.legal_moves(s, moves);
      if (moves.empty()) break;
      // Position text round-trip, including the hash computed from scratch.
      try {
        State back = parse_position(def, position_text(s));
        if (!back.same_position(s) || back.hash() != s.hash()) fail("position text does not read back the same"), broken = true;
      } catch (const std::exception& e) {
        fail(std::string("position text does not read back: ") + e.what()), broken = true;
      }
      if (opt.notation_every && s.ply() % opt.notation_every == 0) {
        auto notation = game.notation(s, moves);
        for (int i = 0; i < moves.size(); ++i) {
          auto parsed = notation.parse(notation.texts()[i]);
          if (parsed.index != i) {
            fail(fmt::format("move '{}' does not read back: {}", notation.texts()[i], parsed.error));
            broken = true;
            break;
          }
        }
      }
      const Move m = moves[static_cast<int>(rng.below(static_cast<uint32_t>(moves.size())))];
      const State before = s;  // a clone
      if (!before.same_position(s) || before.hash() != s.hash()) fail("a copy differs from the original"), broken = true;
      game.apply(s, m);
      if (s.total_pieces() + s.removed() != pieces) fail("the number of pieces changed"), broken = true;
      State after = s;
      s.undo();
      if (!s.same_position(before) || s.hash() != before.hash() || s.outcome() != before.outcome() ||
          s.ply() != before.ply() || s.occurrences() != before.occurrences())
        fail("undo does not restore the position"), broken = true;
      game.apply(s, m);
      if (!s.same_position(after) || s.hash() != after.hash()) fail("apply is not deterministic"), broken = true;
      if (def.max_plies && s.ply() > def.max_plies) fail("the game went past its ply cap"), broken = true;
      if (s.outcome().over()) break;
    }
    ++r.games;
    r.plies += static_cast<uint64_t>(s.ply());
    r.longest = std::max(r.longest, s.ply());
  }
  return r;
}

}  // namespace boardlab
