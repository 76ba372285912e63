// Fuzz target: a move as a person or a program types it. Input: a byte that picks a bundled
// game, a byte for how many random plies lead to the position, then the text. The text
// names a legal move (which then applies) or gets a reason; nothing else.
#include <map>
#include <memory>

#include "core/diagnostics.h"
#include "core/rng.h"
#include "fuzz_support.h"
#include "rules/playout.h"

using namespace boardlab;

namespace {

// A position reached by random plies, with its legal moves and their notation: made once
// per (game, plies) and kept, so that each input costs only its reading.
struct Position {
  State state;
  MoveList moves;
  Rules::Notation notation;
};

const Position* position(const Rules& rules, int plies) {
  static std::map<std::pair<const GameDef*, int>, std::unique_ptr<Position>> made;
  auto& p = made[{&rules.def(), plies}];
  if (!p) {
    State s = rules.initial();
    Rng rng(static_cast<uint64_t>(plies));
    if (plies > 0) random_playout(rules, s, rng, plies);  // (0 would play to the end)
    if (rules.is_chance(s)) rules.apply(s, rules.sample_chance(s, rng));
    MoveList moves;
    rules.legal_moves(s, moves);
    Rules::Notation notation = rules.notation(s, moves);
    p = std::make_unique<Position>(Position{std::move(s), std::move(moves), std::move(notation)});
  }
  return p.get();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const Rules& rules = fuzz::bundled(data[0]);
  const Position* p = position(rules, data[1] % 32);
  const Rules::Notation::Parsed parsed = p->notation.parse(fuzz::text(data, size, 2));
  if (parsed.index < 0) {
    fuzz::require(!parsed.error.empty(), "a move text that names no move gets a reason");
    return 0;
  }
  fuzz::require(parsed.index < p->moves.size(), "a move text names a legal move");
  State s = p->state;
  rules.apply(s, p->moves[parsed.index]);
  return 0;
}
