// Lasca (shared/rules/README.md section 6): perft and the legal moves of random games against
// an independent generator written here from the rules text, which moves physical columns
// square by square (the bundled script goes through the chains helper and stack actions).
// Its rule scenarios are data: definitions/lasca.test.yaml.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <map>
#include <tuple>
#include <vector>

#include "bench/handwritten_lasca.h"
#include "helpers.h"
#include "rules/playout.h"
#include "state/position_text.h"

using namespace boardlab;

namespace {

// Lasca as plain strings: each square's column bottom to top, in position-text glyphs
// (w b soldiers, W B officers). White moves north (rank 1 to 7) and moves first.
struct PlainLasca {
  std::array<std::string, 49> col;
  bool white = true;

  static bool is_white(char c) { return c == 'w' || c == 'W'; }
  static std::string name(int sq) { return std::string(1, static_cast<char>('a' + sq % 7)) + std::to_string(sq / 7 + 1); }
  bool mine(int sq) const { return !col[sq].empty() && is_white(col[sq].back()) == white; }
  bool enemy(int sq) const { return !col[sq].empty() && is_white(col[sq].back()) != white; }
  // The diagonal steps (dx, dy) a commander may take.
  std::vector<std::pair<int, int>> steps(char commander) const {
    if (commander == 'W' || commander == 'B') return {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
    const int dy = white ? 1 : -1;
    return {{1, dy}, {-1, dy}};
  }
  static int at(int sq, int dx, int dy) {
    const int x = sq % 7 + dx, y = sq / 7 + dy;
    return x < 0 || x > 6 || y < 0 || y > 6 ? -1 : y * 7 + x;
  }
  bool far_rank(int sq) const { return white ? sq / 7 == 6 : sq / 7 == 0; }

  // Every legal move, by its notation, with the position it leads to.
  std::map<std::string, PlainLasca> moves() const {
    std::map<std::string, PlainLasca> jumps, steps_out;
    for (int sq = 0; sq < 49; ++sq) {
      if (!mine(sq)) continue;
      PlainLasca lifted = *this;
      std::string column = lifted.col[sq];
      lifted.col[sq].clear();  // the start counts as empty during the chain
      std::vector<int> jumped;
      chain(lifted, column, sq, name(sq), jumped, jumps);
      for (auto [dx, dy] : steps(column.back())) {
        const int to = at(sq, dx, dy);
        if (to < 0 || !col[to].empty()) continue;
        PlainLasca next = lifted;
        next.col[to] = column;
        next.promote(to);
        next.white = !white;
        steps_out.emplace(name(sq) + "-" + name(to), next);
      }
    }
    return jumps.empty() ? steps_out : jumps;
  }
  void promote(int sq) {
    char& top = col[sq].back();
    if (far_rank(sq) && (top == 'w' || top == 'b')) top = top == 'w' ? 'W' : 'B';
  }
  // Jumps on from `sq` with `column` in hand (not on the board); each complete chain is a move.
  void chain(const PlainLasca& board, const std::string& column, int sq, const std::string& path, std::vector<int>& jumped,
             std::map<std::string, PlainLasca>& out) const {
    bool went_on = false;
    for (auto [dx, dy] : steps(column.back())) {
      const int over = at(sq, dx, dy), land = at(sq, 2 * dx, 2 * dy);
      if (over < 0 || land < 0 || !board.col[land].empty() || !board.enemy(over)) continue;
      if (std::find(jumped.begin(), jumped.end(), over) != jumped.end()) continue;
      went_on = true;
      PlainLasca next = board;
      std::string held = std::string(1, next.col[over].back()) + column;  // the prisoner goes under
      next.col[over].pop_back();
      jumped.push_back(over);
      const std::string here = path + "x" + name(land);
      const bool promotes = far_rank(land) && (held.back() == 'w' || held.back() == 'b');
      if (promotes) {
        next.col[land] = held;
        next.promote(land);
        next.white = !white;
        out.emplace(here, next);
      } else {
        chain(next, held, land, here, jumped, out);
      }
      jumped.pop_back();
    }
    if (!went_on && path.find('x') != std::string::npos) {
      PlainLasca done = board;
      done.col[sq] = column;
      done.white = !white;
      out.emplace(path, done);
    }
  }
  std::string text() const {
    std::string t = white ? "white" : "black";
    for (int sq = 0; sq < 49; ++sq)
      if (!col[sq].empty()) t += " " + name(sq) + "=" + col[sq];
    return t;
  }
  uint64_t perft(int depth) const {
    const auto ms = moves();
    if (depth == 1) return ms.size();
    uint64_t n = 0;
    for (const auto& [m, next] : ms) n += next.perft(depth - 1);
    return n;
  }
};

PlainLasca plain_start() {
  PlainLasca p;
  for (int sq = 0; sq < 49; ++sq) {
    if ((sq % 7 + sq / 7) % 2) continue;
    if (sq / 7 <= 2) p.col[sq] = "w";
    if (sq / 7 >= 4) p.col[sq] = "b";
  }
  return p;
}

// The interpreter's moves of `s`: notation -> the position text after it.
std::map<std::string, std::string> interpreter_moves(const Rules& game, const State& s) {
  MoveList moves;
  game.legal_moves(s, moves);
  const auto texts = game.move_texts(s, moves);
  std::map<std::string, std::string> out;
  for (int i = 0; i < moves.size(); ++i) {
    State t = s;
    t.apply(moves[i]);
    out.emplace(texts[static_cast<size_t>(i)], position_text(t, WithPly::No));
  }
  return out;
}

std::map<std::string, std::string> plain_moves(const GameDef& def, const PlainLasca& p) {
  std::map<std::string, std::string> out;
  for (const auto& [m, next] : p.moves()) out.emplace(m, position_text(parse_position(def, next.text())));
  return out;
}

}  // namespace

TEST_CASE("Lasca: the start is the independent generator's") {
  auto game = testing::bundled("lasca");
  CHECK(position_text(game->initial()) == position_text(parse_position(game->def(), plain_start().text())));
}

TEST_CASE("Lasca: perft from the start equals the independent generator's") {
  auto game = testing::bundled("lasca");
  State s = game->initial();
  const PlainLasca p = plain_start();
  for (int depth = 1; depth <= 10; ++depth) {
    INFO("depth " << depth);
    CHECK(perft(*game, s, depth) == p.perft(depth));
  }
}

TEST_CASE("Lasca: every move of random games, and the position it leads to, equal the independent generator's") {
  auto game = testing::bundled("lasca");
  Rng rng(2026);
  int plies = 0, chains = 0, tall = 0;
  for (int g = 0; g < testing::random_games(200); ++g) {
    State s = game->initial();
    PlainLasca p = plain_start();
    for (int ply = 0; ply < 400; ++ply) {
      const auto ours = interpreter_moves(*game, s);
      REQUIRE(ours == plain_moves(game->def(), p));
      if (ours.empty()) break;
      auto it = ours.begin();
      std::advance(it, rng.below(static_cast<uint32_t>(ours.size())));
      chains += std::count(it->first.begin(), it->first.end(), 'x') > 1;
      s = parse_position(game->def(), it->second);
      p = p.moves().at(it->first);
      for (int c = 0; c < 49; ++c) tall += s.height(c) >= 4;
      ++plies;
    }
  }
  // The games reached what the rules are about: chains of jumps, and tall columns.
  CHECK(plies > 1000);
  CHECK(chains > 10);
  CHECK(tall > 100);
}

namespace {
namespace hw = handwritten_lasca;

hw::Position lasca_position(const State& s) {
  hw::Position p;
  const GameDef& def = s.def();
  for (int c = 0; c < hw::kCells; ++c) {
    p.height[c] = static_cast<uint8_t>(s.height(c));
    for (int l = 0; l < s.height(c); ++l) {
      const char g = def.glyph_of[s.piece(c, l)];
      p.col[c][l] = g == 'w' ? hw::kWhiteSoldier : g == 'W' ? hw::kWhiteOfficer : g == 'b' ? hw::kBlackSoldier : hw::kBlackOfficer;
    }
  }
  p.side = s.side();
  return p;
}

bool same(const hw::Position& a, const hw::Position& b) {
  if (a.side != b.side) return false;
  for (int c = 0; c < hw::kCells; ++c)
    if (a.height[c] != b.height[c] || !std::equal(a.col[c], a.col[c] + a.height[c], b.col[c])) return false;
  return true;
}

// A move as (from, to, jumped cells in order, promotes).
using LascaMove = std::tuple<int, int, std::vector<int>, bool>;
LascaMove key_of(const Move& m) {
  int from = -1, to = -1;
  std::vector<int> jumped;
  bool promotes = false;
  for (const Action& a : m) {
    if (a.op == Op::Move && from < 0) from = a.a, to = a.b;
    else if (a.op == Op::Mark && from < 0) from = to = a.a;  // a chain back to its start
    else if (a.op == Op::Transfer) jumped.push_back(a.a);
    else if (a.op == Op::SetTop) promotes = true;
  }
  return {from, to, jumped, promotes};
}
LascaMove key_of(const hw::Move& m) {
  return {m.from, m.to, std::vector<int>(m.jumped, m.jumped + m.njumped), m.promotes};
}
}  // namespace

TEST_CASE("Lasca: the hand-written baseline (tests/bench) agrees on perft, moves and the positions they lead to") {
  auto game = testing::bundled("lasca");
  State start = game->initial();
  for (int d = 1; d <= (testing::random_games(10) >= 10 ? 8 : 5); ++d) {
    INFO("depth " << d);
    CHECK(perft(*game, start, d) == hw::perft(hw::start_position(), d));
  }
  long chains = 0;
  const long positions = testing::random_positions(*game, testing::random_games(300), [&](const State& s) {
    const hw::Position p = lasca_position(s);
    hw::Move buf[hw::kMaxMoves];
    const int n = hw::legal_moves(p, buf);
    std::map<LascaMove, hw::Position> hand;
    for (int i = 0; i < n; ++i) {
      hw::Position q = p;
      hw::play(q, buf[i]);
      hand.emplace(key_of(buf[i]), q);
      chains += buf[i].njumped > 1;
    }
    MoveList moves;
    State copy = s;
    game->legal_moves(copy, moves);
    REQUIRE(moves.size() == n);
    for (int i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      const auto it = hand.find(key_of(m));
      REQUIRE(it != hand.end());
      State t = s;
      t.apply(m);
      REQUIRE(same(lasca_position(t), it->second));
    }
  });
  CHECK(positions > 30 * testing::random_games(300));
  CHECK(chains > 0);
}
