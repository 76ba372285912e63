// Edit distance, "did you mean", and the schema validator on small documents.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <regex>

#include "core/text.h"
#include "core/text_wrap.h"
#include "definition/game_def.h"
#include "definition/schema.h"

using namespace boardlab;

TEST_CASE("edit distance and the closest name") {
  CHECK(edit_distance("kitten", "sitting") == 3);
  CHECK(edit_distance("", "abc") == 3);
  CHECK(edit_distance("hlep", "help") == 1);  // a swap of neighbours is one edit
  CHECK(edit_distance("ab", "ba") == 1);
  CHECK(edit_distance("abc", "ca") == 3);  // optimal string alignment: no edit of a swapped pair
  CHECK(closest("hlep", {"help", "hint"}) == "help");
  CHECK(closest("nrth", {"n", "north", "south"}) == "north");
  CHECK(closest("zzzzzz", {"board", "pieces"}).empty());
}

TEST_CASE("text wraps to a width at word boundaries, prose re-flowed and entries hanging") {
  // Prose written with breaks past the width is re-flowed, never broken inside a word.
  const std::string rules = "Roll two dice; each die moves one checker that many points (one checker may use\n"
                            "both). A double is played four times.\n\nA new paragraph.";
  const std::string w = wrap_text(rules, 40);
  CHECK(w ==
        "Roll two dice; each die moves one\n"
        "checker that many points (one checker\n"
        "may use both). A double is played four\n"
        "times.\n\nA new paragraph.");
  for (const auto& line : split(w, '\n')) CHECK(line.size() <= 40);
  CHECK(split_ws(w) == split_ws(rules));  // every word, whole and in order
  // Entries keep their lines; a continuation hangs under the entry's text.
  CHECK(wrap_text("Commands:\n  undo, redo   take back your last move (and the replies)\nEnd.", 30) ==
        "Commands:\n"
        "  undo, redo   take back your\n"
        "               last move (and\n"
        "               the replies)\n"
        "End.");
  CHECK(wrap_text("- a list item that goes on and on past the end", 24) == "- a list item that goes\n  on and on past the end");
  CHECK(wrap_text("x ünïcödé wörds ärë cöüntëd äs öne cölümn each", 24) == "x ünïcödé wörds ärë\ncöüntëd äs öne cölümn\neach");
  CHECK(wrap_text("a-word-longer-than-the-width-stays-whole here", 20) == "a-word-longer-than-the-width-stays-whole\nhere");
  CHECK(wrap_text("narrow", 5) == "narrow");  // too narrow to wrap: as it is
}

TEST_CASE("the schema validator reports every problem with its position") {
  using namespace schema;
  auto s = structure({{"size", list(integer()), true, ""}, {"edges", one_of({"stop", "reflect"}), false, ""}});
  Diagnostics d;
  auto doc = load_yaml_string("sise: [1, 2]\nedges: reflct\n", "x.yaml", d);
  REQUIRE(doc);
  validate(*doc, *s, "board", d);
  CHECK(d.str() ==
        "x.yaml:1:1: error: unknown key 'sise' in 'board' (did you mean 'size'?)\n"
        "x.yaml:1:1: error: missing key 'size' in 'board'\n"
        "x.yaml:2:8: error: 'board.edges' must be one of: stop, reflect; not 'reflct' (did you mean 'reflect'?)\n");
}

namespace {

// Every Field of a schema, depth first, with its path ("board.points.NAME.steps").
void each_field(const Schema& s, const std::string& path,
                const std::function<void(const std::string&, const Field&, const Schema&)>& fn) {
  if (s.type == Schema::Type::Struct)
    for (const Field& f : s.fields) {
      const std::string at = path.empty() ? f.name : path + "." + f.name;
      fn(at, f, s);
      each_field(*f.schema, at, fn);
    }
  else if (s.type == Schema::Type::Dict) each_field(*s.element, path + ".NAME", fn);
  else if (s.type == Schema::Type::List) each_field(*s.element, path + "[]", fn);
}

}  // namespace

TEST_CASE("a definition's keys are declared once, and its readers look them up through the declarations") {
  // The schema the loader checks is the readers' own list: no structure names a key twice...
  each_field(definition_schema(), "", [](const std::string& path, const Field& f, const Schema& parent) {
    INFO(path);
    CHECK(std::count_if(parent.fields.begin(), parent.fields.end(), [&](const Field& g) { return g.name == f.name; }) == 1);
    CHECK(!f.doc.empty());
  });
  // ...and no reader (the sections, the board kinds, the move blocks) looks a key up by a
  // string of its own: every look-up goes through a declared Field (`kMaxPlies.in(turn)`).
  const std::regex by_string(R"re((\bget|key_position)\(\s*")re");
  int files = 0;
  for (const char* dir : {"interpreter/definition", "interpreter/board_kinds", "interpreter/blocks"})
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
      if (e.path().extension() != ".cpp") continue;
      ++files;
      std::ifstream in(e.path());
      int line_number = 0;
      for (std::string line; std::getline(in, line);) {
        ++line_number;
        INFO(e.path().string() << ":" << line_number << ": " << line);
        CHECK(!std::regex_search(line, by_string));
      }
    }
  CHECK(files >= 20);
}
