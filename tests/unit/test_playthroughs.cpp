// Golden playthroughs: every bundled game and variant plays its seeded random games exactly
// as its file in tests/playthroughs/ says, position by position, legal move by legal move
// (rules/playthrough.h). A difference is a change of behaviour: the test names the first
// line that differs; tests/playthroughs/regenerate.sh rewrites the files once it is meant.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fmt/format.h>

#include "core/text.h"
#include "definition/bundled.h"
#include "rules/playthrough.h"

using namespace boardlab;
namespace fs = std::filesystem;

namespace {
const std::string kDir = "tests/playthroughs";

// "line N: ... expected / ... got", or "" when the texts are equal.
std::string first_difference(const std::string& expected, const std::string& got) {
  if (expected == got) return "";
  const auto a = split(expected, '\n'), b = split(got, '\n');
  size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  auto at = [](const std::vector<std::string>& lines, size_t k) { return k < lines.size() ? lines[k] : "(the end)"; };
  return fmt::format("line {}:\n  file: {}\n  now:  {}", i + 1, at(a, i), at(b, i));
}
}  // namespace

TEST_CASE("every bundled game and variant has a golden playthrough", "[playthroughs]") {
  for (const std::string& path : bundled_definitions()) {
    const std::string name = fs::path(path).stem().string();
    INFO(name << ": write it with NEW=" << name << " tests/playthroughs/regenerate.sh");
    CHECK(fs::exists(kDir + "/" + name + ".txt"));
  }
}

TEST_CASE("the bundled games play their golden playthroughs exactly", "[playthroughs]") {
  int files = 0;
  for (const auto& entry : fs::directory_iterator(kDir)) {
    if (entry.path().extension() != ".txt") continue;
    ++files;
    const std::string file = entry.path().string();
    const std::string text = read_text_file(file, 16 << 20).value_or("");
    const auto spec = PlaythroughSpec::parse(text.substr(0, text.find('\n')));
    ThreadRules rules(open_definition(spec.game, spec.options));
    INFO(file << " differs from what the rules make now at " << first_difference(text, playthrough(rules, spec))
              << "\nIf the change is meant: tests/playthroughs/regenerate.sh");
    CHECK(first_difference(text, playthrough(rules, spec)).empty());
  }
  CHECK(files >= static_cast<int>(bundled_definitions().size()));
}

TEST_CASE("a playthrough's first line reads back as the command that writes it", "[playthroughs]") {
  PlaythroughSpec spec{"kalah", {"seeds=3", "pits=4"}, 3, 42, 50};
  const std::string line = spec.command();
  CHECK(line == "boardlab playouts kalah --text --option seeds=3 --option pits=4 --games 3 --seed 42 --max-plies 50");
  const PlaythroughSpec back = PlaythroughSpec::parse(line);
  CHECK(back.command() == line);
  CHECK_THROWS_WITH(PlaythroughSpec::parse("boardlab perft kalah 3"), Catch::Contains("starts with the line"));
  CHECK_THROWS_WITH(PlaythroughSpec::parse("boardlab playouts kalah --games"), Catch::Contains("has no value"));
  CHECK_THROWS_WITH(PlaythroughSpec::parse("boardlab playouts kalah --games 0"), Catch::Contains("not a number from 1"));
  CHECK_THROWS_WITH(PlaythroughSpec::parse("boardlab playouts kalah --depth 3"), Catch::Contains("not an option"));
}
