// Edit distance, "did you mean", and the schema validator on small documents.
#include <catch2/catch.hpp>

#include "core/text.h"
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
