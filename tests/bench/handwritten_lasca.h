// A hand-written C++ Lasca: the yardstick for the interpreter's speed on a column game
// (chains with capture = "take_top"), and a second opinion on its moves in tests. Plain
// mailbox code: cells 0..48, a1 = 0, b1 = 1, ..., g7 = 48, the dark squares (x + y even) in
// play; a column is an array of pieces, bottom first. The rules are the bundled
// definition's: White first and moving north; a column moves by its top piece (a soldier
// steps diagonally forward, an officer diagonally any way); capture is compulsory, a jump
// takes the jumped column's top piece under the jumping column, and a chain goes on while it
// can without jumping a square twice; a soldier ending on the far rank becomes an officer
// and the move ends; a side with no move loses.
#pragma once
#include <cstdint>

#include "core/rng.h"

namespace handwritten_lasca {

enum Piece : uint8_t { kEmpty = 0, kWhiteSoldier, kWhiteOfficer, kBlackSoldier, kBlackOfficer };
constexpr int kCells = 49, kCap = 22;

struct Position {
  uint8_t height[kCells] = {};
  uint8_t col[kCells][kCap] = {};  // bottom first
  int side = 0;  // 0 white (moves north, first), 1 black
};
struct Move {
  int8_t from = 0, to = 0, njumped = 0;
  bool promotes = false;
  int8_t jumped[12] = {};  // in the order jumped
};
constexpr int kMaxMoves = 256;

Position start_position();
int legal_moves(const Position& p, Move* out);  // out needs kMaxMoves; 0: the side to move loses
void play(Position& p, const Move& m);
uint64_t perft(const Position& p, int depth);
int playout(boardlab::Rng& rng, int max_plies);  // plies played

}  // namespace handwritten_lasca
