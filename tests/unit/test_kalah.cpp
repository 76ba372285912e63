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
    if (row_empty(0) || row_empty(1))
      for (int s = 0; s < 2; ++s)
        for (int i = s * 7; i < s * 7 + 6; ++i) q[static_cast<size_t>(s * 7 + 6)] += q[static_cast<size_t>(i)], q[static_cast<size_t>(i)] = 0;
    // The last seed in the own store: the mover moves again, even when the move ends the game.
    if (at != own_store) n.side = 1 - side;
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
      REQUIRE(s.side() == k.side);  // the finished position names the side the rules give the move
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

TEST_CASE("sowing.sow_move writes what sowing.sow and sowing.write write, and received says what sow counted", "[kalah]") {
  // Every move is written twice, by sow_move and by sow + write; the script checks that
  // received agrees with sow's counts at every location (and 0 off the cycle). The cycle
  // holds two stores, and half the sowings skip their origin and a store, so that laps,
  // skips and stores all come up as the stacks grow.
  testing::TempDir dir;
  dir.write("sow.lua",
            "local ONE, TWO = sowing.store(game.reserve('one')), sowing.store(game.reserve('two'))\n"
            "local CYCLE = {}\n"
            "for c = 0, board.ncells - 1 do\n"
            "  CYCLE[#CYCLE + 1] = c\n"
            "  if c == 4 then CYCLE[#CYCLE + 1] = ONE end\n"
            "end\n"
            "CYCLE[#CYCLE + 1] = TWO\n"
            "function generate()\n"
            "  for c = 0, board.ncells - 1 do\n"
            "    if state.height(c) > 0 then\n"
            "      local skip = c % 2 == 0 and { [c] = true, [TWO] = true } or nil\n"
            "      moves.begin()\n"
            "      local last = sowing.sow_move(c, CYCLE, skip)\n"
            "      moves.commit()\n"
            "      local got = {}\n"
            "      for i, loc in ipairs(CYCLE) do got[i] = sowing.received(loc) end\n"
            "      if sowing.received(board.ncells + 5) ~= 0 then error('received off the cycle') end\n"
            "      local sown = sowing.sow(c, CYCLE, skip)\n"
            "      for i, loc in ipairs(CYCLE) do\n"
            "        if got[i] ~= (sown.counts[loc] or 0) then error('received ' .. got[i] .. ' at ' .. loc) end\n"
            "      end\n"
            "      if last ~= sown.last then error('last ' .. tostring(last) .. ', sow says ' .. tostring(sown.last)) end\n"
            "      moves.begin()\n"
            "      sowing.write(c, sown)\n"
            "      moves.commit()\n"
            "    end\n"
            "  end\n"
            "end\n");
  ThreadRules game(load_game_def(dir.write("sow.yaml",
                                           "api: 2\nname: sow\nscript: sow.lua\nplayers: [{name: a}, {name: b}]\n"
                                           "board: {kind: grid, size: [4, 3], max_stack: 64}\n"
                                           "reserves: [one, two]\n"
                                           "pieces: {p: {glyphs: {a: x, b: o}}}\n"
                                           "setup: [{stack: xxxoo, cells: [a1..d3]}]\n"
                                           "turn: {no_moves: pass, max_plies: 40}\n")));
  MoveList moves;
  long pairs = 0, long_moves = 0;
  testing::random_positions(game, testing::random_games(40), [&](const State& s) {
    State copy = s;
    game.legal_moves(copy, moves);
    REQUIRE(moves.size() % 2 == 0);
    for (int i = 0; i + 1 < moves.size(); i += 2) {
      REQUIRE(moves[i] == moves[i + 1]);
      ++pairs;
      long_moves += moves[i].count >= 6;
    }
  });
  CHECK(pairs > 100);
  CHECK(long_moves > 0);
  // A script's mistakes, at its line.
  const auto error_of = [](const std::string& call) { return testing::tiny_generate_error("moves.begin() " + call); };
  CHECK_THAT(error_of("sowing.sow_move(0, {})"), Catch::Contains("tiny.lua:1: sowing.sow_move: the cycle is a list of locations"));
  CHECK_THAT(error_of("sowing.sow_move(0, {1, 2})"), Catch::Contains("tiny.lua:1: sowing.sow_move: cell 0 is not in the cycle"));
  CHECK_THAT(error_of("sowing.sow(0, {0, 'x'})"),
             Catch::Contains("tiny.lua:1: sowing.sow: the cycle's location 2 is x, not a cell or sowing.store(slot)"));
  CHECK_THAT(error_of("sowing.sow_move(0, {0, 1}, {[1] = true, [0] = true})"),
             Catch::Contains("tiny.lua:1: sowing.sow_move: every location of the cycle is skipped"));
}
