// The definition hash covers what the rules are: a comment, the layout, a description or a
// level ladder leave it as it was (and every weights file valid); a rule, an option value or
// a script token change it; files made before it carry the hash of the files' bytes, which
// is still recognised.
#include <catch2/catch.hpp>

#include <filesystem>

#include "core/text.h"
#include "definition/definition_hash.h"
#include "definition/game_def.h"
#include "helpers.h"
#include "learn/learned_eval.h"

using namespace boardlab;
namespace fs = std::filesystem;

namespace {

std::string read_file(const std::string& path) { return *read_text_file(path); }

void replace(std::string& text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
}

// A copy of definitions/ and scripts/ (weights included), to edit.
struct Copy {
  testing::TempDir dir;
  Copy() {
    fs::copy("definitions", dir.path() + "/definitions", fs::copy_options::recursive);
    fs::copy("scripts", dir.path() + "/scripts", fs::copy_options::recursive);
  }
  std::string path(const std::string& name) const { return dir.path() + "/" + name; }
  void edit(const std::string& name, const std::string& from, const std::string& to) const {
    std::string text = read_file(path(name));
    replace(text, from, to);
    dir.write(name, text);
  }
};

}  // namespace

TEST_CASE("A comment, the layout, the words for people and the levels leave the definition hash as it was", "[definition]") {
  const Copy copy;
  const auto base = load_game_def("definitions/double-draughts.yaml");
  const auto variant = load_game_def("definitions/english-checkers.yaml");
  copy.edit("definitions/double-draughts.yaml", "script:", "# A comment added by a test.\n\n  \nscript:  ");
  copy.edit("definitions/double-draughts.yaml", "title: Double Draughts", "title: Double Draughts, retitled");
  copy.edit("definitions/double-draughts.yaml", "5: \"alphabeta:depth=64,nodes=128000,seconds=3\"", "5: \"mcts:iterations=500\"");
  copy.edit("scripts/double-draughts.lua", "\n", "\n-- a comment\n--[[ a long\ncomment ]]   \n");
  const auto edited = load_game_def(copy.path("definitions/double-draughts.yaml"));
  const auto edited_variant = load_game_def(copy.path("definitions/english-checkers.yaml"));
  CHECK(edited->content_hash == base->content_hash);
  CHECK(edited_variant->content_hash == variant->content_hash);
  CHECK(edited->file_hash != base->file_hash);
  // Every weights file of the two still belongs to them: no warning.
  for (const auto& [def, file] : {std::pair{edited, "double-draughts"}, std::pair{edited_variant, "english-checkers"}}) {
    std::string warning = "unset";
    LearnedEval::load(copy.path(std::string("definitions/weights/") + file + ".weights"), *def, &warning);
    CHECK(warning.empty());
  }
}

TEST_CASE("A rule, an option value or a script token changes the definition hash", "[definition]") {
  const auto base = load_game_def("definitions/dipole.yaml");
  CHECK(load_game_def("definitions/dipole.yaml", {{"first_player", "black"}})->content_hash != base->content_hash);
  Copy copy;
  copy.edit("definitions/dipole.yaml", "no_moves: pass", "no_moves: lose");
  CHECK(load_game_def(copy.path("definitions/dipole.yaml"))->content_hash != base->content_hash);
  copy.edit("definitions/dipole.yaml", "no_moves: lose", "no_moves: pass");
  CHECK(load_game_def(copy.path("definitions/dipole.yaml"))->content_hash == base->content_hash);
  // A token of the script: a number, then a string's contents.
  const std::string lua = read_file(copy.path("scripts/dipole.lua"));
  copy.edit("scripts/dipole.lua", "\n", "\nlocal _unused = 1\n");
  const auto one = load_game_def(copy.path("definitions/dipole.yaml"));
  copy.dir.write("scripts/dipole.lua", lua);
  copy.edit("scripts/dipole.lua", "\n", "\nlocal _unused = 2\n");
  const auto two = load_game_def(copy.path("definitions/dipole.yaml"));
  CHECK(one->content_hash != base->content_hash);
  CHECK(one->content_hash != two->content_hash);
}

TEST_CASE("Files made before the rules hash carry the files' bytes hash, still recognised", "[definition]") {
  const auto def = load_game_def("definitions/hypergammon.yaml");
  CHECK(def->same_rules(def->content_hash));
  CHECK(def->same_rules(def->file_hash));
  CHECK_FALSE(def->same_rules("0123456789abcdef"));
  // Hypergammon's files were hashed 5fdca488960230de by their bytes as they were before the
  // rules hash (copied to tests/data/bytes-hash when its levels changed): the bytes hash must
  // still give that, or older records, lab folders and users' weights files stop matching.
  std::vector<std::pair<std::string, std::string>> options;
  for (const auto& o : def->options) options.emplace_back(o.name, o.value);
  const auto text = [](const std::string& path) { return read_text_file(path).value(); };
  CHECK(file_bytes_hash({text("tests/data/bytes-hash/hypergammon.yaml"), text("tests/data/bytes-hash/hypergammon.lua")},
                        options) == "5fdca488960230de");
}

TEST_CASE("A Lua chunk's tokens: comments and layout dropped, strings kept as written", "[definition]") {
  auto tokens = [](const std::string& s) {
    std::vector<std::string> out;
    const std::string t = lua_tokens(s);
    size_t at = 0;
    for (size_t z; (z = t.find('\0', at)) != std::string::npos; at = z + 1) out.push_back(t.substr(at, z - at));
    return out;
  };
  CHECK(tokens("local a = 1 -- one\nreturn a") == std::vector<std::string>{"local", "a", "=", "1", "return", "a"});
  CHECK(tokens("x=--[==[ long ]] ]==]'a -- b'") == std::vector<std::string>{"x", "=", "'a -- b'"});
  CHECK(tokens("s = [[ two\n  lines ]]") == std::vector<std::string>{"s", "=", "[[ two\n  lines ]]"});
  CHECK(tokens("t = \"q\\\"uote\"") == std::vector<std::string>{"t", "=", "\"q\\\"uote\""});
  CHECK(tokens("a[ [=[x]=] ]") == std::vector<std::string>{"a", "[", "[=[x]=]", "]"});
  CHECK(lua_tokens("f(1,2)") == lua_tokens("f( 1 ,\n  2 )  -- call"));
}
