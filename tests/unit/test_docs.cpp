// The authoring guide (docs/) against the code: every definition key the loader accepts is
// in the reference and every key there exists; every name the Lua API exports is in the
// API reference and every name there exists; the tutorial's code is the real files'; every
// bundled definition opens with its comment block.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "core/text.h"
#include "helpers.h"
#include "definition/bundled.h"
#include "definition/game_def.h"
#include "definition/yaml_tree.h"
#include "lab/runs.h"
#include "rules/rule_tests.h"
#include "session/agent_protocol.h"
#include "script/script_host.h"

using namespace boardlab;
namespace fs = std::filesystem;

namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Key paths as the reference writes them: board.size, pieces.NAME.glyphs, setup[].stack.
void key_paths(const Schema& s, const std::string& prefix, std::set<std::string>& out) {
  if (s.type == Schema::Type::Struct) {
    for (const auto& f : s.fields) {
      const std::string path = prefix.empty() ? f.name : prefix + "." + f.name;
      out.insert(path);
      key_paths(*f.schema, path, out);
    }
  } else if (s.type == Schema::Type::Dict) {  // maps and lists of structures, nested too
    key_paths(*s.element, prefix + ".NAME", out);
  } else if (s.type == Schema::Type::List) {
    key_paths(*s.element, prefix + "[]", out);
  }
}

// The first backquoted word of each table row of a markdown file: "| `board.size` | ...".
std::set<std::string> table_names(const std::string& text, bool strip_call) {
  std::set<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("| `", 0) != 0) continue;
    std::string name = line.substr(3, line.find('`', 3) - 3);
    if (strip_call) name = name.substr(0, name.find('('));
    out.insert(name);
  }
  return out;
}

std::string missing(const std::set<std::string>& want, const std::set<std::string>& have) {
  std::string out;
  for (const auto& w : want)
    if (!have.count(w)) out += " " + w;
  return out;
}

}  // namespace

TEST_CASE("docs/definitions.md documents exactly the keys the loader accepts", "[docs]") {
  std::set<std::string> accepted;
  key_paths(definition_schema(), "", accepted);
  const auto documented = table_names(read("docs/definitions.md"), false);
  INFO("keys the loader accepts that the reference lacks:" << missing(accepted, documented));
  INFO("keys in the reference the loader does not accept:" << missing(documented, accepted));
  CHECK(accepted == documented);
}

TEST_CASE("docs/testing.md documents exactly the keys of a rule test file, and its example passes", "[docs]") {
  std::set<std::string> accepted;
  key_paths(rule_tests_schema(), "", accepted);
  const std::string page = read("docs/testing.md");
  const auto documented = table_names(page, false);
  INFO("keys a test file may hold that the page lacks:" << missing(accepted, documented));
  INFO("keys on the page a test file may not hold:" << missing(documented, accepted));
  CHECK(accepted == documented);
  // The example is a test of the tutorial's game.
  const size_t open = page.find("```yaml\nscenarios:");
  REQUIRE(open != std::string::npos);
  const size_t body = page.find('\n', open) + 1;
  testing::TempDir dir;
  const std::string file = dir.write("example.test.yaml", "game: " + fs::absolute("definitions/breakthrough.yaml").string() +
                                                              "\n" + page.substr(body, page.find("```", body) - body));
  const RuleTestResult r = run_rule_tests(file);
  INFO(r.failures.str());
  CHECK(r.scenarios == 2);
  CHECK(r.ok());
}

TEST_CASE("docs/lua-api.md documents exactly the names a game script sees", "[docs]") {
  // A script lists its API's names, and the fields of the moves its notation hook receives
  // (over a step and a bear-off, so that every field is set once), and raises them as an
  // error from the second move's notation (a notation is kept short).
  testing::TempDir dir;
  const std::string path = testing::tiny_definition(dir, R"(
local names = {}
for t, api in pairs({ board = board, state = state, moves = moves, game = game, chains = chains, steps = steps,
                           dice_turns = dice_turns, drop = drop, queries = queries, sowing = sowing,
                           step_chains = step_chains }) do
  for k in pairs(api) do names[#names + 1] = t .. "." .. k end
end
local fields, calls = {}, 0
function generate()
  moves.stack(state.mine(0), board.cell("a2"), 1)
  moves.off(state.mine(0), 1, game.reserve("off"))
end
function notation(move)
  for k in pairs(move) do fields["move." .. k] = true end
  calls = calls + 1
  if calls == 1 then return "first" end
  local all = {}
  for _, n in ipairs(names) do all[#all + 1] = n end
  for f in pairs(fields) do all[#all + 1] = f end
  error("NAMES " .. table.concat(all, " ") .. " END", 0)
end
)", "reserves: [off]\n");
  ThreadRules game(load_game_def(path));
  State s = game.initial();
  std::string message;
  try {
    testing::legal_texts(game, s);
  } catch (const ScriptError& e) {
    message = e.what();
  }
  const size_t from = message.find("NAMES "), to = message.find(" END");
  REQUIRE(from != std::string::npos);
  REQUIRE(to != std::string::npos);
  std::set<std::string> exported;
  std::istringstream in(message.substr(from + 6, to - from - 6));
  for (std::string w; in >> w;) exported.insert(w);
  const auto documented = table_names(read("docs/lua-api.md"), true);
  // The reference also lists the hooks, which a script defines rather than sees, and the
  // actions by their names.
  std::set<std::string> hooks, ops, api;
  for (const auto& d : documented) {
    const bool op = std::any_of(kOps.begin(), kOps.end(), [&](const auto& o) { return d == o.first; });
    (op ? ops : d.find('.') == std::string::npos ? hooks : api).insert(d);
  }
  INFO("exported but not documented:" << missing(exported, api));
  INFO("documented but not exported:" << missing(api, exported));
  CHECK(exported.size() > 50);
  CHECK(hooks == std::set<std::string>(hook_names().begin(), hook_names().end()));
  CHECK(ops.size() == kOps.size());
  CHECK(api == exported);
}

TEST_CASE("the tutorial's code is the real files', all of it, in order", "[docs]") {
  // Each block after "<!-- file: PATH -->" is the next part of PATH, and the parts of a file
  // together are the whole file; a block after "<!-- excerpt: PATH -->" is found in PATH.
  const std::string text = read("docs/tutorial.md");
  std::map<std::string, std::string> shown;
  int blocks = 0, excerpts = 0;
  for (size_t at = 0; (at = text.find("<!-- ", at)) != std::string::npos;) {
    const size_t end = text.find(" -->", at);
    const std::string tag = text.substr(at + 5, end - at - 5);
    const bool whole = tag.rfind("file: ", 0) == 0, part = tag.rfind("excerpt: ", 0) == 0;
    at = end;
    if (!whole && !part) continue;
    const std::string file = tag.substr(tag.find(' ') + 1);
    const size_t open = text.find("```", end), body = text.find('\n', open) + 1;
    const size_t close = text.find("\n```", body);
    const std::string code = text.substr(body, close - body + 1);
    if (whole) {
      shown[file] += code;
      ++blocks;
    } else {
      INFO(file << ": " << code);
      CHECK(read(file).find(code) != std::string::npos);
      ++excerpts;
    }
    at = close;
  }
  CHECK(blocks >= 6);
  CHECK(excerpts >= 1);
  CHECK(shown.count("docs/tutorial/breakthrough.yaml"));
  CHECK(shown.count("docs/tutorial/breakthrough.lua"));
  CHECK(shown.count("definitions/breakthrough-6x6.yaml"));
  CHECK(shown.count("docs/tutorial/race.yaml"));
  CHECK(shown.count("docs/tutorial/race.lua"));
  CHECK(shown.count("docs/tutorial/five.yaml"));
  for (const auto& [file, parts] : shown) {
    INFO(file);
    CHECK(parts == read(file));
  }
}

TEST_CASE("every bundled definition opens with a comment block saying what it is", "[docs]") {
  for (const auto& path : bundled_definitions()) {
    INFO(path);
    const std::string text = read(path);
    REQUIRE(text.rfind("# ", 0) == 0);
    const std::string head = text.substr(0, text.find("\nname:"));
    // A whole game names where its rules come from and its options; a variant names what
    // it changes and extends.
    if (text.find("\nextends:") == std::string::npos) {
      CHECK(head.find("Rules:") != std::string::npos);
      if (text.find("\noptions:") != std::string::npos) CHECK(head.find("Options:") != std::string::npos);
    }
  }
}

TEST_CASE("the limits page gives every limit's value as the code defines it") {
  const std::string page = read("docs/limits.md");
  // Each constant's row, found by its name in backquotes, holds its value as the page writes it.
  const std::vector<std::pair<std::string, std::string>> limits = {
      {"kMaxTextFile", fmt::format("{} MiB", kMaxTextFile >> 20)},
      {"kMaxGamesFile", fmt::format("{} MiB", lab::kMaxGamesFile >> 20)},
      {"kMaxYamlDepth", fmt::format("{} levels", kMaxYamlDepth)},
      {"kMaxYamlValues", std::to_string(kMaxYamlValues)},
      {"kMaxPlayers", std::to_string(kMaxPlayers)},
      {"kMaxDice", std::to_string(kMaxDice)},
      {"kMaxRolls", std::to_string(kMaxRolls)},
      {"kMaxEvents", std::to_string(kMaxEvents)},
      {"kMaxTableEntries", std::to_string(kMaxTableEntries)},
      {"kMaxTicks", std::to_string(kMaxTicks)},
      {"kMaxMoves", std::to_string(kMaxMoves)},
      {"kMaxActions", std::to_string(kMaxActions)},
      {"kMaxSpellings", std::to_string(kMaxSpellings)},
      {"kMaxSpellingBytes", std::to_string(kMaxSpellingBytes)},
      {"AgentServer::kMaxRequest", std::to_string(AgentServer::kMaxRequest)},
      {"GameDef::tick_limit", std::to_string(GameDef{}.tick_limit)},
      {"GameDef::memory_limit", fmt::format("{} MiB", GameDef{}.memory_limit >> 20)},
  };
  for (const auto& [name, value] : limits) {
    INFO(name << " should be " << value);
    const size_t at = page.find("`" + name + "`");
    REQUIRE(at != std::string::npos);
    const size_t row = page.rfind('\n', at) + 1;
    const std::string line = page.substr(row, page.find('\n', at) - row);
    CHECK(line.find(value) != std::string::npos);
  }
}

TEST_CASE("the lab page's Slurm job array is the script the Slurm test submits", "[docs]") {
  const std::string script = read("docs/slurm/shards.sh");
  REQUIRE(!script.empty());
  CHECK(read("docs/lab.md").find("```sh\n" + script + "```") != std::string::npos);
}
