// The Lua host: the sandbox, the loop budget, the memory cap, error messages, and the FFI
// struct layouts agreeing between C++ and Lua.
#include <catch2/catch.hpp>

#include "core/diagnostics.h"
#include "helpers.h"
#include "script/ffi_types.h"
#include "state/position_text.h"

using namespace boardlab;
using Catch::Contains;

namespace {

// Loads a tiny game with `lua`, runs generate and plays its first move (if any); returns
// the error, or "" if none.
std::string run(const std::string& lua, const std::string& extra_yaml = "") {
  testing::TempDir dir;
  try {
    ThreadRules game(load_game_def(testing::tiny_definition(dir, lua, extra_yaml)));
    State s = game.initial();
    MoveList moves;
    game.legal_moves(s, moves);
    if (!moves.empty()) game.apply(s, moves[0]);
    return "";
  } catch (const ScriptError& e) {
    return e.what();
  }
}

}  // namespace

TEST_CASE("a game script cannot reach what the sandbox leaves out") {
  for (const char* name : {"io", "os", "ffi", "debug", "require", "dofile", "loadfile", "load", "loadstring", "jit",
                           "getfenv", "setfenv", "coroutine", "package", "collectgarbage", "newproxy"}) {
    INFO(name);
    std::string err = run(std::string("function generate() local _ = ") + name + ".x end\n");
    CHECK_THAT(err, Contains(std::string("attempt to index global '") + name + "' (a nil value)"));
  }
  CHECK_THAT(run("function generate() local _ = string.dump.x end\n"), Contains("attempt to index field 'dump'"));
  CHECK_THAT(run("function generate() local _ = ('').dump.x end\n"), Contains("attempt to index field 'dump'"));
  CHECK_THAT(run("function generate() local _ = math.random.x end\n"), Contains("attempt to index field 'random'"));
  CHECK_THAT(run("function generate() local _ = getmetatable('').x end\n"), Contains("attempt to index a nil value"));
  // What the sandbox does offer works.
  CHECK(run("assert(('ab'):rep(2) == 'abab' and math.max(1, 2) == 2 and bit.band(6, 3) == 2)\n"
            "function generate() end\n") == "");
}

TEST_CASE("an endless loop stops with a clear error") {
  const std::string limits = "limits: {ticks: 100000}\n";
  for (const char* body : {"while true do end", "local x = 0 while true do x = x + 1 end",
                           "local function f(n) return f(n + 1) end f(1)",
                           "::again:: goto again",
                           "while true do pcall(function() while true do end end) end"}) {
    INFO(body);
    std::string err = run(std::string("function generate() ") + body + " end\n", limits);
    CHECK_THAT(err, Contains("tiny.lua:1: the script ran too long: more than 100000 loop steps in one call"));
    CHECK_THAT(err, Contains("(hook generate, game tiny, ply 0)"));
  }
  // At load time too.
  CHECK_THAT(run("while true do end\nfunction generate() end\n", limits), Contains("(hook load, game tiny, ply 0)"));
}

TEST_CASE("a script that allocates without end hits the memory cap") {
  std::string err = run("function generate() local t, i = {}, 0 while true do i = i + 1 t[i] = {i} end end\n",
                        "limits: {ticks: 500000000, memory_mb: 16}\n");
  CHECK_THAT(err, Contains("the script went over its memory limit of 16 MiB"));
}

TEST_CASE("script errors name the script line, the hook, the game and the ply, with a traceback") {
  std::string err = run("local function helper(x)\n  return x.y\nend\nfunction generate()\n  helper(nil)\nend\n");
  CHECK_THAT(err, Contains("tiny.lua:2: attempt to index local 'x' (a nil value) (hook generate, game tiny, ply 0)"));
  CHECK_THAT(err, Contains("stack traceback:"));
  CHECK_THAT(err, Contains("tiny.lua:5:"));
  CHECK_THAT(run("function generate(\n"), Contains("tiny.lua:"));
  CHECK_THAT(run("function generat() end\n"), Contains("function 'generat' is not a hook; did you mean 'generate'?"));
  CHECK_THAT(run("function other() end\n"), Contains("the script must define the hook 'generate()'"));
  CHECK_THAT(run("function generate()\n  moves.stack(-1, 0, 1)\nend\n"),
             Contains("tiny.lua:2: moves.stack: cell -1 is out of range"));
  CHECK_THAT(run("function generate()\n  moves.begin()\nend\n"), Contains("was not committed"));
}

TEST_CASE("C++ and Lua agree on the FFI structs") {
  testing::TempDir dir;
  ThreadRules game(load_game_def(testing::tiny_definition(dir, "function generate() end\n")));
  for (const auto& [name, size] : game.vm().lua_struct_sizes()) {
    INFO(name);
    int expected = name == "bl_board"   ? static_cast<int>(sizeof(bl_board))
                   : name == "bl_state" ? static_cast<int>(sizeof(bl_state))
                   : name == "bl_moves" ? static_cast<int>(sizeof(bl_moves))
                   : name == "bl_chain_rules" ? static_cast<int>(sizeof(bl_chain_rules))
                                        : static_cast<int>(sizeof(bl_host));
    CHECK(size == expected);
  }
}

TEST_CASE("moves written with begin/commit carry several actions") {
  testing::TempDir dir;
  ThreadRules game(load_game_def(testing::tiny_definition(dir,
      "function generate()\n"
      "  moves.begin(1)\n"
      "  moves.move(board.cell('a1'), board.cell('b2'), 1)\n"
      "  moves.mark(board.cell('b2'))\n"
      "  moves.commit()\n"
      "  moves.stack(board.cell('a1'), board.cell('a2'), 1)\n"
      "end\n")));
  State s = game.initial();
  MoveList moves;
  game.legal_moves(s, moves);
  REQUIRE(moves.size() == 2);
  Move m = moves[0];
  CHECK(m.count == 2);
  CHECK(m.flags == 1);
  CHECK(m.actions[0].op == Op::Move);
  CHECK(m.actions[1].op == Op::Mark);
  CHECK(moves[1].count == 1);
  CHECK(game.move_texts(s, moves) == std::vector<std::string>{"a1-b2/1,@b2", "a1-a2"});
}

TEST_CASE("state is readable while loading, and moves are written only by generate") {
  CHECK(run("assert(state.height(board.cell('a1')) == 1 and state.owner(board.cell('c3')) == 1)\n"
            "function generate() end\n") == "");
  CHECK_THAT(run("moves.stack(0, 1, 1)\nfunction generate() end\n"),
             Contains("tiny.lua:1: moves.stack: moves can only be written by generate()"));
  CHECK_THAT(run("function generate() moves.stack(0, 1, 1) end\n"
                 "function result()\n  moves.begin()\nend\n"),
             Contains("tiny.lua:3: moves.begin: moves can only be written by generate()"));
}

TEST_CASE("scripts cannot reach past the arrays, whatever numbers they pass") {
  CHECK_THAT(run("function generate() local _ = state.top(8.5) end\n"), Contains("state.top: cell 8.5 is out of range"));
  CHECK_THAT(run("function generate() local _ = board.ray(0.5, 0, 1) end\n"), Contains("board.ray: cell 0.5 is out of range"));
  CHECK_THAT(run("function generate() local _ = state.piece(0, 0.5) end\n"), Contains("state.piece: level 0.5 is out of range"));
  CHECK_THAT(run("function generate() moves.stack_targets(0, 1.5, 2) end\n"), Contains("moves.stack_targets: length 1.5"));
  // More moves than the buffer first holds, the last batch in one call.
  CHECK(run("function generate()\n"
            "  for i = 1, 250 do moves.stack(board.cell('a1'), board.cell('a2'), 1) end\n"
            "  for i = 1, 20 do moves.stack_targets(board.cell('a1'), 1, 1) end\n"
            "end\n") == "");
}

TEST_CASE("a notation hook must give spellings") {
  testing::TempDir dir;
  ThreadRules game(load_game_def(testing::tiny_definition(
      dir, "function generate() moves.stack(0, 1, 1) end\nfunction notation(mv) return {false} end\n")));
  State s = game.initial();
  MoveList moves;
  game.legal_moves(s, moves);
  CHECK_THROWS_WITH(game.move_texts(s, moves), Contains("notation: expected a string or a list of strings"));
}

TEST_CASE("loops hidden from a careless lexer still stop, and goto continue still loads") {
  const std::string limits = "limits: {ticks: 100000}\n";
  for (const char* src : {"-- x\rwhile true do end\n", "local s = \"\\z\n \" while true do end --\"\n",
                          "local s = 'a\\\r\n' while true do end --'\n", "local x = 0xe-- [[\nwhile true do end\n-- ]]\n",
                          "::--[[c]]top:: goto top\n"}) {
    INFO(src);
    CHECK_THAT(run(std::string(src) + "function generate() end\n", limits), Contains("the script ran too long"));
  }
  CHECK(run("for i = 1, 3 do if i == 2 then goto continue end local x = i ::continue:: end\n"
            "function generate() end\n") == "");
}

TEST_CASE("string patterns are out of reach, plain find works") {
  CHECK_THAT(run("function generate() local _ = ('aaa'):rep(40):find(('a?'):rep(40)) end\n"),
             Contains("string.find is available to game scripts only as string.find(s, text, init, true)"));
  CHECK_THAT(run("function generate() local _ = string.match('a', '.-') end\n"), Contains("string.match is not available"));
  CHECK_THAT(run("function generate() local _ = ('a'):gsub('a', 'b') end\n"), Contains("string.gsub is not available"));
  CHECK(run("assert(('a.b'):find('.', 1, true) == 2 and string.format('%d', 3) == '3')\nfunction generate() end\n") == "");
}

TEST_CASE("errors from the move shortcuts name the script line") {
  CHECK_THAT(run("function generate()\n  moves.off(0, 1, 0)\nend\n"), Contains("tiny.lua:2: moves.off: reserve 0 is out of range"));
  CHECK_THAT(run("function generate()\n  moves.capture(0, 1, 0)\nend\n"), Contains("tiny.lua:2: moves.capture: count 0 is out of range"));
  CHECK_THAT(run("function generate()\n  moves.move(0, 1, 1)\nend\n"), Contains("tiny.lua:2: moves.move: call moves.begin first"));
  CHECK_THAT(run("function generate()\n  moves.begin()\n  moves.stack(0, 1, 1)\nend\n"),
             Contains("tiny.lua:3: moves.stack: a move begun with moves.begin is still open"));
}

TEST_CASE("library work done in C counts against the loop budget, and far positions are refused") {
  const std::string limits = "limits: {ticks: 100000}\n";
  // Each body would run for many seconds (or for ever) if the library's work were free.
  for (const char* body : {"local t = {} for i = 1, 10 do t[i] = ('x'):rep(1000000) end",
                           "local big = {} for i = 1, 200000 do big[i] = i end table.sort(big)",
                           "local s = {} for i = 1, 1000 do s[i] = 'x' end for i = 1, 1000 do table.concat(s) end",
                           "while true do pcall(error, 'x') end"}) {
    INFO(body);
    CHECK_THAT(run(std::string("function generate() ") + body + " end\n", limits),
               Contains("the script ran too long: more than 100000 loop steps in one call"));
  }
  CHECK_THAT(run("function generate() table.insert({}, -2147483647, 1) end\n"),
             Contains("table.insert: position -2147483647 is out of range (1 to #t + 1)"));
  CHECK_THAT(run("function generate() table.remove({1, 2}, 1e9) end\n"), Contains("table.remove: position 1000000000 is out of range"));
  CHECK_THAT(run("function generate() local s = ('x'):rep(2^26) end\n"), Contains("string.rep: the result would be 67108864 bytes"));
  // A script's own error(..., level) still names its own line.
  CHECK_THAT(run("local function f() error('mine', 2) end\nfunction generate()\n  f()\nend\n"), Contains("tiny.lua:3: mine"));
}

TEST_CASE("what a hook hands back is bounded: moves per position, notation's spellings, escapes") {
  CHECK_THAT(run("function generate() for i = 1, 2000000 do moves.stack(state.mine(0), board.cell('a2'), 1) end end\n",
                 "limits: {ticks: 500000000}\n"),
             Contains("generate: more than 1000000 moves in one position"));
  // The move buffer counts against limits.memory_mb: 900,000 moves take about 15 MiB.
  CHECK_THAT(run("function generate() for i = 1, 900000 do moves.stack(state.mine(0), board.cell('a2'), 1) end end\n",
                 "limits: {ticks: 500000000, memory_mb: 16}\n"),
             Contains("generate: the moves written would go over the memory limit of 16 MiB (limits.memory_mb)"));
  CHECK(run("function generate() for i = 1, 900000 do moves.stack(state.mine(0), board.cell('a2'), 1) end end\n",
            "limits: {ticks: 500000000, memory_mb: 64}\n") == "");
  testing::TempDir dir;
  auto texts = [&](const std::string& notation) {
    ThreadRules game(load_game_def(testing::tiny_definition(
        dir, "function generate() moves.stack(state.mine(0), board.cell('a2'), 1) end\nfunction notation(m) " + notation + " end\n")));
    State s = game.initial();
    return testing::legal_texts(game, s);
  };
  CHECK_THROWS_WITH(texts("return ('x'):rep(300)"), Contains("notation gave more than 16 spellings or one longer than 256 bytes"));
  CHECK_THROWS_WITH(texts("local t = {} for i = 1, 100 do t[i] = 'm' .. i end return t"), Contains("more than 16 spellings"));
  CHECK(texts("return 'a\\27[31mred'") == std::vector<std::string>{"a\\x1b[31mred"});
  // Values in messages show no heap addresses.
  CHECK_THAT(run("function generate() moves.stack(state.mine(0), board.cell('a2'), 1) end\nfunction result() return {} end\n"),
             Contains("result: expected nil, \"draw\" or a player, got a table"));
  for (const char* who : {"7", "-1", "'purple'", "0.5"}) {
    INFO(who);
    CHECK_THAT(run(std::string("function generate() moves.stack(state.mine(0), board.cell('a2'), 1) end\nfunction result() return ") + who + " end\n"),
               Contains("result: expected nil, \"draw\" or a player, got"));
  }
}

TEST_CASE("a script saved with a UTF-8 byte-order mark loads") {
  CHECK(run("\xEF\xBB\xBF" "function generate() moves.stack(state.mine(0), board.cell('a2'), 1) end\n") == "");
}

TEST_CASE("in checking mode a move the board refuses is an error at the script line that wrote it") {
  testing::TempDir dir;
  // a1 holds one piece: the first move lifts two, the second (begun, then committed) takes a
  // piece from an empty level.
  const std::string lua = "local a1, a2 = board.cell('a1'), board.cell('a2')\n"
                          "function generate()\n"
                          "  if state.height(a1) > 0 then moves.stack(a1, a2, 2) return end\n"
                          "  moves.begin()\n"
                          "  moves.take(a2, 1)\n"
                          "  moves.commit()\n"
                          "end\n";
  ThreadRules game(load_game_def(testing::tiny_definition(dir, lua)));
  State s = game.initial();
  MoveList moves;
  game.vm().set_checking(true);
  CHECK_THROWS_WITH(game.legal_moves(s, moves),
                    Catch::Contains("tiny.lua:3: moves.stack: illegal action: move 2 pieces from a1 to a2: a1 holds 1 "
                                      "(hook generate, game tiny, ply 0)\n  in the position: a a1=x c3=o\n"));
  s = parse_position(game.def(), "a a2=x c3=o");
  CHECK_THROWS_WITH(game.legal_moves(s, moves),
                    Catch::Contains("tiny.lua:6: moves.commit: illegal action: take the piece at level 1 of a2 out of "
                                      "play: a2 holds 1 (hook generate, game tiny, ply 0)"));
  // Without it (release search and playouts), the move is written, and the board refuses
  // it when it is played, without the line.
  game.vm().set_checking(false);
  s = game.initial();
  game.legal_moves(s, moves);
  REQUIRE(moves.size() == 1);
  CHECK_THROWS_WITH(game.apply(s, moves[0]), "illegal action: move 2 pieces from a1 to a2: a1 holds 1");
}

TEST_CASE("an unknown piece, reserve, direction, player or option name in a script gets 'did you mean'") {
  const std::string gen = "function generate() end\n";
  // As the definition's errors do (core/text.h closest): no guess for a name under 3 letters.
  CHECK_THAT(run("local d = board.dir('nww')\n" + gen),
             Contains("tiny.lua:1: board.dir: no direction named 'nww'; did you mean 'nw'? (directions: n, ne, e, se, s, sw, w, nw)"));
  CHECK_THAT(run("local p = game.piece('pp', 0)\n" + gen), Contains("tiny.lua:1: game.piece: no piece kind named 'pp' (piece kinds: p)"));
  CHECK_THAT(run("local r = game.reserve('try')\n" + gen, "reserves: [tray]\n"),
             Contains("tiny.lua:1: game.reserve: no reserve named 'try'; did you mean 'tray'? (reserves: tray)"));
  CHECK_THAT(run("local p = game.player('c')\n" + gen), Contains("tiny.lua:1: game.player: no player named 'c'"));
  CHECK_THAT(run("local c = board.cell('z9')\n" + gen), Contains("tiny.lua:1: board.cell: no cell named 'z9'"));
  CHECK_THAT(run("local h = game.options.max_heigth\n" + gen,
                 "options: {max_height: {default: 3, doc: a limit}}\n"),
             Contains("tiny.lua:1: game.options: no option named 'max_heigth'; did you mean 'max_height'? (options: max_height)"));
  CHECK(run("local h = game.options.max_height + board.dir('n') + game.piece('p', 1)\n" + gen,
            "options: {max_height: {default: 3, doc: a limit}}\n") == "");
}
