// Evaluation: how good a position is for a player, in [-1, 1], for the agents. A finished
// game is exact (win 1, loss -1, draw 0); otherwise the game's evaluate hook, or a generic
// default: material on the board, by stack control and piece rank (evaluation.cpp).
#pragma once
#include "rules/rules.h"

namespace boardlab {

double terminal_value(const Outcome& o, int player);  // the game must be over
double evaluate(const Rules& rules, const State& s, int player);

}  // namespace boardlab
