// The step-chain primitive: step_chains.generate's C++ search (interpreter/script/step_chains.cpp)
// against its plain-Lua twin, capture patterns against the same captures written as a Lua
// function, the errors an author sees, and the action limit of one move.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "board/board.h"
#include "core/diagnostics.h"
#include "definition/bundled.h"
#include "helpers.h"
#include "state/position_text.h"

using namespace boardlab;
using Catch::Contains;

namespace {

// A two-player game on `board` whose moves are step_chains.generate(`rules`) (Lua, with
// CAPTURE the capture flag), notation from the patterns.
std::string chain_game(const testing::TempDir& dir, const std::string& board, const std::string& setup,
                       const std::string& rules) {
  dir.write("chains.lua", "local CAPTURE = game.flags('capture')\n"
                          "local rules = " + rules + "\n"
                          "function generate()\n"
                          "  step_chains.generate(rules)\n"
                          "end\n"
                          "notation = step_chains.notation_for(rules.captures)\n");
  return dir.write("chains.yaml", "api: 2\nname: chains\nscript: chains.lua\nplayers: [{name: a}, {name: b}]\n" + board +
                                      "\npieces: {p: {glyphs: {a: x, b: o}}}\nsetup: " + setup +
                                      "\nturn: {no_moves: lose, lose_without_pieces: true, max_plies: 80}\n"
                                      "events: {capture: {doc: a move that captures}}\n");
}

// The bundled Fanorona with its script replaced by `lua` (written as `name`.lua in dir);
// returns the definition's path.
std::string fanorona_with_script(const testing::TempDir& dir, const std::string& name, const std::string& lua) {
  std::ifstream in("definitions/fanorona.yaml");
  std::stringstream yaml;
  yaml << in.rdbuf();
  std::string text = yaml.str();
  const std::string line = "script: ../scripts/fanorona.lua";
  REQUIRE(text.find(line) != std::string::npos);
  text.replace(text.find(line), line.size(), "script: " + name + ".lua");
  dir.write(name + ".lua", lua);
  return dir.write(name + ".yaml", text);
}

// What the random positions of `game` held: moves, capturing moves, chains of several steps.
struct Seen {
  long positions = 0, moves = 0, captures = 0, chains = 0;
};

// Generates every position of random games in checking mode, where both searches run and
// must write the same moves in the same order (a difference is an error).
Seen both_searches(const Rules& game, int games) {
  Seen seen;
  MoveList moves;
  seen.positions = testing::random_positions(game, games, [&](const State& s) {
    State copy = s;
    game.legal_moves(copy, moves);
    for (int i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      seen.moves += 1;
      int steps = 0, removes = 0;
      for (const Action& a : m) steps += a.op == Op::Move, removes += a.op == Op::Remove;
      seen.captures += removes > 0;
      seen.chains += steps > 1;
    }
  });
  return seen;
}

}  // namespace

TEST_CASE("step_chains.generate's C++ search writes the Lua search's moves, in order") {
  SECTION("Fanorona, each opening rule") {
    for (const char* opening : {"white", "both", "none"}) {
      INFO("opening " << opening);
      auto game = testing::bundled("fanorona", {{"opening", opening}, {"max_plies", "120"}});
      game->vm().set_checking(true);
      const Seen seen = both_searches(*game, testing::random_games(30));
      CHECK(seen.positions > 10 * testing::random_games(30));
      CHECK(seen.captures > 0);
      CHECK(seen.chains > 0);
    }
  }
  SECTION("a square grid with all eight directions: approach takes one piece, chains go on while they can, capturing is optional") {
    testing::TempDir dir;
    ThreadRules game(load_game_def(chain_game(
        dir, "board: {kind: grid, size: [6, 6]}", "[{stack: x, cells: [a1..f2]}, {stack: o, cells: [a5..f6]}]",
        "{ captures = { { label = 'A', line = 'ahead', max = 1 }, { label = 'W', line = 'behind' } },\n"
        "  may_stop = false, compulsory = false, capture_flags = CAPTURE }")));
    game.vm().set_checking(true);
    const Seen seen = both_searches(game, testing::random_games(40));
    CHECK(seen.captures > 0);
    CHECK(seen.chains > 0);
    CHECK(seen.moves > seen.captures);  // optional captures: plain steps beside them
  }
  SECTION("a hexagonal board, withdrawal only, one capturing step") {
    testing::TempDir dir;
    ThreadRules game(load_game_def(chain_game(dir, "board: {kind: hex, size: [5, 5]}",
                                              "[{stack: x, cells: [a1..e2]}, {stack: o, cells: [a4..e5]}]",
                                              "{ captures = { { line = 'behind' } }, chain = false }")));
    game.vm().set_checking(true);
    const Seen seen = both_searches(game, testing::random_games(40));
    CHECK(seen.captures > 0);
    CHECK(seen.chains == 0);
  }
}

TEST_CASE("step_chains: capture patterns write the moves of the same captures written as a Lua function") {
  // Fanorona's script with its captures as the library's function (the Lua search) against
  // the bundled one's patterns (the C++ search), on the positions of random games.
  testing::TempDir dir;
  ThreadRules by_function(load_game_def(fanorona_with_script(dir, "fanorona-function",
            "local rules = { captures = step_chains.approach_withdrawal, capture_flags = game.flags('capture') }\n"
            "local first_turn = { captures = step_chains.approach_withdrawal, capture_flags = game.flags('capture'), chain = false }\n"
            "function generate()\n"
            "  if state.ply() == 0 then step_chains.generate(first_turn) else step_chains.generate(rules) end\n"
            "end\n"
            "notation = step_chains.notation\n")));
  auto by_patterns = testing::bundled("fanorona");
  long positions = 0, labelled = 0;
  testing::random_positions(*by_patterns, testing::random_games(30), [&](const State& s) {
    State ours = s;
    State theirs = parse_position(by_function.def(), position_text(s));
    const auto a = testing::legal_texts(*by_patterns, ours), b = testing::legal_texts(by_function, theirs);
    REQUIRE(a == b);
    ++positions;
    for (const std::string& t : a) labelled += t.find('A') != std::string::npos || t.find('W') != std::string::npos;
  });
  CHECK(positions > 0);
  CHECK(labelled > 0);
}

TEST_CASE("step_chains.generator: the moves step_chains.generate writes, with the rules as they were when made") {
  // Fanorona with generators made from tables spoilt right after (a pattern's line turned,
  // the other dropped, the flags made wrong), and one with the captures as a function (the
  // Lua search), against the bundled script's: the same moves at every position.
  testing::TempDir dir;
  ThreadRules generators(load_game_def(fanorona_with_script(dir, "fanorona-generators",
            "local captures = { { label = 'A', line = 'ahead' }, { label = 'W', line = 'behind' } }\n"
            "local rules = { captures = captures, capture_flags = game.flags('capture') }\n"
            "local chains = step_chains.generator(rules)\n"
            "local first_turn = step_chains.generator({ captures = captures, capture_flags = game.flags('capture'), chain = false })\n"
            "local by_function = step_chains.generator({ captures = step_chains.approach_withdrawal, capture_flags = game.flags('capture') })\n"
            "captures[1].line, captures[2], rules.capture_flags = 'behind', nil, 'x'\n"
            "function generate()\n"
            "  if state.ply() == 0 then first_turn() elseif state.ply() % 2 == 0 then chains() else by_function() end\n"
            "end\n"
            "notation = step_chains.notation\n")));
  auto bundled = testing::bundled("fanorona");
  long positions = 0;
  for (bool checking : {false, true}) {
    generators.vm().set_checking(checking);
    testing::random_positions(*bundled, testing::random_games(20), [&](const State& s) {
      State ours = s;
      State theirs = parse_position(generators.def(), position_text(s));
      REQUIRE(testing::legal_texts(*bundled, ours) == testing::legal_texts(generators, theirs));
      ++positions;
    });
  }
  CHECK(positions > 100);
  // Bad rules are the author's error when the generator is made, at that line.
  testing::TempDir bad;
  ThreadRules wrong(load_game_def(
      testing::tiny_definition(bad, "function generate()\n  step_chains.generator({ captures = { 'A' } })\nend\n")));
  CHECK_THAT(testing::generate_error(wrong, "a a1=x c3=o"),
             Contains("tiny.lua:2: step_chains.generator: captures[1] is \"A\", not a pattern"));
}

TEST_CASE("step_chains.generate: bad patterns and fields are errors at the author's line") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"{ captures = 7 }", "chains.lua:5: step_chains.generate: the rules need captures, a list of patterns or a function"},
      {"{ captures = {} }", "chains.lua:5: step_chains.generate: captures lists 0 patterns; 1 to 8"},
      {"{ captures = { 'A' } }", "chains.lua:5: step_chains.generate: captures[1] is \"A\", not a pattern"},
      {"{ captures = { { line = 'sideways' } } }",
       "chains.lua:5: step_chains.generate: captures[1].line is \"sideways\", not \"ahead\" or \"behind\""},
      {"{ captures = { { line = 'ahead', max = -1 } } }",
       "chains.lua:5: step_chains.generate: captures[1].max is -1, not a count from 0 (the whole line) to 255"},
      {"{ captures = { { line = 'ahead', label = 1 } } }", "chains.lua:5: step_chains.generate: captures[1].label is 1, not a string"},
      {"{ captures = { { line = 'ahead' } }, capture_flags = 'x' }",
       "chains.lua:5: step_chains.generate: capture_flags is \"x\", not flags from game.flags"},
  };
  for (const auto& [rules, message] : cases) {
    INFO(rules);
    testing::TempDir dir;
    ThreadRules game(load_game_def(chain_game(dir, "board: {kind: grid, size: [3, 3]}", "[{stack: x, cells: [a1]}, {stack: o, cells: [c3]}]",
                                              "{ captures = { { line = 'ahead' } } }\nrules = " + rules)));
    CHECK_THAT(testing::generate_error(game, "a a1=x c3=o"), Contains(message));
  }
}

TEST_CASE("step_chains.generate: a chain longer than a move holds is an error, not a cut move") {
  // One approach along a row takes a line of 50 pieces: 51 actions, over the 48 a move holds.
  testing::TempDir dir;
  // (The setup has room for the pieces of the positions below: no move adds one.)
  ThreadRules game(load_game_def(chain_game(dir, "board: {kind: grid, size: [60, 1]}",
                                            "[{stack: x, cells: [a1]}, {stack: o, cells: [c1..bb1]}]",
                                            "{ captures = { { label = 'A', line = 'ahead' } } }")));
  std::string position = "a a1=x";
  for (int x = 2; x < 52; ++x) position += " " + file_name(x) + "1=o";
  CHECK_THAT(testing::generate_error(game, position),
             Contains("chains.lua:4: step_chains.generate: a chain too long for one move (at most 48 actions)"));
  // 46 pieces fit: 47 actions.
  position = "a a1=x";
  for (int x = 2; x < 48; ++x) position += " " + file_name(x) + "1=o";
  State s = parse_position(game.def(), position);
  CHECK(testing::legal_texts(game, s) == std::vector<std::string>{"a1-b1A"});
}
