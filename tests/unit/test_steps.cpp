// The step-and-slide primitive: steps.generate's C++ search (interpreter/script/step_moves.cpp)
// against its plain-Lua twin steps.generate_lua, what an author sees when the rules'
// functions fail, and the reach results the runtime checks (results.NAME.reach).
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>

#include "core/diagnostics.h"
#include "definition/bundled.h"
#include "helpers.h"
#include "rules/rule_tests.h"
#include "state/position_text.h"

using namespace boardlab;
using Catch::Contains;

namespace {

const char* kMix = "tests/data/steps-mix/steps-mix.yaml";

// A tiny game whose generate is `body` (by default steps.generate(rules)), `rules` written
// in Lua after `all` (every direction) is defined.
std::string step_game(const testing::TempDir& dir, const std::string& rules,
                      const std::string& body = "  steps.generate(rules)\n", const std::string& yaml = "",
                      const std::string& setup = testing::kTinySetup) {
  return testing::tiny_definition(dir,
                                  "local all = {}\n"
                                  "for d = 0, board.ndirs - 1 do all[#all + 1] = d end\n"
                                  "local rules = " +
                                      rules + "\nfunction generate()\n" + body + "end\nnotation = steps.notation\n",
                                  yaml, setup);
}

}  // namespace

TEST_CASE("steps.generate's C++ search writes steps.generate_lua's moves, in order, in every stepping game") {
  // Checking mode runs both searches at every position and fails on any difference.
  for (const std::string name : {"breakthrough", "breakthrough-6x6", "dipole", "dipole-10x10", kMix}) {
    INFO(name);
    ThreadRules game(load_game_def(name == kMix ? name : resolve_game(name)));
    game.vm().set_checking(true);
    MoveList moves;
    long captures = 0, promotions = 0, slides = 0, splits = 0, bear_offs = 0;
    const long positions = testing::random_positions(game, testing::random_games(40), [&](const State& s) {
      State copy = s;
      game.legal_moves(copy, moves);
      for (int i = 0; i < moves.size(); ++i) {
        const Move m = moves[i];
        if (m.is_pass()) continue;
        captures += m.actions[0].op == Op::Remove;
        bear_offs += m.actions[0].op == Op::ToReserve;
        if (m.actions[0].op == Op::ToReserve) continue;
        promotions += m.actions[m.count - 1].op == Op::SetTop;
        const Action& step = m.actions[m.count - (m.actions[m.count - 1].op == Op::SetTop ? 2 : 1)];
        slides += std::abs(game.def().board.x[step.a] - game.def().board.x[step.b]) > 1 ||
                  std::abs(game.def().board.y[step.a] - game.def().board.y[step.b]) > 2;
        splits += step.n < copy.height(step.a);
      }
    });
    CHECK(positions > 15 * testing::random_games(40));  // Dipole's games are the shortest: about 20 plies
    CHECK(captures > 0);
    if (name == kMix) {
      CHECK(promotions > 0);
      CHECK(slides > 0);
    }
    if (name.rfind("dipole", 0) == 0) {
      CHECK(splits > 0);
      CHECK(bear_offs > 0);
    }
  }
}

TEST_CASE("steps: the test game's scenarios, worked out by hand, pass in both searches") {
  for (const char* file : {"tests/data/steps-mix/steps-mix.test.yaml"}) {
    const RuleTestResult r = run_rule_tests(file);
    INFO(r.failures.str());
    CHECK(r.scenarios == 8);
    CHECK(r.ok());
  }
}

TEST_CASE("steps.generate: a rule function that reads the position is caught in checking mode") {
  testing::TempDir dir;
  // Tabled at the first call (side a), so side b's pieces would step everywhere in C++.
  ThreadRules game(load_game_def(step_game(dir, "{ steps = function(code) if state.side() == 1 then return {} end return { { dirs = all } } end }")));
  game.vm().set_checking(true);
  CHECK(testing::generate_error(game, "a a1=x c3=o").empty());
  CHECK_THAT(testing::generate_error(game, "b a1=x c3=o"),
             Contains("tiny.lua:5: steps.generate: the C++ search wrote 3 moves, steps.generate_lua 0; do the "
                      "rules' functions answer from their arguments alone?"));
  // steps.generate_lua asks the functions every time: for rules that depend on the position.
  testing::TempDir dir2;
  ThreadRules lua_game(load_game_def(step_game(
      dir2, "{ steps = function(code) if state.side() == 1 then return {} end return { { dirs = all } } end }",
      "  steps.generate_lua(rules)\n")));
  State s = parse_position(lua_game.def(), "b a1=x c3=o");
  MoveList moves;
  lua_game.legal_moves(s, moves);
  CHECK(moves.size() == 0);
}

TEST_CASE("steps.generate: a rule function's error is raised when the search needs its answer") {
  testing::TempDir dir;
  ThreadRules game(load_game_def(step_game(dir,
                                           "{ steps = function(code)\n"
                                           "    if game.owner(code) == 1 then error('no steps for b') end\n"
                                           "    return { { dirs = all } }\n"
                                           "  end }")));
  for (bool checking : {false, true}) {
    INFO("checking " << checking);
    game.vm().set_checking(checking);
    CHECK(testing::generate_error(game, "a a1=x c3=o").empty());  // b's answer is not needed
    CHECK_THAT(testing::generate_error(game, "b a1=x c3=o"), Contains("tiny.lua:4: no steps for b"));
  }
}

TEST_CASE("steps.generate: bad answers and fields are errors at the author's line") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"{ steps = function() return 7 end }", "tiny.lua:5: steps.generate: steps(1) gave 7, not a list of steps"},
      {"{ steps = function() return { 'n' } end }",
       "tiny.lua:5: steps.generate: steps(1)[1] is \"n\", not a step ({ dirs = ..., range = ..., onto = ... })"},
      {"{ steps = function() return { { dirs = { 99 } } } end }",
       "tiny.lua:5: steps.generate: steps(1)[1].dirs[1] is 99, not a direction (0 to 7)"},
      {"{ steps = function() return { { dirs = all, range = -1 } } end }",
       "tiny.lua:5: steps.generate: steps(1)[1].range is -1, not a number of cells (0 to 255; 0: any)"},
      {"{ steps = function() return { { dirs = all, onto = 'friend' } } end }",
       "tiny.lua:5: steps.generate: steps(1)[1].onto is \"friend\", not words of \"empty\", \"enemy\", \"own\", \"off\", \"either\", \"any\" joined by \"+\""},
      {"{ steps = function() local t = {} for i = 1, 40 do t[i] = { dirs = all } end return t end }",
       "tiny.lua:5: steps.generate: steps(1) lists 320 directions in all; at most 254"},
      {"{ steps = function() return { { dirs = all } } end, promotion = function() return 'king' end }",
       "tiny.lua:5: steps.generate: promotion(1, 3) gave \"king\", not a piece code"},
      {"{ steps = function() return { { dirs = all } } end, capture_flags = 'x' }",
       "tiny.lua:5: steps.generate: capture_flags is \"x\", not flags from game.flags"},
      {"{ steps = function() error() end }", "tiny.lua:5: steps.generate: steps raised nil"},
      {"{ steps = function() return { { dirs = all, split = 1 } } end }",
       "tiny.lua:5: steps.generate: steps(1)[1].split is 1, not true or false"},
      {"{ steps = function() return { { dirs = all } } end, capture = 'most' }",
       "tiny.lua:5: steps.generate: capture is \"any\" or \"not_taller\", not \"most\""},
      {"{ steps = function() return { { dirs = all } } end, off = 9 }",
       "tiny.lua:5: steps.generate: off is 9, not a reserve slot (game.reserve)"},
  };
  for (const auto& [rules, message] : cases) {
    INFO(rules);
    testing::TempDir dir;
    ThreadRules game(load_game_def(step_game(dir, rules)));
    CHECK_THAT(testing::generate_error(game, "a a1=x c3=o"), Contains(message));
  }
}

TEST_CASE("steps.generate: a slide stops at an unplayable cell, and a piece moves its whole stack") {
  testing::TempDir dir;
  ThreadRules game(load_game_def(step_game(dir, "{ steps = function() return { { dirs = all, range = 0 } } end }",
                                           "  steps.generate(rules)\n", "", testing::kTinySetupOfSix)));
  testing::TempDir dark_dir;
  dark_dir.write("dark.lua", "local all = {}\nfor d = 0, board.ndirs - 1 do all[#all + 1] = d end\n"
                             "local rules = { steps = function() return { { dirs = all, range = 0 } } end }\n"
                             "function generate() steps.generate(rules) end\nnotation = steps.notation\n");
  ThreadRules dark(load_game_def(dark_dir.write("dark.yaml",
                                                "name: dark\nscript: dark.lua\nplayers: [{name: a}, {name: b}]\n"
                                                "board: {kind: grid, size: [3, 3], playable: dark}\n"
                                                "pieces: {p: {glyphs: {a: x, b: o}}}\n")));
  for (bool checking : {false, true}) {
    INFO("checking " << checking);
    game.vm().set_checking(checking);
    dark.vm().set_checking(checking);
    CHECK(testing::texts_at(game, "a a1=x c3=o") ==
          std::set<std::string>{"a1-a2", "a1-a3", "a1-b2", "a1xc3", "a1-b1", "a1-c1"});
    // a2 and b1 are unplayable: the slides north and east stop there, short of a3 and c1.
    CHECK(testing::texts_at(dark, "a a1=x c3=o") == std::set<std::string>{"a1-b2", "a1xc3"});
    // A two-piece stack moves whole.
    State s = parse_position(game.def(), "a a1=ox c3=o");
    testing::play(game, s, "a1-b1");
    CHECK(position_text(s) == "b ply:1 b1=ox c3=o");
  }
}

TEST_CASE("results.NAME.reach: the runtime's race to a goal") {
  testing::TempDir dir;
  const std::string lua = "local all = {}\nfor d = 0, board.ndirs - 1 do all[#all + 1] = d end\n"
                          "local rules = { steps = function() return { { dirs = all } } end }\n"
                          "function generate() steps.generate(rules) end\n";
  // a reaches row 3 (a's forward is n), b reaches a1 or b1.
  const std::string path = testing::tiny_definition(
      dir, lua,
      "results: {goal: {doc: reached the goal, reach: {a: [far_edge], b: [a1..b1]}}}\n");
  // tiny_definition's players have no forward direction: far_edge says so.
  Diagnostics diags;
  CHECK_THROWS_WITH(load_game_def(path), Contains("tiny.yaml:8:53: error: far_edge needs a forward direction for player 'a'"));
  dir.write("tiny.yaml", "name: tiny\nscript: tiny.lua\nplayers: [{name: a, forward: n}, {name: b, forward: s}]\n"
                         "board: {kind: grid, size: [3, 3]}\npieces: {p: {glyphs: {a: x, b: o}}}\n"
                         "results: {goal: {doc: reached the goal, reach: {a: [far_edge], b: [a1..b1]}}}\n");
  ThreadRules game(load_game_def(path));
  State s = parse_position(game.def(), "a b2=x c2=o");
  testing::play(game, s, "b2-b3");
  CHECK(s.outcome().kind == Outcome::Kind::Win);
  CHECK(s.outcome().winner == 0);
  CHECK(describe(game.def(), s.outcome()) == "a wins (reached the goal)");
  s = parse_position(game.def(), "b b2=x c2=o");
  testing::play(game, s, "c2-c1");  // c1 is not one of b's cells
  CHECK(!s.outcome().over());
  testing::play(game, s, "b2-a2");
  testing::play(game, s, "c1-b1");
  CHECK(s.outcome().winner == 1);
  // The player who just moved (the one before the side to move) is asked first where both
  // stand on a goal.
  CHECK(game.outcome(parse_position(game.def(), "a a3=x b1=o")).winner == 1);
  CHECK(game.outcome(parse_position(game.def(), "b a3=x b1=o")).winner == 0);
  // Errors at the author's line.
  dir.write("tiny.yaml", "name: tiny\nscript: tiny.lua\nplayers: [{name: a, forward: n}, {name: b, forward: s}]\n"
                         "board: {kind: grid, size: [3, 3]}\npieces: {p: {glyphs: {a: x, b: o}}}\n"
                         "results: {goal: {reach: {c: [a1], b: [z9]}}}\n");
  try {
    load_game_def(path);
    FAIL("loaded");
  } catch (const DefinitionError& e) {
    CHECK_THAT(e.what(), Contains("tiny.yaml:6:26: error: unknown player 'c'"));
    CHECK_THAT(e.what(), Contains("tiny.yaml:6:39: error: unknown cell 'z9'"));
  }
}

TEST_CASE("a move list only the C++ primitives wrote is trusted: State::apply skips its check") {
  auto trusted = [](const Rules& game, const std::string& position) {
    State s = parse_position(game.def(), position);
    MoveList moves;
    game.legal_moves(s, moves);
    REQUIRE(moves.size() > 0);
    bool all = true, any = false;
    for (int i = 0; i < moves.size(); ++i) all = all && moves[i].trusted, any = any || moves[i].trusted;
    CHECK(all == any);  // a list is trusted or not as a whole
    return all;
  };
  for (bool checking : {false, true}) {
    INFO("checking " << checking);
    ThreadRules breakthrough(load_game_def(resolve_game("breakthrough")));
    breakthrough.vm().set_checking(checking);
    CHECK(trusted(breakthrough, "white d4=w c5=b h8=b"));
    // The script writes a move of its own beside the primitive's: nothing is trusted.
    testing::TempDir dir;
    ThreadRules mixed(load_game_def(step_game(dir, "{ steps = function() return { { dirs = all } } end }",
                                              "  steps.generate(rules)\n  moves.stack(state.mine(0), state.mine(0) == 0 and 4 or 0, 1)\n")));
    mixed.vm().set_checking(checking);
    CHECK_FALSE(trusted(mixed, "a a1=x c3=o"));
    testing::TempDir dir2;
    ThreadRules own(load_game_def(step_game(dir2, "{}", "  moves.stack(state.mine(0), 4, 1)\n")));
    own.vm().set_checking(checking);
    CHECK_FALSE(trusted(own, "a a1=x c3=o"));
  }
  // So a script's illegal move is still refused: at apply, or in checking mode (the
  // sanitizer build's default) as it is written.
  testing::TempDir dir3;
  ThreadRules liar(load_game_def(step_game(dir3, "{}", "  moves.stack(state.mine(0), 4, 2)\n")));
  for (bool checking : {false, true}) {
    liar.vm().set_checking(checking);
    State s = parse_position(liar.def(), "a a1=x c3=o");
    MoveList moves;
    if (checking) {
      CHECK_THROWS_WITH(liar.legal_moves(s, moves), Contains("a1 holds 1"));
      continue;
    }
    liar.legal_moves(s, moves);
    CHECK_THROWS_WITH(liar.apply(s, moves[0]), Contains("a1 holds 1"));
  }
}

TEST_CASE("steps.generate: merging within board.max_stack, bearing off, split stacks, the height rule") {
  testing::TempDir dir;
  dir.write("towers.lua",
            "local N = { board.dir('n') }\n"
            "local E = { board.dir('e') }\n"
            "local rules = { steps = function() return { { dirs = N, onto = 'empty+own+off' },\n"
            "                                             { dirs = E, split = true, onto = 'enemy' } } end,\n"
            "                off = game.reserve('off') }\n"
            "function generate() rules.capture = game.options.capture steps.generate(rules) end\n"
            "notation = steps.notation\n");
  ThreadRules game(load_game_def(dir.write(
      "towers.yaml",
      "name: towers\nscript: towers.lua\nplayers: [{name: a}, {name: b}]\n"
      "board: {kind: grid, size: [3, 3], edges: off, max_stack: 3}\nreserves: [off]\n"
      "pieces: {p: {glyphs: {a: x, b: o}}}\n"
      "options: {capture: {default: any, values: [any, not_taller]}}\n")));
  for (bool checking : {false, true}) {
    INFO("checking " << checking);
    game.vm().set_checking(checking);
    // a1 merges onto a2 (3 pieces fit); a2 steps to a3 whole; c3 is an enemy.
    CHECK(testing::texts_at(game, "a a1=x a2=xx c3=o") == std::set<std::string>{"a1-a2", "a2-a3"});
    // Four would not fit.
    CHECK(testing::texts_at(game, "a a1=xx a2=xx c3=o") == std::set<std::string>{"a2-a3"});
    // A whole stack bears off where the ray leaves the board.
    CHECK(testing::texts_at(game, "a a3=xx c1=o") == std::set<std::string>{"a3-off"});
    // Split east onto enemies: one piece one cell, two pieces two cells (over b1).
    CHECK(testing::texts_at(game, "a a1=xx b1=oo c1=oo b3=o") == std::set<std::string>{"a1-a2", "a1xb1/1", "a1xc1"});
  }
  ThreadRules taller(load_game_def(dir.path() + "/towers.yaml", {{"capture", "not_taller"}}));
  taller.vm().set_checking(true);
  // Only as many pieces as the enemy stack holds, or more, take it.
  CHECK(testing::texts_at(taller, "a a1=xx b1=oo c1=oo b3=o") == std::set<std::string>{"a1-a2", "a1xc1"});
}

TEST_CASE("steps.generate: no move back onto its own cell, one move per cell and count, off and steps required") {
  testing::TempDir dir;
  dir.write("bounce.lua",
            "local W, E = { board.dir('w') }, { board.dir('e') }\n"
            "local rules = { steps = function() return { { dirs = W, range = 0, onto = 'any' },\n"
            "                                             { dirs = E }, { dirs = E, split = true } } end }\n"
            "function generate() steps.generate(rules) end\n"
            "notation = steps.notation\n");
  ThreadRules game(load_game_def(dir.write("bounce.yaml",
                                           "name: bounce\nscript: bounce.lua\nplayers: [{name: a}, {name: b}]\n"
                                           "board: {kind: grid, size: [3, 3], edges: reflect, max_stack: 3}\n"
                                           "pieces: {p: {glyphs: {a: x, b: o}}}\n")));
  for (bool checking : {false, true}) {
    INFO("checking " << checking);
    game.vm().set_checking(checking);
    // West from b1 reflects at the edge back onto b1 itself: that stops it. East, the whole
    // stack and the split count 1 both reach c1: one move.
    CHECK(testing::texts_at(game, "a b1=x c3=o") == std::set<std::string>{"b1-a1", "b1-c1"});
    State s = parse_position(game.def(), "a b1=x c3=o");
    MoveList moves;
    game.legal_moves(s, moves);
    CHECK(moves.size() == 2);
    // A two-piece stack: the whole stack one cell, one piece one cell, two pieces two cells.
    CHECK(testing::texts_at(game, "a a1=xx c3=o") == std::set<std::string>{"a1-b1", "a1-b1/1", "a1-c1"});
  }
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"{ steps = function() return { { dirs = all, onto = 'empty+off' } } end }",
       "tiny.lua:5: steps.generate: a step may bear off (onto \"off\"), so the rules need off, a reserve slot (game.reserve)"},
      {"{}", "tiny.lua:5: steps.generate: the rules' steps is nil, not a function of a piece code"},
  };
  for (const auto& [rules, message] : cases) {
    INFO(rules);
    testing::TempDir d;
    ThreadRules g(load_game_def(step_game(d, rules)));
    CHECK_THAT(testing::generate_error(g, "a a1=x c3=o"), Contains(message));
  }
}

TEST_CASE("steps.generate: one-cell steps, listed per cell, give the moves the steps give") {
  // The C++ search lists the cells a piece of one-cell steps reaches from each cell, once
  // per rules table (script/step_moves.h). Checking mode compares it with the Lua search on
  // random games: reflecting edges that lead back, unplayable cells, two steps onto one cell
  // (not listed), promotion, a piece with a longer step (not listed), and six rules tables
  // used in turn, more than the search keeps.
  testing::TempDir dir;
  dir.write("listed.lua",
            "local function dirs(...) local l = {} for i, n in ipairs({ ... }) do l[i] = board.dir(n) end return l end\n"
            "local ALL = dirs('n', 'ne', 'e', 'se', 's', 'sw', 'w', 'nw', 'z')\n"
            "local tables, turn = {}, 0\n"
            "for t = 1, 6 do\n"
            "  local ahead = t % 2 == 0 and 'n' or 's'\n"
            "  tables[t] = {\n"
            "    steps = function(code)\n"
            "      if game.kind(code) == 1 then return { { dirs = ALL, range = t % 3 == 0 and 2 or 1 } } end\n"
            "      if t % 3 == 1 then return { { dirs = dirs(ahead), onto = 'empty' }, { dirs = ALL, onto = 'enemy' } } end\n"
            "      return { { dirs = ALL } }\n"
            "    end,\n"
            "    promotion = function(code, cell)\n"
            "      if game.kind(code) == 0 and board.name(cell):sub(1, 1) == 'c' then return game.piece('q', game.owner(code)) end\n"
            "    end,\n"
            "    capture_flags = game.flags('capture'),\n"
            "  }\n"
            "end\n"
            "function generate() turn = turn + 1; steps.generate(tables[turn % 6 + 1]) end\n"
            "notation = steps.notation\n");
  ThreadRules game(load_game_def(dir.write("listed.yaml",
                                           "name: listed\nscript: listed.lua\nplayers: [{name: a}, {name: b}]\n"
                                           "board: {kind: grid, size: [5, 5], edges: reflect, playable: dark,\n"
                                           "        directions: {n: [0, 1], ne: [1, 1], e: [1, 0], se: [1, -1], s: [0, -1], sw: [-1, -1],\n"
                                           "                     w: [-1, 0], nw: [-1, 1], z: [0, 0]}}\n"
                                           "pieces: {p: {glyphs: {a: x, b: o}}, q: {glyphs: {a: X, b: O}}}\n"
                                           "setup: [{stack: x, cells: [a1, c1, e1, b2, d2]}, {stack: o, cells: [a5, c5, e5, b4, d4]}]\n"
                                           "turn: {no_moves: lose, lose_without_pieces: true, max_plies: 80}\n"
                                           "events: {capture: {doc: a capture}}\n")));
  game.vm().set_checking(true);
  MoveList moves;
  long captures = 0, promotions = 0;
  testing::random_positions(game, testing::random_games(60), [&](const State& s) {
    State copy = s;
    game.legal_moves(copy, moves);
    for (int i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      captures += !m.is_pass() && m.actions[0].op == Op::Remove;
      promotions += !m.is_pass() && m.actions[m.count - 1].op == Op::SetTop;
    }
  });
  CHECK(captures > 0);
  CHECK(promotions > 0);
}

TEST_CASE("a trusted move is still checked when more pieces are in play than a stack holds") {
  testing::TempDir dir;
  ThreadRules game(load_game_def(step_game(dir, "{ steps = function() return {} end }", "  steps.generate(rules)\n",
                                           "")));
  // tiny's stacks hold 2 pieces (board.max_stack defaults to the setup's piece count).
  REQUIRE(game.def().stack_cap == 2);
  Move m;
  m.push(Action{Op::Move, 1, 1, 0, 0});  // b1 onto a1
  m.trusted = true;
  State fits = parse_position(game.def(), "a a1=x b1=x");
  CHECK_NOTHROW(fits.apply(m));
  CHECK(fits.height(0) == 2);
  // Three pieces in play: a position text holding them is refused (no move adds a piece),
  // but a state edited in C++ may hold them, and the trusted move is checked still.
  State over = parse_position(game.def(), "a a1=x b1=x");
  over.push_piece(0, over.piece(0, 0));
  CHECK_THROWS_WITH(over.apply(m), Contains("would be taller than 2"));
}

TEST_CASE("steps.generator: the moves steps.generate writes, with the rules as they were when it was made") {
  // steps-mix's rules written twice a position: by steps.generate(rules) and by a generator
  // made from a copy that is spoilt right after (its steps give nothing, its flags are not
  // flags): the generator must not see that, and the two halves must be the same moves.
  std::ifstream in("tests/data/steps-mix/steps-mix.lua");
  std::string script((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string tail = "function generate()\n  steps.generate(rules)\nend\n";
  REQUIRE(script.find(tail) != std::string::npos);
  script.replace(script.find(tail), tail.size(),
                 "local copy = {}\n"
                 "for k, v in pairs(rules) do copy[k] = v end\n"
                 "local fixed = steps.generator(copy)\n"
                 "copy.steps, copy.capture_flags = function() return {} end, 'not flags'\n"
                 "function generate()\n  steps.generate(rules)\n  fixed()\nend\n");
  std::ifstream yaml_in(kMix);
  const std::string yaml((std::istreambuf_iterator<char>(yaml_in)), std::istreambuf_iterator<char>());
  testing::TempDir dir;
  dir.write("steps-mix.lua", script);
  ThreadRules game(load_game_def(dir.write("steps-mix.yaml", yaml)));
  MoveList moves;
  long compared = 0;
  for (bool checking : {false, true}) {
    game.vm().set_checking(checking);
    testing::random_positions(game, testing::random_games(20), [&](const State& s) {
      State copy = s;
      game.legal_moves(copy, moves);
      REQUIRE(moves.size() % 2 == 0);
      const int half = moves.size() / 2;
      for (int i = 0; i < half; ++i) REQUIRE(moves[i] == moves[half + i]);
      compared += half;
    });
  }
  CHECK(compared > 1000);
  // Bad rules are the author's error when the generator is made, at that line.
  testing::TempDir bad;
  ThreadRules wrong(load_game_def(testing::tiny_definition(bad, "function generate()\n  steps.generator({ steps = 7 })\nend\n")));
  CHECK_THAT(testing::generate_error(wrong, "a a1=x c3=o"),
             Contains("tiny.lua:2: steps.generator: the rules' steps is 7, not a function of a piece code"));
}
