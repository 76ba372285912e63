// The jump-chain primitive: chains.generate's C++ search (interpreter/script/jump_chains.cpp)
// against its plain-Lua twin chains.generate_lua, and what an author sees when the rules'
// functions fail or do not answer from their arguments alone.
#include <catch2/catch.hpp>

#include <algorithm>

#include "core/diagnostics.h"
#include "helpers.h"
#include "state/position_text.h"

using namespace boardlab;
using Catch::Contains;

namespace {

// A tiny game whose generate is `body` (by default chains.generate(rules)), `rules` written
// in Lua after `all` (every direction) is defined.
std::string chain_game(const testing::TempDir& dir, const std::string& rules,
                       const std::string& body = "  chains.generate(rules)\n") {
  return testing::tiny_definition(dir,
                                  "local all = {}\n"
                                  "for d = 0, board.ndirs - 1 do all[#all + 1] = d end\n"
                                  "local rules = " +
                                      rules + "\nfunction generate()\n" + body + "end\n");
}

}  // namespace

TEST_CASE("chains.generate's C++ search writes chains.generate_lua's moves, in order, in every chain game") {
  // Checking mode runs both searches at every position and fails on any difference.
  const std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>> games = {
      {"english-checkers", {}},
      {"double-draughts", {}},
      {"double-draughts-straight-jumps", {}},
      {"double-draughts-super-king", {}},
      {"dablot", {}},
      {"dablot", {{"may_stop", "true"}}},
      {"dablot-optional-captures", {}},
      {"lasca", {}},
  };
  for (const auto& [name, options] : games) {
    INFO(name << (options.empty() ? "" : " with may_stop"));
    auto game = testing::bundled(name, options);
    game->vm().set_checking(true);
    MoveList moves;
    long jumps = 0;
    const long positions = testing::random_positions(*game, testing::random_games(40), [&](const State& s) {
      State copy = s;
      game->legal_moves(copy, moves);
      for (int i = 0; i < moves.size(); ++i) jumps += (moves.flags(i) & kProgressFlag) && moves[i].count > 1;
    });
    CHECK(positions > 20 * testing::random_games(40));
    CHECK(jumps > 0);
  }
}

TEST_CASE("chains.generate: a rule function that reads the position is caught in checking mode") {
  testing::TempDir dir;
  // Tabled at the first call (side a), so side b's pieces would slide everywhere in C++.
  ThreadRules game(load_game_def(chain_game(dir,
                                            "{ slide_dirs = function(code) if state.side() == 1 then return {} end return all end,\n"
                                            "  jump_dirs = function(code) return all end }")));
  game.vm().set_checking(true);
  CHECK(testing::generate_error(game, "a a1=x c3=o").empty());
  CHECK_THAT(testing::generate_error(game, "b a1=x c3=o"),
             Contains("tiny.lua:6: chains.generate: the C++ search wrote 3 moves, chains.generate_lua 0; do the "
                      "rules' functions answer from their arguments alone?"));
  // The same number of moves, but not the same moves.
  testing::TempDir dir3;
  ThreadRules promotes(load_game_def(chain_game(dir3,
                                                "{ slide_dirs = function() return all end, jump_dirs = function() return all end,\n"
                                                "  promotion = function(code) if state.side() == 0 then return code end end }")));
  promotes.vm().set_checking(true);
  CHECK(testing::generate_error(promotes, "a a1=x c3=o").empty());
  CHECK_THAT(testing::generate_error(promotes, "b a1=x c3=o"), Contains("wrote 3 moves, chains.generate_lua 3, move 1 differs"));
  // chains.generate_lua asks the functions every time: for rules that depend on the position.
  testing::TempDir dir2;
  ThreadRules lua_game(load_game_def(chain_game(dir2,
                                                "{ slide_dirs = function(code) if state.side() == 1 then return {} end return all end,\n"
                                                "  jump_dirs = function(code) return all end }",
                                                "  chains.generate_lua(rules)\n")));
  State s = parse_position(lua_game.def(), "b a1=x c3=o");
  MoveList moves;
  lua_game.legal_moves(s, moves);
  CHECK(moves.size() == 0);
}

TEST_CASE("chains.generate: a rule function's error is raised when the search needs its answer") {
  testing::TempDir dir;
  ThreadRules game(load_game_def(chain_game(dir,
                                            "{ slide_dirs = function(code) return all end,\n"
                                            "  jump_dirs = function(code)\n"
                                            "    if game.owner(code) == 1 then error('no jumps for b') end\n"
                                            "    return all\n"
                                            "  end }")));
  for (bool checking : {false, true}) {
    INFO("checking " << checking);
    game.vm().set_checking(checking);
    CHECK(testing::generate_error(game, "a a1=x c3=o").empty());  // b's answer is not needed
    CHECK_THAT(testing::generate_error(game, "b a1=x c3=o"), Contains("tiny.lua:5: no jumps for b"));
  }
}

TEST_CASE("chains.generate: bad answers and fields are errors at the author's line") {
  testing::TempDir dir;
  ThreadRules bad_dir(load_game_def(chain_game(dir, "{ slide_dirs = function(code) return { 99 } end, jump_dirs = function() return {} end }")));
  CHECK_THAT(testing::generate_error(bad_dir, "a a1=x c3=o"), Contains("tiny.lua:5: chains.generate: slide_dirs(1)[1] is 99, not a direction (0 to 7)"));
  testing::TempDir dir2;
  ThreadRules bad_promotion(load_game_def(chain_game(
      dir2, "{ slide_dirs = function() return all end, jump_dirs = function() return all end,\n"
            "  promotion = function(code, cell) return 'king' end }")));
  CHECK_THAT(testing::generate_error(bad_promotion, "a a1=x c3=o"), Contains("tiny.lua:6: chains.generate: promotion(1, 3) gave \"king\", not a piece code"));
  testing::TempDir dir3;
  ThreadRules bad_flags(load_game_def(chain_game(
      dir3, "{ slide_dirs = function() return all end, jump_dirs = function() return all end, capture_flags = 'x' }")));
  CHECK_THAT(testing::generate_error(bad_flags, "a a1=x c3=o"), Contains("tiny.lua:5: chains.generate: capture_flags is \"x\", not flags from game.flags"));
  testing::TempDir dir5;
  ThreadRules raises_nil(load_game_def(chain_game(dir5, "{ slide_dirs = function() return all end, jump_dirs = function() error() end }")));
  CHECK_THAT(testing::generate_error(raises_nil, "a a1=x c3=o"), Contains("tiny.lua:5: chains.generate: jump_dirs raised nil"));
  testing::TempDir dir6;
  ThreadRules long_list(load_game_def(chain_game(
      dir6, "{ slide_dirs = function() local t = {} for i = 1, 300 do t[i] = 0 end return t end, jump_dirs = function() return {} end }")));
  CHECK_THAT(testing::generate_error(long_list, "a a1=x c3=o"), Contains("tiny.lua:5: chains.generate: slide_dirs(1) lists 300 directions; at most 254"));
  testing::TempDir dir4;
  ThreadRules bad_capture(load_game_def(chain_game(
      dir4, "{ slide_dirs = function() return all end, jump_dirs = function() return all end, capture = 'eat' }")));
  CHECK_THAT(testing::generate_error(bad_capture, "a a1=x c3=o"), Contains("tiny.lua:5: chains.generate: capture is \"remove\" or \"take_top\", not eat"));
}

TEST_CASE("chains.generate: the rules' other fields are read at every call") {
  testing::TempDir dir;
  ThreadRules game(load_game_def(chain_game(dir, "{ slide_dirs = function() return all end, jump_dirs = function() return all end }",
                                            "  rules.compulsory = state.side() == 0\n  chains.generate(rules)\n")));
  for (bool checking : {false, true}) {
    game.vm().set_checking(checking);
    MoveList moves;
    State s = parse_position(game.def(), "a a1=x b2=o");  // a must jump a1xc3
    game.legal_moves(s, moves);
    CHECK(moves.size() == 1);
    s = parse_position(game.def(), "b b2=x c3=o");  // b may jump c3xa1 or slide to b3, c2
    game.legal_moves(s, moves);
    CHECK(moves.size() == 3);
  }
}

TEST_CASE("chains.generate: a king jumping round to its start is one move, found both ways round") {
  auto game = testing::bundled("english-checkers");
  for (bool checking : {false, true}) {
    game->vm().set_checking(checking);
    State s = parse_position(game->def(), "white c3=W d4=b d6=b b6=b b4=b");
    MoveList moves;
    game->legal_moves(s, moves);
    REQUIRE(moves.size() == 1);
    const Move m = moves[0];
    CHECK(m.actions[0].op == Op::Mark);  // the king ends where it started
    CHECK(std::count_if(m.begin(), m.end(), [](const Action& a) { return a.op == Op::Remove; }) == 4);
  }
}
