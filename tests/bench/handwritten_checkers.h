// A hand-written C++ English checkers, and Double Draughts (shared/rules/README.md section 2:
// every square in play, kings step and jump in all 8 directions): the yardstick for the
// interpreter's speed on jump-chain games, and a second opinion on their moves in tests. Plain mailbox code: cells
// 0..63, a1 = 0, b1 = 1, ..., h8 = 63, the dark squares (x + y even) in play. The rules are
// the bundled definition's: Black first and moving south, compulsory capture, chains while
// they can (a chain may return to its start), a man crowned on the far rank ends its move,
// a side with no piece or no move loses, threefold repetition (board and side) and 100
// plies without a capture or a man's move draw.
#pragma once
#include <cstdint>

#include "core/rng.h"

namespace handwritten_checkers {

// +1 white man, +2 white king, -1 black man, -2 black king, 0 empty.
struct Position {
  int8_t board[64] = {};
  int side = 1;  // 0 white (moves north), 1 black (moves south, first)
  bool double_draughts = false;  // Double Draughts' rules
};
struct Move {
  int8_t from = 0, to = 0;
  bool crowns = false;
  uint64_t captured = 0;  // a bit per jumped cell
};
constexpr int kMaxMoves = 256;

Position start_position(bool double_draughts = false);
int legal_moves(const Position& p, Move* out);  // out needs kMaxMoves; 0: the side to move loses
void play(Position& p, const Move& m);
uint64_t perft(const Position& p, int depth);
int playout(boardlab::Rng& rng, int max_plies, bool double_draughts = false);  // plies played

}  // namespace handwritten_checkers
