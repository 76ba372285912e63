// The loop-budget instrumentation: where checks go, where they must not, and that line
// numbers survive.
#include <catch2/catch.hpp>

#include "script/instrument.h"

using boardlab::instrument_lua;

namespace {
int count(const std::string& s, const std::string& what) {
  int n = 0;
  for (size_t i = s.find(what); i != std::string::npos; i = s.find(what, i + 1)) ++n;
  return n;
}
}  // namespace

TEST_CASE("budget checks go into loops, functions and gotos") {
  std::string out = instrument_lua(
      "for i = 1, 3 do x = i end\n"
      "while true do break end\n"
      "repeat y = 1 until y\n"
      "local function f(a, b) return a end\n"
      "local g = function() end\n"
      "::top:: goto top\n");
  CHECK(count(out, "__bl_tick();") == 6);
  CHECK(out.rfind("local __bl_tick = ...; ", 0) == 0);
  CHECK(count(out, "\n") == 6);  // same lines
  CHECK(out.find("do __bl_tick(); x = i end") != std::string::npos);
  CHECK(out.find("function f(a, b) __bl_tick(); return a end") != std::string::npos);
  CHECK(out.find("::top::  __bl_tick();goto top") != std::string::npos);
}

TEST_CASE("the lexer reads what LuaJIT reads, so no loop escapes") {
  // Each source hides a loop from a careless lexer: after a comment ended by a bare CR,
  // after a string continued by \z or by backslash-newline, after a hex number ending in e.
  for (const char* src : {"-- x\rwhile true do end\n", "local s = \"\\z\n \" while true do end --\"\n",
                          "local s = 'a\\\r\n' while true do end --'\n", "local x = 0xe-- [[\nwhile true do end\n-- ]]\n",
                          "::--[[c]]top:: goto top\n"}) {
    INFO(src);
    CHECK(count(instrument_lua(src), "__bl_tick();") == 1);
  }
  CHECK(count(instrument_lua("local x = 1e-5 while true do end\n"), "__bl_tick();") == 1);
}

TEST_CASE("strings and comments are left alone") {
  std::string out = instrument_lua(
      "local s = \"while do \\\" do\" -- do while\n"
      "local t = [[ do ]] --[==[ function() do ]==]\n"
      "local u = 'repeat'\n");
  CHECK(count(out, "__bl_tick();") == 0);
}

TEST_CASE("the reserved name is refused") {
  CHECK_THROWS_AS(instrument_lua("__bl_tick = nil\n"), std::invalid_argument);
}

TEST_CASE("a first line starting with '#' stays a comment, as Lua reads it (found by fuzz_instrument)") {
  for (const char* src : {"#!/usr/bin/env luajit\nwhile true do end\n", "#[[\nwhile true do end\n--]]\n", "#"}) {
    INFO(src);
    const std::string out = instrument_lua(src);
    CHECK(out.rfind("local __bl_tick = ...; --#", 0) == 0);
    CHECK(count(out, "\n") == count(src, "\n"));
    CHECK(count(out, "__bl_tick();") == (std::string(src).size() > 1 ? 1 : 0));
  }
}

TEST_CASE("goto is a statement only before a name, as LuaJIT reads it (found by fuzz_instrument)") {
  CHECK(count(instrument_lua("return board.name(move.goto)\n"), "__bl_tick();") == 0);
  CHECK(count(instrument_lua("local goto = 1\nx = t:goto()\n"), "__bl_tick();") == 0);
  CHECK(count(instrument_lua("::top:: goto --[[ c ]]\n top\n"), "__bl_tick();") == 1);
  // A reserved word after it is not a label: `goto` is a name there too.
  CHECK(count(instrument_lua("local a, goto -- c\nlocal b\n"), "__bl_tick();") == 0);
}

TEST_CASE("bytes from 0x80 up are letters of a name, as LuaJIT reads them (found by fuzz_instrument)") {
  // One name that ends in "do", then a string: a call, not a loop.
  CHECK(count(instrument_lua("\xc3\xa9" "do 'x'\n"), "__bl_tick();") == 0);
  CHECK(count(instrument_lua("local \xc3\xa9t\xc3\xa9 = 1 while true do end\n"), "__bl_tick();") == 1);
}
