// The hand-written baselines of the new families (tests/bench: Connect Four, Hex, Kalah,
// Fanorona) play the bundled definitions' rules: at every position of random games the
// positions their moves lead to are the interpreter's, as many times each. Without this the
// speed table would compare the interpreter with some other game.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "bench/handwritten_connect_four.h"
#include "bench/handwritten_fanorona.h"
#include "bench/handwritten_hex.h"
#include "bench/handwritten_kalah.h"
#include "helpers.h"

using namespace boardlab;

namespace {

// Each legal move's position, as `key` writes it, sorted: the interpreter's side.
template <class Key>
std::vector<std::string> interpreter_results(const Rules& game, const State& s, Key key) {
  MoveList moves;
  State copy = s;
  game.legal_moves(copy, moves);
  std::vector<std::string> out;
  for (int i = 0; i < moves.size(); ++i) {
    State t = s;
    game.apply(t, moves[i]);
    out.push_back(key(t));
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// The cell at coordinates (x, y) of a `width`-wide rectangle: index x + width * y.
int coordinate_index(const State& s, int cell, int width) {
  const Board& b = s.def().board;
  return b.x[static_cast<size_t>(cell)] + width * b.y[static_cast<size_t>(cell)];
}

}  // namespace

TEST_CASE("Connect Four: the hand-written baseline's moves are the interpreter's in random games") {
  namespace hw = handwritten_connect_four;
  auto game = testing::bundled("connect-four");
  auto hand = [](const State& s) {
    hw::Position p;
    for (int c = 0; c < s.def().board.ncells; ++c) {
      if (!s.height(c)) continue;
      const int i = coordinate_index(s, c, hw::kHeight);  // x * 7 + y, as the bitboard's bits
      const int x = i % hw::kHeight, y = i / hw::kHeight;
      p.discs[s.owner(c)] |= uint64_t{1} << (x * hw::kHeight + y);
      p.height[x] = static_cast<int8_t>(std::max<int>(p.height[x], y + 1));
    }
    p.side = s.side();
    return p;
  };
  // The discs, and "!" after a move that won.
  auto key = [](const hw::Position& p, bool won) { return std::to_string(p.discs[0]) + "/" + std::to_string(p.discs[1]) + (won ? "!" : ""); };
  auto won = [](const State& t) { return t.outcome().kind == Outcome::Kind::Win; };
  long positions_with_full_column = 0, wins = 0;
  const long positions = testing::random_positions(*game, testing::random_games(300), [&](const State& s) {
    const hw::Position p = hand(s);
    int columns[hw::kColumns];
    const int n = hw::legal_moves(p, columns);
    std::vector<std::string> mine;
    for (int i = 0; i < n; ++i) {
      hw::Position q = p;
      mine.push_back(key(q, hw::play(q, columns[i])));
    }
    positions_with_full_column += n < hw::kColumns;
    wins += std::count_if(mine.begin(), mine.end(), [](const std::string& k) { return k.back() == '!'; });
    REQUIRE(sorted(mine) == interpreter_results(*game, s, [&](const State& t) { return key(hand(t), won(t)); }));
  });
  CHECK(positions > 10 * testing::random_games(300));
  CHECK(wins > testing::random_games(300));
  CHECK(positions_with_full_column > 0);
}

TEST_CASE("Hex: the hand-written baseline's moves (the swap too) are the interpreter's in random games") {
  namespace hw = handwritten_hex;
  auto game = testing::bundled("hex");
  auto board = [](const State& s) {
    std::string b(hw::kCells, '.');
    for (int c = 0; c < s.def().board.ncells; ++c)
      if (s.height(c)) b[static_cast<size_t>(coordinate_index(s, c, hw::kSize))] = s.owner(c) == 0 ? 'x' : 'o';
    return b;
  };
  long swaps = 0, wins = 0;
  const int games = testing::random_games(40);
  const long positions = testing::random_positions(*game, games, [&](const State& s) {
    const std::string b = board(s);
    int8_t cells[hw::kCells];
    for (int c = 0; c < hw::kCells; ++c) cells[c] = static_cast<int8_t>(b[static_cast<size_t>(c)] == '.' ? 0 : b[static_cast<size_t>(c)] == 'x' ? 1 : 2);
    const hw::Position p = hw::set_up(cells, s.side());
    int moves[hw::kCells + 1];
    const int n = hw::legal_moves(p, moves);
    std::vector<std::string> mine;
    for (int i = 0; i < n; ++i) {
      hw::Position q = p;
      const bool joined = hw::play(q, moves[i]);
      std::string after(hw::kCells, '.');
      for (int c = 0; c < hw::kCells; ++c) after[static_cast<size_t>(c)] = ".xo"[q.board[c]];
      mine.push_back(after + (joined ? "!" : ""));
      wins += joined;
      swaps += moves[i] == hw::kSwap;
    }
    // A move that joins the mover's edges ends the game in both ("!").
    REQUIRE(sorted(mine) == interpreter_results(*game, s, [&](const State& t) { return board(t) + (t.outcome().over() ? "!" : ""); }));
  });
  CHECK(wins >= games);
  CHECK(positions > 20 * games);
  CHECK(swaps == games);  // every game's second turn offers the swap
}

TEST_CASE("Kalah: the hand-written baseline's moves are the interpreter's in random games (extra moves, captures, the end)") {
  namespace hw = handwritten_kalah;
  auto game = testing::bundled("kalah");
  const GameDef& def = game->def();
  const int stores[2] = {static_cast<int>(std::find(def.reserve_slots.begin(), def.reserve_slots.end(), "south_store") - def.reserve_slots.begin()),
                         static_cast<int>(std::find(def.reserve_slots.begin(), def.reserve_slots.end(), "north_store") - def.reserve_slots.begin())};
  auto hand = [&](const State& s) {
    hw::Position p;
    for (int c = 0; c < def.board.ncells; ++c) {
      const int x = def.board.x[static_cast<size_t>(c)], y = def.board.y[static_cast<size_t>(c)];
      p.seeds[y == 0 ? x : 12 - x] = static_cast<uint8_t>(s.height(c));  // a1..f1 are 0..5, f2..a2 7..12
    }
    p.seeds[6] = static_cast<uint8_t>(s.reserve(stores[0], def.code(0, 0)));
    p.seeds[13] = static_cast<uint8_t>(s.reserve(stores[1], def.code(0, 0)));
    p.side = s.side();
    p.over = s.outcome().over();
    return p;
  };
  auto key = [](const hw::Position& p) {
    std::string k(p.seeds, p.seeds + 14);
    return k + char('0' + (p.over ? 2 : p.side));
  };
  long again = 0, ends = 0;
  const long positions = testing::random_positions(*game, testing::random_games(300), [&](const State& s) {
    const hw::Position p = hand(s);
    int pits[6];
    const int n = hw::legal_moves(p, pits);
    std::vector<std::string> mine;
    for (int i = 0; i < n; ++i) {
      hw::Position q = p;
      ends += hw::play(q, pits[i]);
      again += !q.over && q.side == p.side;
      mine.push_back(key(q));
    }
    REQUIRE(sorted(mine) == interpreter_results(*game, s, [&](const State& t) { return key(hand(t)); }));
  });
  CHECK(positions > 20 * testing::random_games(300));
  CHECK(again > positions / 20);
  CHECK(ends >= testing::random_games(300));
}

TEST_CASE("Fanorona: the hand-written baseline's moves (every prefix of every chain) are the interpreter's in random games") {
  namespace hw = handwritten_fanorona;
  auto game = testing::bundled("fanorona");
  auto hand = [](const State& s) {
    hw::Position p;
    for (int c = 0; c < s.def().board.ncells; ++c)
      if (s.height(c)) p.board[coordinate_index(s, c, hw::kWidth)] = static_cast<int8_t>(s.owner(c) + 1);
    p.side = s.side();
    p.ply = s.ply();
    return p;
  };
  auto key = [](const hw::Position& p) { return std::string(p.board, p.board + hw::kPoints); };
  std::vector<hw::Position> moves;
  size_t most = 0;
  const long positions = testing::random_positions(*game, testing::random_games(100), [&](const State& s) {
    hw::legal_moves(hand(s), moves);
    std::vector<std::string> mine;
    for (const hw::Position& q : moves) mine.push_back(key(q));
    most = std::max(most, moves.size());
    REQUIRE(sorted(mine) == interpreter_results(*game, s, [&](const State& t) { return key(hand(t)); }));
  });
  CHECK(positions > 10 * testing::random_games(100));
  CHECK(most > 20);  // chains with many prefixes were compared
}
