// Kalah (Kalah(6,4), the sowing family): perft and the moves and results of random games
// against an independent generator written here, with both capture rules and seed counts;
// its rule scenarios are data (definitions/kalah.test.yaml).
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <numeric>

#include "agents/agent.h"
#include "core/rng.h"
#include "helpers.h"
#include "rules/playout.h"
#include "state/position_text.h"

using namespace boardlab;

namespace {

// A second opinion: the 14 locations counterclockwise from South's a1 (0-5 South's pits a1-f1,
// 6 South's store, 7-12 North's pits f2-a2, 13 North's store).
struct PlainKalah {
  std::array<int, 14> p{};
  int side = 0;
  bool always = false;
  static PlainKalah start(int seeds, bool always) {
    PlainKalah k;
    for (int i = 0; i < 14; ++i) k.p[static_cast<size_t>(i)] = i == 6 || i == 13 ? 0 : seeds;
    k.always = always;
    return k;
  }
  static std::string name(int i) {
    return i < 6 ? std::string(1, static_cast<char>('a' + i)) + "1" : std::string(1, static_cast<char>('f' - (i - 7))) + "2";
  }
  bool over() const {
    for (int i = 0; i < 14; ++i)
      if (i != 6 && i != 13 && p[static_cast<size_t>(i)]) return false;
    return true;
  }
  int winner() const { return p[6] > p[13] ? 0 : p[13] > p[6] ? 1 : -1; }  // once over
  std::vector<std::string> moves() const {
    std::vector<std::string> out;
    if (over()) return out;
    for (int i = side * 7; i < side * 7 + 6; ++i)
      if (p[static_cast<size_t>(i)]) out.push_back(name(i));
    std::sort(out.begin(), out.end());
    return out;
  }
  PlainKalah play(const std::string& m) const {
    PlainKalah n = *this;
    auto& q = n.p;
    int from = -1;
    for (int i = side * 7; i < side * 7 + 6; ++i)
      if (name(i) == m) from = i;
    REQUIRE(from >= 0);
    const int own_store = side == 0 ? 6 : 13, their_store = side == 0 ? 13 : 6;
    int seeds = q[static_cast<size_t>(from)], at = from;
    q[static_cast<size_t>(from)] = 0;
    while (seeds) {
      at = (at + 1) % 14;
      if (at == their_store) continue;
      ++q[static_cast<size_t>(at)], --seeds;
    }
    const bool mine = at >= side * 7 && at < side * 7 + 6;
    if (mine && q[static_cast<size_t>(at)] == 1) {
      const int opposite = 12 - at;
      if (q[static_cast<size_t>(opposite)] || always) {
        q[static_cast<size_t>(own_store)] += 1 + q[static_cast<size_t>(opposite)];
        q[static_cast<size_t>(at)] = q[static_cast<size_t>(opposite)] = 0;
      }
    }
    auto row_empty = [&](int s) { return std::all_of(q.begin() + s * 7, q.begin() + s * 7 + 6, [](int v) { return v == 0; }); };
    if (row_empty(0) || row_empty(1)) {
      for (int s = 0; s < 2; ++s)
        for (int i = s * 7; i < s * 7 + 6; ++i) q[static_cast<size_t>(s * 7 + 6)] += q[static_cast<size_t>(i)], q[static_cast<size_t>(i)] = 0;
    } else if (at != own_store) {
      n.side = 1 - side;
    }
    return n;
  }
};

}  // namespace

TEST_CASE("Kalah: perft from the start equals an independent generator", "[kalah]") {
  for (const auto& [seeds, rule] : {std::pair{"4", "opposite"}, {"3", "always"}, {"6", "opposite"}}) {
    INFO(seeds << " seeds, empty_capture " << rule);
    auto game = testing::bundled("kalah", {{"seeds", seeds}, {"empty_capture", rule}});
    State s = game->initial();
    const PlainKalah start = PlainKalah::start(std::stoi(seeds), std::string(rule) == "always");
    for (int d = 1; d <= 6; ++d) CHECK(perft(*game, s, d) == testing::plain_perft(start, d));
  }
}

TEST_CASE("Kalah: the moves, the side to move and the result of random games equal an independent generator's",
          "[kalah]") {
  for (const auto& [seeds, rule] : {std::pair{"4", "opposite"}, {"3", "always"}}) {
    auto game = testing::bundled("kalah", {{"seeds", seeds}, {"empty_capture", rule}});
    Rng rng(9);
    MoveList moves;
    std::array<int, 3> tally{};
    int extra = 0;
    for (int g = 0; g < testing::random_games(100); ++g) {
      State s = game->initial();
      PlainKalah k = PlainKalah::start(std::stoi(seeds), std::string(rule) == "always");
      while (!game->outcome(s).over()) {
        REQUIRE(s.side() == k.side);
        auto ours = testing::legal_texts(*game, s);
        std::sort(ours.begin(), ours.end());
        REQUIRE(ours == k.moves());
        game->legal_moves(s, moves);
        const auto i = static_cast<int>(rng.below(static_cast<uint32_t>(moves.size())));
        const std::string text = game->move_texts(s, moves)[static_cast<size_t>(i)];
        const int before = s.side();
        game->apply(s, moves[i]);
        k = k.play(text);
        extra += !k.over() && s.side() == before;
      }
      REQUIRE(k.over());
      const Outcome o = game->outcome(s);
      REQUIRE((o.kind == Outcome::Kind::Win ? o.winner : -1) == k.winner());
      ++tally[static_cast<size_t>(k.winner() + 1)];
    }
    CHECK(tally[1] > 0);
    CHECK(tally[2] > 0);
    CHECK(extra > 0);  // the same side moved twice in a row
  }
}

TEST_CASE("Kalah: alphabeta plays an extra-move combination (the same side moves three times running)", "[kalah]") {
  // South banks three seeds by f1 (into the store: again), d1 (the last seed in the store:
  // again), f1 (again), where d1 first banks two at most before the turn passes.
  auto game = testing::bundled("kalah");
  auto agent = make_agent(AgentSpec::parse("alphabeta:depth=6"), game->def_ptr(), 1);
  State s = parse_position(game->def(), "south d1=sss f1=s a2=s b2=s");
  MoveList moves;
  std::vector<std::string> played;
  while (s.side() == 0 && !game->outcome(s).over()) {
    game->legal_moves(s, moves);
    const int k = agent->choose(*game, s, moves);
    played.push_back(game->move_texts(s, moves)[static_cast<size_t>(k)]);
    game->apply(s, moves[k]);
  }
  CHECK(played == std::vector<std::string>{"f1", "d1", "f1", "e1"});
  CHECK(s.reserve(0, s.def().code_of_glyph('s')) == 3);
}
