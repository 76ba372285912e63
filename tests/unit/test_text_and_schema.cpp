// Edit distance, "did you mean", and the schema validator on small documents.
#include <catch2/catch.hpp>

#include "core/text.h"
#include "core/text_wrap.h"
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
