// Fuzz target: position text from a stranger (`moves --position`, `play --position`, agent
// requests, a record's start). Input: a byte that picks a bundled game, then the text. A
// position that reads must print and read back to itself (text and hash); its legal moves,
// their notation, and each move's apply and undo must work from it.
#include "core/diagnostics.h"
#include "core/rng.h"
#include "fuzz_support.h"
#include "state/position_text.h"

using namespace boardlab;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const Rules& rules = fuzz::bundled(data[0]);
  try {
    State s = parse_position(rules.def(), fuzz::text(data, size, 1));
    const std::string printed = position_text(s);
    const State again = parse_position(rules.def(), printed);
    fuzz::require(position_text(again) == printed, "position text does not read back to itself");
    fuzz::require(again.hash() == s.hash(), "position text reads back to another hash");
    if (rules.over(s)) return 0;
    Rng rng(size);
    if (s.awaiting_roll()) rules.apply(s, rules.sample_chance(s, rng));
    MoveList moves;
    rules.legal_moves(s, moves);
    const auto texts = rules.move_texts(s, moves);
    fuzz::require(texts.size() == static_cast<size_t>(moves.size()), "a notation per legal move");
    const uint64_t before = s.hash();
    for (int i = 0; i < moves.size() && i < 8; ++i) {
      rules.apply(s, moves[i]);
      s.undo();
      fuzz::require(s.hash() == before, "undo restores the hash");
    }
  } catch (const PositionError&) {
  } catch (const ScriptError&) {  // a bundled script may refuse a position no game reaches
  }
  return 0;
}
