// The authoring guide (docs/) against the code: every definition key the loader accepts is
// in the reference and every key there exists; every name the Lua API exports is in the
// API reference and every name there exists; the tutorial's code is the real files'; every
// bundled definition opens with its comment block. And the pages against the repository:
// every relative link leads to a file of it, the architecture page's layers are the
// build's, the README stays a short guide.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "core/json_text.h"
#include "core/text.h"
#include "helpers.h"
#include "definition/bundled.h"
#include "definition/move_block.h"
#include "script/script_blocks.h"
#include "definition/game_def.h"
#include "definition/yaml_tree.h"
#include "lab/runs.h"
#include "learn/learned_eval.h"
#include "session/game_record.h"
#include "web/web_api.h"
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

// The targets of a markdown page's links and images, "[text](target)", outside code blocks,
// each with its line number.
std::vector<std::pair<int, std::string>> link_targets(const std::string& text) {
  std::vector<std::pair<int, std::string>> out;
  std::istringstream in(text);
  bool code = false;
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.rfind("```", 0) == 0) code = !code;
    if (code) continue;
    for (size_t at = line.find("]("); at != std::string::npos; at = line.find("](", at + 2)) {
      const size_t end = line.find(')', at + 2);
      if (end == std::string::npos) break;
      out.emplace_back(number, line.substr(at + 2, end - at - 2));
    }
  }
  return out;
}

// The anchors of a markdown page's headings, as GitHub makes them of ASCII text: lower case,
// punctuation dropped, spaces as dashes, "-1", "-2", ... after a repeated one (other bytes are
// kept). Code blocks are skipped.
std::set<std::string> heading_anchors(const std::string& text) {
  std::set<std::string> out;
  std::map<std::string, int> seen;
  std::istringstream in(text);
  bool code = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("```", 0) == 0) code = !code;
    if (code || line.empty() || line[0] != '#') continue;
    const size_t text_at = line.find_first_not_of('#');
    if (text_at == std::string::npos || text_at > 6 || line[text_at] != ' ') continue;
    std::string anchor;
    for (const char c : line.substr(text_at + 1)) {
      const auto u = static_cast<unsigned char>(c);
      if (u >= 0x80 || c == '-' || c == '_')
        anchor += c;
      else if (std::isalnum(u))
        anchor += static_cast<char>(std::tolower(u));
      else if (c == ' ')
        anchor += '-';
    }
    const int repeats = seen[anchor]++;
    out.insert(repeats == 0 ? anchor : anchor + "-" + std::to_string(repeats));
  }
  return out;
}

// The words between backquotes in a text: "`rules`, `learn`" gives rules and learn.
std::set<std::string> quoted_words(const std::string& text) {
  std::set<std::string> out;
  for (size_t at = text.find('`'); at != std::string::npos; at = text.find('`', at + 1)) {
    const size_t end = text.find('`', at + 1);
    if (end == std::string::npos) break;
    out.insert(text.substr(at + 1, end - at - 1));
    at = end;
  }
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
                           step_chains = step_chains, blocks = blocks }) do
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
  // Every registered block is blocks.NAME, documented once for all (its keys are its
  // `moves:` keys in definitions.md).
  for (std::string w; in >> w;) exported.insert(w.starts_with("blocks.") && find_move_block(w.substr(7)) ? "blocks.NAME" : w);
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
      {"lab::kMaxSeriesGames", std::to_string(lab::kMaxSeriesGames)},
      {"lab::kMaxSeriesPlies", std::to_string(lab::kMaxSeriesPlies)},
      {"kMaxYamlDepth", fmt::format("{} levels", kMaxYamlDepth)},
      {"kMaxYamlValues", std::to_string(kMaxYamlValues)},
      {"kMaxPlayers", std::to_string(kMaxPlayers)},
      {"kMaxDice", std::to_string(kMaxDice)},
      {"kMaxRolls", std::to_string(kMaxRolls)},
      {"kMaxStock", std::to_string(kMaxStock)},
      {"kMaxPly", fmt::format("{} plies", kMaxPly)},
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
      {"kMaxWeightsFile", fmt::format("{} MiB", kMaxWeightsFile >> 20)},
      {"kMaxWeightsHeader", fmt::format("{} bytes", kMaxWeightsHeader)},
      {"kMaxJsonDepth", fmt::format("{} levels", kMaxJsonDepth)},
      {"kMaxRecordPlies", std::to_string(kMaxRecordPlies)},
      {"AgentLimits::from_file", fmt::format("2^{} entries", AgentLimits::from_file().table_bits)},
      {"kRuleTestSeconds", fmt::format("{} s", kRuleTestSeconds)},
      {"kRuleTestVms", std::to_string(kRuleTestVms)},
      {"ScriptBlocks::kMaxKeys", std::to_string(ScriptBlocks::kMaxKeys)},
      {"ScriptBlocks::kMaxKeysDepth", fmt::format("{} levels", ScriptBlocks::kMaxKeysDepth)},
      {"ScriptBlocks::kMaxBlocks", std::to_string(ScriptBlocks::kMaxBlocks)},
      {"WebApi::kMaxBody", std::to_string(WebApi::kMaxBody)},
      {"WebApi::Config::request_seconds", fmt::format("{} s", WebApi::Config{}.request_seconds)},
      {"WebApi::Config::workers", std::to_string(WebApi::Config{}.workers)},
      {"WebApi::Config::per_client", std::to_string(WebApi::Config{}.per_client)},
  };
  // The rows without a constant of their own, read from the same places.
  CHECK(page.find(fmt::format("| threads | {} |", AgentLimits::from_file().threads)) != std::string::npos);
  CHECK(page.find(fmt::format("| an mcts agent's trees | {} MiB |", AgentLimits::from_file().tree_mb)) != std::string::npos);
  CHECK(page.find(fmt::format("mcts trees of at most {} MiB", WebApi::Config{}.agents.tree_mb)) != std::string::npos);
  CHECK(page.find(fmt::format("{} s a move (`--think-seconds`)", WebApi::Config{}.agents.seconds)) != std::string::npos);
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

TEST_CASE("every relative link of the README and the docs leads to a file of the repository", "[docs]") {
  // Links to the web are for the docs pages only: the README links nowhere outside the
  // repository. A link with an anchor into a page needs that page to have the heading.
  std::vector<std::string> pages;
  for (const auto& e : fs::directory_iterator("docs"))
    if (e.path().extension() == ".md") pages.push_back(e.path().generic_string());
  std::sort(pages.begin(), pages.end());
  pages.insert(pages.begin(), "README.md");
  REQUIRE(pages.size() >= 10);
  int links = 0;
  for (const auto& page : pages) {
    for (const auto& link : link_targets(read(page))) {
      const std::string& target = link.second;
      INFO(page << ":" << link.first << ": (" << target << ")");
      if (target.rfind("http://", 0) == 0 || target.rfind("https://", 0) == 0) {
        CHECK(page != "README.md");
        continue;
      }
      ++links;
      const size_t hash = target.find('#');
      const std::string file = target.substr(0, hash);
      const std::string anchor = hash == std::string::npos ? "" : target.substr(hash + 1);
      const fs::path path = file.empty() ? fs::path(page) : (fs::path(page).parent_path() / file).lexically_normal();
      CHECK(path.is_relative());
      CHECK(path.generic_string().rfind("..", 0) != 0);  // not out of the repository
      CHECK(fs::exists(path));
      if (!anchor.empty() && path.extension() == ".md" && fs::is_regular_file(path))
        CHECK(heading_anchors(read(path.string())).count(anchor) == 1);
    }
  }
  CHECK(links >= 50);
}

TEST_CASE("docs/architecture.md lists exactly the layers of interpreter/CMakeLists.txt, with what each uses", "[docs]") {
  // The build's layers: each boardlab_layer(NAME SOURCES... USES LAYERS... LIBS ...) call, in
  // order, then the executable, with the layers cli/CMakeLists.txt links it to.
  std::vector<std::string> layers;
  std::map<std::string, std::set<std::string>> uses;
  const std::string cmake = read("interpreter/CMakeLists.txt");
  const std::string call = "\nboardlab_layer(";
  for (size_t at = cmake.find(call); at != std::string::npos; at = cmake.find(call, at + 1)) {
    const size_t open = at + call.size(), close = cmake.find(')', open);
    REQUIRE(close != std::string::npos);
    std::istringstream words(cmake.substr(open, close - open));
    std::string name, word, section;
    words >> name;
    layers.push_back(name);
    while (words >> word) {
      if (word == "USES" || word == "LIBS")
        section = word;
      else if (section == "USES")
        uses[name].insert(word);
    }
  }
  CHECK(layers.size() >= 11);
  const std::string cli = read("cli/CMakeLists.txt");
  const size_t link = cli.find("target_link_libraries(boardlab ");
  REQUIRE(link != std::string::npos);
  std::istringstream libraries(cli.substr(link, cli.find(')', link) - link));
  for (std::string word; libraries >> word;)
    if (word.rfind("boardlab_", 0) == 0) uses["cli"].insert(word.substr(9));
  layers.push_back("cli");

  // The page's table, under its header "| layer | what it holds | uses |": a row per layer,
  // "| `NAME` | ... | `USES`, ... |".
  const std::string page = read("docs/architecture.md");
  const size_t table = page.find("\n| layer |");
  REQUIRE(table != std::string::npos);
  std::istringstream in(page.substr(table + 1));
  std::string line;
  std::getline(in, line);  // the header
  std::getline(in, line);  // |---|---|---|
  std::vector<std::string> listed;
  std::map<std::string, std::set<std::string>> listed_uses;
  while (std::getline(in, line) && line.rfind("| `", 0) == 0) {
    const std::string name = line.substr(3, line.find('`', 3) - 3);
    listed.push_back(name);
    const size_t last = line.rfind('|'), before = line.rfind('|', last - 1);
    listed_uses[name] = quoted_words(line.substr(before + 1, last - before - 1));
  }
  CHECK(listed == layers);
  for (const auto& name : layers) {
    INFO("the layer " << name << " uses");
    CHECK(listed_uses[name] == uses[name]);
  }
}

TEST_CASE("the README is a short guide: at most 300 lines", "[docs]") {
  const std::string text = read("README.md");
  CHECK(std::count(text.begin(), text.end(), '\n') <= 300);
}
