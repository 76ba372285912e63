// Breakthrough (the tutorial's game, docs/tutorial.md): perft and the legal moves of random
// positions against an independent generator written here (its rule scenarios are data:
// definitions/breakthrough.test.yaml).
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>

#include "bench/handwritten_breakthrough.h"
#include "helpers.h"
#include "rules/playout.h"
#include "state/position_text.h"

using namespace boardlab;
using testing::texts_at;

namespace {

// A second opinion: Breakthrough on a w x h board as plain arrays (0 empty, 1 white, 2 black).
struct PlainBreakthrough {
  int w, h, side = 1;
  std::vector<int> sq;
  int at(int x, int y) const { return sq[static_cast<size_t>(y * w + x)]; }
  // Moves as "b2-b3" / "b5xc6", the same notation as the script's.
  std::vector<std::string> moves() const {
    std::vector<std::string> out;
    const int dy = side == 1 ? 1 : -1;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        if (at(x, y) != side) continue;
        const int ty = y + dy;
        if (ty < 0 || ty >= h) continue;
        auto name = [](int cx, int cy) { return std::string(1, static_cast<char>('a' + cx)) + std::to_string(cy + 1); };
        if (at(x, ty) == 0) out.push_back(name(x, y) + "-" + name(x, ty));
        for (int dx : {-1, 1}) {
          const int tx = x + dx;
          if (tx < 0 || tx >= w) continue;
          if (at(tx, ty) == 0) out.push_back(name(x, y) + "-" + name(tx, ty));
          else if (at(tx, ty) != side) out.push_back(name(x, y) + "x" + name(tx, ty));
        }
      }
    std::sort(out.begin(), out.end());
    return out;
  }
  bool over() const {  // a pawn on its far rank, or a side without pawns
    for (int x = 0; x < w; ++x)
      if (at(x, h - 1) == 1 || at(x, 0) == 2) return true;
    return std::count(sq.begin(), sq.end(), 1) == 0 || std::count(sq.begin(), sq.end(), 2) == 0;
  }
  PlainBreakthrough play(const std::string& m) const {
    PlainBreakthrough next = *this;
    const int fx = m[0] - 'a', fy = m[1] - '1', tx = m[3] - 'a', ty = m[4] - '1';
    next.sq[static_cast<size_t>(ty * w + tx)] = side;
    next.sq[static_cast<size_t>(fy * w + fx)] = 0;
    next.side = 3 - side;
    return next;
  }
  uint64_t perft(int depth) const {
    if (over()) return 0;
    auto ms = moves();
    if (depth == 1) return ms.size();
    uint64_t n = 0;
    for (const auto& m : ms) n += play(m).perft(depth - 1);
    return n;
  }
};

PlainBreakthrough plain_start(int w, int h) {
  PlainBreakthrough p{w, h, 1, std::vector<int>(static_cast<size_t>(w * h))};
  for (int x = 0; x < w; ++x) {
    p.sq[static_cast<size_t>(x)] = p.sq[static_cast<size_t>(w + x)] = 1;
    p.sq[static_cast<size_t>((h - 1) * w + x)] = p.sq[static_cast<size_t>((h - 2) * w + x)] = 2;
  }
  return p;
}

}  // namespace

TEST_CASE("Breakthrough: perft from the start equals an independent generator", "[breakthrough]") {
  auto game = testing::bundled("breakthrough");
  State s = game->initial();
  const PlainBreakthrough p = plain_start(8, 8);
  CHECK(perft(*game, s, 1) == 22);  // 6 middle pawns with 3 moves, 2 edge pawns with 2
  CHECK(perft(*game, s, 2) == 484);  // the sides cannot meet yet: 22 x 22
  CHECK(perft(*game, s, 3) == p.perft(3));
  auto small = testing::bundled("breakthrough-6x6");
  State t = small->initial();
  CHECK(perft(*small, t, 1) == 16);
  CHECK(perft(*small, t, 4) == plain_start(6, 6).perft(4));
}

TEST_CASE("Breakthrough: the moves of random games equal an independent generator's", "[breakthrough]") {
  auto game = testing::bundled("breakthrough");
  Rng rng(5);
  MoveList moves;
  for (int g = 0; g < testing::random_games(100); ++g) {
    State s = game->initial();
    PlainBreakthrough p = plain_start(8, 8);
    while (!s.outcome().over()) {
      auto ours = testing::legal_texts(*game, s);
      std::sort(ours.begin(), ours.end());
      REQUIRE(ours == p.moves());
      game->legal_moves(s, moves);
      const auto i = static_cast<int>(rng.below(static_cast<uint32_t>(moves.size())));
      const std::string text = game->move_texts(s, moves)[static_cast<size_t>(i)];
      game->apply(s, moves[i]);
      p = p.play(text);
    }
    CHECK(p.over());
  }
}

TEST_CASE("Breakthrough: the hand-written baseline (tests/bench) agrees on perft and on every position of random games",
          "[breakthrough]") {
  namespace hw = handwritten_breakthrough;
  auto game = testing::bundled("breakthrough");
  State start = game->initial();
  for (int d = 1; d <= (testing::random_games(10) >= 10 ? 4 : 3); ++d) {
    INFO("depth " << d);
    CHECK(perft(*game, start, d) == hw::perft(hw::start_position(), d));
  }
  using Step = std::pair<int, int>;
  long captures = 0;
  const long positions = testing::random_positions(*game, testing::random_games(300), [&](const State& s) {
    hw::Position p;
    for (int c = 0; c < 64; ++c) {
      if (!s.height(c)) continue;
      p.board[c] = static_cast<int8_t>(s.owner(c) == 0 ? 1 : -1);
      ++p.pawns[s.owner(c)];
    }
    p.side = s.side();
    hw::Move buf[hw::kMaxMoves];
    const int n = hw::legal_moves(p, buf);
    std::vector<Step> hand, ours;
    for (int i = 0; i < n; ++i) hand.emplace_back(buf[i].from, buf[i].to), captures += p.board[buf[i].to] != 0;
    MoveList moves;
    State copy = s;
    game->legal_moves(copy, moves);
    for (int i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      for (const Action& a : m)
        if (a.op == Op::Move) ours.emplace_back(a.a, a.b);
    }
    std::sort(hand.begin(), hand.end());
    std::sort(ours.begin(), ours.end());
    REQUIRE(hand == ours);
  });
  CHECK(positions > 30 * testing::random_games(300));
  CHECK(captures > 0);
}
