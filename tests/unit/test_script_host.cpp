// The Lua host: the sandbox, the loop budget, the memory cap, error messages, and the FFI
// struct layouts agreeing between C++ and Lua.
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <cstddef>
#include <regex>

#include "core/diagnostics.h"
#include "core/text.h"
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

namespace {

// Every struct of the FFI text and its fields, as that text declares them (the text C++
// compiles and Lua reads: comments are gone from it).
std::vector<std::pair<std::string, std::string>> ffi_fields() {
  std::vector<std::pair<std::string, std::string>> out;
  const std::string text = kFfiTypes;
  const std::regex structure(R"(typedef struct (\w+) \{(.*?)\} \1;)"), pointer(R"(\(\*(\w+)\))"), word(R"(\w+)");
  for (std::sregex_iterator m(text.begin(), text.end(), structure), end; m != end; ++m) {
    const std::string name = (*m)[1], body = (*m)[2];
    out.emplace_back(name, "");
    for (const std::string& decl : split(body, ';')) {
      std::smatch fp;
      if (std::regex_search(decl, fp, pointer)) {
        out.emplace_back(name, fp[1]);
        continue;
      }
      for (const std::string& part : split(std::regex_replace(decl, std::regex(R"(\[\w+\])"), ""), ',')) {
        std::string last;
        for (std::sregex_iterator w(part.begin(), part.end(), word); w != std::sregex_iterator(); ++w) last = w->str();
        if (!last.empty()) out.emplace_back(name, last);
      }
    }
  }
  return out;
}

struct Offset {
  const char* type;
  const char* field;  // "" for the struct's size
  size_t bytes;
};
// C++'s layout of every field (a test may name fields; the library needs no such list).
const Offset kCppLayout[] = {
  {"bl_board", "", sizeof(bl_board)},
  {"bl_board", "ncells", offsetof(bl_board, ncells)},
  {"bl_board", "ndirs", offsetof(bl_board, ndirs)},
  {"bl_board", "nplayers", offsetof(bl_board, nplayers)},
  {"bl_board", "ncodes", offsetof(bl_board, ncodes)},
  {"bl_board", "nslots", offsetof(bl_board, nslots)},
  {"bl_board", "stack_cap", offsetof(bl_board, stack_cap)},
  {"bl_board", "max_ray", offsetof(bl_board, max_ray)},
  {"bl_board", "width", offsetof(bl_board, width)},
  {"bl_board", "height", offsetof(bl_board, height)},
  {"bl_board", "ray", offsetof(bl_board, ray)},
  {"bl_board", "playable", offsetof(bl_board, playable)},
  {"bl_board", "owner_of", offsetof(bl_board, owner_of)},
  {"bl_board", "kind_of", offsetof(bl_board, kind_of)},
  {"bl_board", "x", offsetof(bl_board, x)},
  {"bl_board", "y", offsetof(bl_board, y)},
  {"bl_board", "opposite", offsetof(bl_board, opposite)},
  {"bl_board", "cell_words", offsetof(bl_board, cell_words)},
  {"bl_board", "playable_bits", offsetof(bl_board, playable_bits)},
  {"bl_board", "step_offset", offsetof(bl_board, step_offset)},
  {"bl_board", "step_from", offsetof(bl_board, step_from)},
  {"bl_state", "", sizeof(bl_state)},
  {"bl_state", "height", offsetof(bl_state, height)},
  {"bl_state", "pieces", offsetof(bl_state, pieces)},
  {"bl_state", "reserve", offsetof(bl_state, reserve)},
  {"bl_state", "owner", offsetof(bl_state, owner)},
  {"bl_state", "count", offsetof(bl_state, count)},
  {"bl_state", "side", offsetof(bl_state, side)},
  {"bl_state", "ply", offsetof(bl_state, ply)},
  {"bl_state", "mine", offsetof(bl_state, mine)},
  {"bl_state", "nmine", offsetof(bl_state, nmine)},
  {"bl_state", "dice", offsetof(bl_state, dice)},
  {"bl_state", "ndice", offsetof(bl_state, ndice)},
  {"bl_state", "owned", offsetof(bl_state, owned)},
  {"bl_moves", "", sizeof(bl_moves)},
  {"bl_moves", "words", offsetof(bl_moves, words)},
  {"bl_moves", "nwords", offsetof(bl_moves, nwords)},
  {"bl_moves", "cap_words", offsetof(bl_moves, cap_words)},
  {"bl_moves", "starts", offsetof(bl_moves, starts)},
  {"bl_moves", "count", offsetof(bl_moves, count)},
  {"bl_moves", "cap_moves", offsetof(bl_moves, cap_moves)},
  {"bl_moves", "trusted", offsetof(bl_moves, trusted)},
  {"bl_moves", "owner", offsetof(bl_moves, owner)},
  {"bl_moves", "grow", offsetof(bl_moves, grow)},
  {"bl_chain_rules", "", sizeof(bl_chain_rules)},
  {"bl_chain_rules", "dir_stride", offsetof(bl_chain_rules, dir_stride)},
  {"bl_chain_rules", "slide_count", offsetof(bl_chain_rules, slide_count)},
  {"bl_chain_rules", "slide_dirs", offsetof(bl_chain_rules, slide_dirs)},
  {"bl_chain_rules", "jump_count", offsetof(bl_chain_rules, jump_count)},
  {"bl_chain_rules", "jump_dirs", offsetof(bl_chain_rules, jump_dirs)},
  {"bl_chain_rules", "can_capture", offsetof(bl_chain_rules, can_capture)},
  {"bl_chain_rules", "promotion", offsetof(bl_chain_rules, promotion)},
  {"bl_chain_rules", "progress", offsetof(bl_chain_rules, progress)},
  {"bl_chain_rules", "capture_flags", offsetof(bl_chain_rules, capture_flags)},
  {"bl_chain_rules", "promotion_flags", offsetof(bl_chain_rules, promotion_flags)},
  {"bl_chain_rules", "compulsory", offsetof(bl_chain_rules, compulsory)},
  {"bl_chain_rules", "may_stop", offsetof(bl_chain_rules, may_stop)},
  {"bl_chain_rules", "take_top", offsetof(bl_chain_rules, take_top)},
  {"bl_chain_rules", "failed", offsetof(bl_chain_rules, failed)},
  {"bl_step_rules", "", sizeof(bl_step_rules)},
  {"bl_step_rules", "stride", offsetof(bl_step_rules, stride)},
  {"bl_step_rules", "count", offsetof(bl_step_rules, count)},
  {"bl_step_rules", "first_split", offsetof(bl_step_rules, first_split)},
  {"bl_step_rules", "steps", offsetof(bl_step_rules, steps)},
  {"bl_step_rules", "promotion", offsetof(bl_step_rules, promotion)},
  {"bl_step_rules", "progress", offsetof(bl_step_rules, progress)},
  {"bl_step_rules", "capture_flags", offsetof(bl_step_rules, capture_flags)},
  {"bl_step_rules", "promotion_flags", offsetof(bl_step_rules, promotion_flags)},
  {"bl_step_rules", "off_flags", offsetof(bl_step_rules, off_flags)},
  {"bl_step_rules", "not_taller", offsetof(bl_step_rules, not_taller)},
  {"bl_step_rules", "off", offsetof(bl_step_rules, off)},
  {"bl_step_rules", "general", offsetof(bl_step_rules, general)},
  {"bl_step_rules", "failed", offsetof(bl_step_rules, failed)},
  {"bl_step_rules", "serial", offsetof(bl_step_rules, serial)},
  {"bl_step_chain_rules", "", sizeof(bl_step_chain_rules)},
  {"bl_step_chain_rules", "ncaptures", offsetof(bl_step_chain_rules, ncaptures)},
  {"bl_step_chain_rules", "capture_line", offsetof(bl_step_chain_rules, capture_line)},
  {"bl_step_chain_rules", "capture_max", offsetof(bl_step_chain_rules, capture_max)},
  {"bl_step_chain_rules", "compulsory", offsetof(bl_step_chain_rules, compulsory)},
  {"bl_step_chain_rules", "chain", offsetof(bl_step_chain_rules, chain)},
  {"bl_step_chain_rules", "may_stop", offsetof(bl_step_chain_rules, may_stop)},
  {"bl_step_chain_rules", "capture_flags", offsetof(bl_step_chain_rules, capture_flags)},
  {"bl_step_chain_rules", "flags", offsetof(bl_step_chain_rules, flags)},
  {"bl_race_rules", "", sizeof(bl_race_rules)},
  {"bl_race_rules", "npoints", offsetof(bl_race_rules, npoints)},
  {"bl_race_rules", "home", offsetof(bl_race_rules, home)},
  {"bl_race_rules", "bar", offsetof(bl_race_rules, bar)},
  {"bl_race_rules", "off", offsetof(bl_race_rules, off)},
  {"bl_race_rules", "capture_flags", offsetof(bl_race_rules, capture_flags)},
  {"bl_race_rules", "pin", offsetof(bl_race_rules, pin)},
  {"bl_race_rules", "bear_off_while_pinned", offsetof(bl_race_rules, bear_off_while_pinned)},
  {"bl_race_rules", "code", offsetof(bl_race_rules, code)},
  {"bl_race_rules", "cell_of", offsetof(bl_race_rules, cell_of)},
  {"bl_drop_rules", "", sizeof(bl_drop_rules)},
  {"bl_drop_rules", "from", offsetof(bl_drop_rules, from)},
  {"bl_drop_rules", "code", offsetof(bl_drop_rules, code)},
  {"bl_drop_rules", "fall", offsetof(bl_drop_rules, fall)},
  {"bl_drop_rules", "flags", offsetof(bl_drop_rules, flags)},
  {"bl_host", "", sizeof(bl_host)},
  {"bl_host", "ticks_left", offsetof(bl_host, ticks_left)},
  {"bl_host", "tick_limit", offsetof(bl_host, tick_limit)},
  {"bl_host", "checking", offsetof(bl_host, checking)},
  {"bl_host", "state", offsetof(bl_host, state)},
  {"bl_host", "moves", offsetof(bl_host, moves)},
  {"bl_host", "chains_scratch", offsetof(bl_host, chains_scratch)},
  {"bl_host", "jump_chains", offsetof(bl_host, jump_chains)},
  {"bl_host", "race_turns", offsetof(bl_host, race_turns)},
  {"bl_host", "race_scratch", offsetof(bl_host, race_scratch)},
  {"bl_host", "steps_scratch", offsetof(bl_host, steps_scratch)},
  {"bl_host", "step_moves", offsetof(bl_host, step_moves)},
  {"bl_host", "step_chains_scratch", offsetof(bl_host, step_chains_scratch)},
  {"bl_host", "step_chains", offsetof(bl_host, step_chains)},
  {"bl_host", "queries_scratch", offsetof(bl_host, queries_scratch)},
  {"bl_host", "connected", offsetof(bl_host, connected)},
  {"bl_host", "line", offsetof(bl_host, line)},
  {"bl_host", "longest_line", offsetof(bl_host, longest_line)},
  {"bl_host", "drop_moves", offsetof(bl_host, drop_moves)},
  {"bl_host", "blocks_scratch", offsetof(bl_host, blocks_scratch)},
  {"bl_host", "run_block", offsetof(bl_host, run_block)},
  {"bl_host", "memory_over", offsetof(bl_host, memory_over)},
};

}  // namespace

TEST_CASE("C++ and Lua lay out every FFI struct alike: sizes and every field's offset") {
  testing::TempDir dir;
  ThreadRules game(load_game_def(testing::tiny_definition(dir, "function generate() end\n")));
  const auto declared = ffi_fields();
  std::vector<std::pair<std::string, std::string>> listed;
  for (const Offset& o : kCppLayout) listed.emplace_back(o.type, o.field);
  // The list above covers exactly what the text declares: a new field fails here until listed.
  CHECK(listed == declared);
  CHECK(declared.size() > 80);
  for (const Offset& o : kCppLayout) {
    INFO(o.type << "." << o.field);
    CHECK(game.vm().lua_layout(o.type, o.field) == static_cast<int>(o.bytes));
  }
  CHECK(game.vm().lua_layout("bl_board", "nothing") < 0);
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
                           "while true do pcall(error, 'x') end",
                           // The building blocks' loops on sizes a script hands them (dice_turns.spell ran
                           // 72 s on 100,000 steps under a budget of 200,000).
                           "local st = {} for i = 1, 50000 do st[i] = {i + 1, i} end dice_turns.spell(st, {}, 0)",
                           "local z = {} for i = 1, 10 do dice_turns.pins_left(10000000, z, z, z) end",
                           "dice_turns.counts_key(100000, 1000)",
                           // Each call walked the whole cycle or list for free (sowing.sow on a
                           // 1,000,000-location cycle: 42 s; state.connected: 33 s in one generate).
                           "local c = {} for i = 1, 20000 do c[i] = state.mine(0) end for k = 1, 100 do sowing.sow(state.mine(0), c) end",
                           "local c = {} for i = 1, 20000 do c[i] = state.mine(0) end for k = 1, 100 do sowing.sow_move(state.mine(0), c) end",
                           "local l = {} for i = 1, 20000 do l[i] = 0 end for k = 1, 100 do state.connected(0, l, l) end",
                           "local l = {} for i = 1, 20000 do l[i] = 0 end for k = 1, 100 do board.cell_set(l) end"}) {
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

TEST_CASE("the memory limit holds inside every library function, at every limit: an error, never a crash") {
  // LuaJIT crashed (SIGSEGV) when an allocation failed inside compiled library code: keeping
  // what sowing.sow returns, or calling board.distinct_targets in a loop, from 128 MiB up.
  // The script's own code, for comparison, stopped cleanly.
#ifdef BOARDLAB_SANITIZED_BUILD
  const std::vector<int> limits = {16, 128};
#else
  const std::vector<int> limits = {16, 128, 256};
#endif
  for (const char* body : {"local c = {state.mine(0), 1, 2} local k = {} for i = 1, 1e8 do k[i] = sowing.sow(state.mine(0), c) end",
                           "local k = {} for i = 1, 1e8 do k[i] = {board.distinct_targets()} end",
                           "local k = {} for i = 1, 1e8 do k[i] = board.cell_set({0, 1, 2}) end",
                           "local k = {} for i = 1, 1e8 do k[i] = dice_turns.counts_key(4, 3) end",
                           "local k = {} for i = 1, 1e8 do k[i] = {i, i} end"}) {
    for (const int mb : limits) {
      INFO(body << " under " << mb << " MiB");
      CHECK_THAT(run(std::string("function generate() ") + body + " end\n",
                     fmt::format("limits: {{ticks: 500000000, memory_mb: {}}}\n", mb)),
                 Contains(fmt::format("the script went over its memory limit of {} MiB (limits.memory_mb)", mb)));
    }
  }
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
  {
    // A spelling of 40 alike parts, and a line typed with all but one of them and one that
    // fits none: matched in polynomial time (trying every assignment would take 40! steps).
    ThreadRules game(load_game_def(testing::tiny_definition(
        dir, "function generate() moves.stack(state.mine(0), board.cell('a2'), 1) end\n"
             "function notation(m) return ('a1-a2 '):rep(40) end\n")));
    State s = game.initial();
    MoveList moves;
    game.legal_moves(s, moves);
    const auto notation = game.notation(s, moves);
    std::string typed;
    for (int i = 0; i < 39; ++i) typed += "a1-a2 ";
    CHECK(notation.parse(typed + "b1-b2").index < 0);
    CHECK(notation.parse(typed + "a1-a2").index == 0);
    CHECK_THAT(notation.parse(typed.substr(0, 120) + "b1-b2").error, Contains("not a legal move"));
    CHECK_THAT(notation.parse(typed.substr(0, 120)).error, Contains("only part of a move"));
  }
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
