// Evaluation of positions for the agents.
#include "agents/evaluation.h"

#include <algorithm>

namespace boardlab {

double terminal_value(const Outcome& o, int player) {
  if (o.kind == Outcome::Kind::Draw) return 0;
  return o.winner == player ? 1 : -1;
}

double evaluate(const Rules& rules, const State& s, int player) {
  if (s.outcome().over()) return terminal_value(s.outcome(), player);
  if (rules.vm().has_evaluate_hook()) return rules.vm().evaluate(s, player);
  // Material: each stack counts for whoever owns its top piece, its height times the top
  // piece's rank (at least 1): kings over men, control of a stack over what lies beneath.
  const GameDef& def = rules.def();
  double mine = 0, theirs = 0;
  for (int c = 0; c < def.board.ncells; ++c) {
    if (!s.height(c)) continue;
    const int top = s.top(c);
    const double w = s.height(c) * std::max(1, def.kinds[def.kind_of[static_cast<size_t>(top)]].rank);
    (def.owner_of[static_cast<size_t>(top)] == player ? mine : theirs) += w;
  }
  return mine + theirs == 0 ? 0.0 : 0.5 * (mine - theirs) / (mine + theirs);
}

}  // namespace boardlab
