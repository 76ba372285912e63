// Fanorona (capture by approach and withdrawal, scripts/lib/step_chains.lua): perft and the
// moves and results of random games against an independent generator written here, for the
// three opening rules; its rule scenarios are data (definitions/fanorona.test.yaml).
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>

#include "core/rng.h"
#include "core/text.h"
#include "helpers.h"
#include "rules/playout.h"
#include "state/position_text.h"

using namespace boardlab;

namespace {

// A second opinion: the 9x5 points as a plain array (0 empty, 1 white, 2 black), moves as
// their notation (d2-e3, d3-e3A-e4W).
struct PlainFanorona {
  std::array<int, 45> sq{};
  int side = 1, ply = 0;
  std::string opening = "white";
  static bool on(int x, int y) { return x >= 0 && x < 9 && y >= 0 && y < 5; }
  static std::string name(int x, int y) { return std::string(1, static_cast<char>('a' + x)) + std::to_string(y + 1); }
  int at(int x, int y) const { return sq[static_cast<size_t>(y * 9 + x)]; }
  int& at(int x, int y) { return sq[static_cast<size_t>(y * 9 + x)]; }
  // Directions from (x, y): the orthogonal ones everywhere, the diagonals from strong points.
  static std::vector<std::pair<int, int>> dirs(int x, int y) {
    std::vector<std::pair<int, int>> out = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
    if ((x + y) % 2 == 0) out.insert(out.end(), {{1, 1}, {1, -1}, {-1, -1}, {-1, 1}});
    return out;
  }
  static PlainFanorona start() {
    PlainFanorona f;
    const char* rank3 = "bwbw.bwbw";
    for (int x = 0; x < 9; ++x) {
      f.at(x, 0) = f.at(x, 1) = 1;
      f.at(x, 3) = f.at(x, 4) = 2;
      f.at(x, 2) = rank3[x] == 'w' ? 1 : rank3[x] == 'b' ? 2 : 0;
    }
    return f;
  }
  int count(int who) const { return static_cast<int>(std::count(sq.begin(), sq.end(), who)); }
  // White's first turn (ply 0, White to move), or with `both` each side's (plies 0 and 1).
  bool single_step_turn() const { return (opening == "white" && ply == 0 && side == 1) || (opening == "both" && ply <= 1); }
  // Removes the enemy line from (x, y) on along (dx, dy); false if none stands at (x, y).
  static bool take_line(std::array<int, 45>& b, int x, int y, int dx, int dy, int enemy) {
    if (!on(x, y) || b[static_cast<size_t>(y * 9 + x)] != enemy) return false;
    for (; on(x, y) && b[static_cast<size_t>(y * 9 + x)] == enemy; x += dx, y += dy) b[static_cast<size_t>(y * 9 + x)] = 0;
    return true;
  }
  void chains(const std::array<int, 45>& b, int x, int y, int ldx, int ldy, std::vector<int>& visited, const std::string& text,
              std::vector<std::string>& out) const {
    const int enemy = 3 - side;
    for (auto [dx, dy] : dirs(x, y)) {
      const int tx = x + dx, ty = y + dy;
      if (!on(tx, ty) || b[static_cast<size_t>(ty * 9 + tx)] || (dx == ldx && dy == ldy)) continue;
      if (std::find(visited.begin(), visited.end(), ty * 9 + tx) != visited.end()) continue;
      for (const char label : {'A', 'W'}) {
        std::array<int, 45> next = b;
        next[static_cast<size_t>(ty * 9 + tx)] = side;
        next[static_cast<size_t>(y * 9 + x)] = 0;
        const bool took = label == 'A' ? take_line(next, tx + dx, ty + dy, dx, dy, enemy) : take_line(next, x - dx, y - dy, -dx, -dy, enemy);
        if (!took) continue;
        const std::string t = text + "-" + name(tx, ty) + label;
        out.push_back(t);
        if (single_step_turn()) continue;
        visited.push_back(ty * 9 + tx);
        chains(next, tx, ty, dx, dy, visited, t, out);
        visited.pop_back();
      }
    }
  }
  std::vector<std::string> moves() const {
    std::vector<std::string> out;
    if (count(1) == 0 || count(2) == 0) return out;
    for (int y = 0; y < 5; ++y)
      for (int x = 0; x < 9; ++x)
        if (at(x, y) == side) {
          std::vector<int> visited = {y * 9 + x};
          chains(sq, x, y, 0, 0, visited, name(x, y), out);
        }
    if (out.empty())
      for (int y = 0; y < 5; ++y)
        for (int x = 0; x < 9; ++x)
          if (at(x, y) == side)
            for (auto [dx, dy] : dirs(x, y))
              if (on(x + dx, y + dy) && !at(x + dx, y + dy)) out.push_back(name(x, y) + "-" + name(x + dx, y + dy));
    std::sort(out.begin(), out.end());
    return out;
  }
  PlainFanorona play(const std::string& m) const {
    PlainFanorona n = *this;
    int x = m[0] - 'a', y = m[1] - '1';
    for (size_t i = 2; i < m.size();) {
      const int tx = m[i + 1] - 'a', ty = m[i + 2] - '1', dx = tx - x, dy = ty - y;
      i += 3;
      n.at(tx, ty) = side;
      n.at(x, y) = 0;
      if (i < m.size() && (m[i] == 'A' || m[i] == 'W')) {
        if (m[i] == 'A') take_line(n.sq, tx + dx, ty + dy, dx, dy, 3 - side);
        else take_line(n.sq, x - dx, y - dy, -dx, -dy, 3 - side);
        ++i;
      }
      x = tx, y = ty;
    }
    n.side = 3 - side;
    ++n.ply;
    return n;
  }
  int winner() const {  // once no move is left: the side without pieces, or without moves, loses
    if (count(1) == 0) return 2;
    if (count(2) == 0) return 1;
    return 3 - side;
  }
};

}  // namespace

TEST_CASE("Fanorona: perft from the start equals an independent generator, for each opening rule", "[fanorona]") {
  const int depth = testing::random_games(10) >= 10 ? 5 : 4;
  for (const char* opening : {"white", "both", "none"}) {
    INFO("opening " << opening);
    auto game = testing::bundled("fanorona", {{"opening", opening}});
    State s = game->initial();
    PlainFanorona start = PlainFanorona::start();
    start.opening = opening;
    for (int d = 1; d <= depth; ++d) CHECK(perft(*game, s, d) == testing::plain_perft(start, d));
  }
}

TEST_CASE("Fanorona: the moves and the winner of random games equal an independent generator's", "[fanorona]") {
  auto game = testing::bundled("fanorona");
  Rng rng(13);
  MoveList moves;
  std::array<int, 3> tally{};
  long chains = 0;
  for (int g = 0; g < testing::random_games(100); ++g) {
    State s = game->initial();
    PlainFanorona f = PlainFanorona::start();
    while (!game->outcome(s).over()) {
      auto ours = testing::legal_texts(*game, s);
      std::sort(ours.begin(), ours.end());
      INFO(position_text(s));
      REQUIRE(ours == f.moves());
      game->legal_moves(s, moves);
      const auto i = static_cast<int>(rng.below(static_cast<uint32_t>(moves.size())));
      const std::string text = game->move_texts(s, moves)[static_cast<size_t>(i)];
      chains += std::count(text.begin(), text.end(), '-') > 1;
      game->apply(s, moves[i]);
      f = f.play(text);
    }
    REQUIRE(f.moves().empty());
    const Outcome o = game->outcome(s);
    REQUIRE(o.kind == Outcome::Kind::Win);
    REQUIRE(o.winner + 1 == f.winner());
    ++tally[static_cast<size_t>(f.winner())];
  }
  CHECK(tally[1] > 0);
  CHECK(tally[2] > 0);
  CHECK(chains > 0);
}

TEST_CASE("Fanorona: a position typed with Black to move at ply 0 chains freely, as an independent generator says",
          "[fanorona]") {
  // White's opening rule binds White's first turn only (rules section 8).
  const std::string text = "black a1=w b1=w c1=w h1=w i1=w a2=w b2=w d2=w a3=b c3=w i3=w a4=b b4=w c4=b f4=b g4=b "
                           "h4=b i4=b c5=b h5=b i5=b";
  auto game = testing::bundled("fanorona");
  State s = parse_position(game->def(), text);
  PlainFanorona plain;
  plain.side = 2;
  for (const std::string& token : split_ws(text))
    if (token.size() == 4 && token[2] == '=') plain.at(token[0] - 'a', token[1] - '1') = token[3] == 'w' ? 1 : 2;
  for (int d = 1; d <= 4; ++d) CHECK(perft(*game, s, d) == testing::plain_perft(plain, d));
  CHECK(testing::plain_perft(plain, 1) == 10);
}
