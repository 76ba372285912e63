// The lattice board kind: points chosen by parity, lines per point class, rays along lines.
// Dablot's 72-point board (shared/rules/README.md section 5) and Alquerque's 25-point board,
// both declared in YAML only.
#include <catch2/catch.hpp>
#include <set>

#include "board/board.h"
#include "helpers.h"
#include "definition/bundled.h"
#include "definition/game_def.h"

using namespace boardlab;

namespace {

// The cells one step away from `cell` along any line.
std::set<std::string> neighbours(const Board& b, const std::string& cell) {
  std::set<std::string> out;
  const int c = b.cell_index(cell);
  REQUIRE(c >= 0);
  for (int d = 0; d < b.ndirs(); ++d)
    if (int t = b.ray(c, d, 1); t >= 0) out.insert(b.cell_names[t]);
  return out;
}

int count_lines(const Board& b) {
  int ends = 0;
  for (int c = 0; c < b.ncells; ++c)
    for (int d = 0; d < b.ndirs(); ++d) ends += b.ray(c, d, 1) >= 0;
  return ends / 2;
}

}  // namespace

TEST_CASE("Dablot's lattice: 72 points, named by doubled coordinates, 191 lines") {
  const auto def = load_game_def(resolve_game("dablot"));
  const GameDef& g = *def;
  const Board& b = g.board;
  CHECK(b.kind == BoardKind::Lattice);
  CHECK(b.ncells == 72);
  int corners = 0, centres = 0;
  for (int c = 0; c < b.ncells; ++c) {
    corners += b.x[c] % 2 == 0 && b.y[c] % 2 == 0;
    centres += b.x[c] % 2 == 1 && b.y[c] % 2 == 1;
  }
  CHECK(corners == 42);
  CHECK(centres == 30);
  CHECK(b.cell_names.front() == "a1");
  CHECK(b.cell_names.back() == "k13");
  CHECK(b.cell_index("b2") >= 0);   // a centre
  CHECK(b.cell_index("b1") == -1);  // between two corners: no point
  CHECK(b.cell_index("a2") == -1);
  // 7 rows of 5 and 6 columns of 6 grid lines, and 4 half-diagonals in each of 30 squares.
  CHECK(count_lines(b) == 7 * 5 + 6 * 6 + 30 * 4);
}

TEST_CASE("Dablot's lattice: neighbours of a corner, an edge point and a centre") {
  const Board b = load_game_def(resolve_game("dablot"))->board;
  CHECK(neighbours(b, "a1") == std::set<std::string>{"c1", "a3", "b2"});
  CHECK(neighbours(b, "a7") == std::set<std::string>{"a5", "a9", "c7", "b6", "b8"});
  CHECK(neighbours(b, "e7") == std::set<std::string>{"e5", "e9", "c7", "g7", "d6", "f6", "d8", "f8"});
  CHECK(neighbours(b, "d6") == std::set<std::string>{"c5", "e5", "c7", "e7"});
  // Two corners one square apart diagonally are not neighbours: the centre lies between.
  CHECK_FALSE(neighbours(b, "c5").count("e7"));
  const int ne = b.dir_index("ne"), n = b.dir_index("n");
  CHECK(b.ray(b.cell_index("c5"), ne, 1) == b.cell_index("d6"));
  CHECK(b.ray(b.cell_index("c5"), ne, 2) == b.cell_index("e7"));
  // A centre jumps over a corner to the next centre on the same diagonal; it has no
  // line north, so a ray that way ends at once.
  CHECK(b.ray(b.cell_index("d6"), ne, 2) == b.cell_index("f8"));
  CHECK(b.ray(b.cell_index("d6"), n, 1) == kNoCell);
  // Rays stop at the edge.
  CHECK(b.ray(b.cell_index("i13"), ne, 1) == kNoCell);
  CHECK(b.ray(b.cell_index("j12"), ne, 1) == b.cell_index("k13"));
  CHECK(b.ray(b.cell_index("j12"), ne, 2) == kNoCell);
}

TEST_CASE("Alquerque's board is one more YAML file: 25 points, diagonals where x + y is even") {
  testing::TempDir dir;
  dir.write("any.lua", "function generate() end\n");
  const std::string path = dir.write("alquerque.yaml", R"(name: alquerque-board
script: any.lua
players: [{name: white}, {name: black}]
board:
  kind: lattice
  size: [5, 5]
  points:
    strong: {sum: even, steps: [n, ne, e, se, s, sw, w, nw]}
    weak: {sum: odd, steps: [n, e, s, w]}
pieces: {man: {glyphs: {white: w, black: b}}}
setup: [{stack: w, cells: [a1..e2, d3..e3]}, {stack: b, cells: [a4..e5, a3..b3]}]
)");
  const auto def = load_game_def(path);
  const GameDef& g = *def;
  const Board& b = g.board;
  CHECK(b.ncells == 25);
  CHECK(count_lines(b) == 5 * 4 * 2 + 16);  // the grid's lines and one diagonal per square
  CHECK(neighbours(b, "c3").size() == 8);
  CHECK(neighbours(b, "b3") == std::set<std::string>{"a3", "c3", "b2", "b4"});
  CHECK(neighbours(b, "a1") == std::set<std::string>{"a2", "b1", "b2"});
  CHECK(g.setup.size() == 24);  // the ranges: 12 points each, c3 left empty
}

TEST_CASE("a lattice rejects a point in two classes and a one-way line") {
  const std::vector<std::string> names{"e", "w", "ne", "sw"};
  const std::vector<std::pair<int, int>> vecs{{1, 0}, {-1, 0}, {1, 1}, {-1, -1}};
  PointClass all{"all", Parity::Any, Parity::Any, Parity::Any, {0, 1}};
  PointClass even{"even", Parity::Even, Parity::Any, Parity::Any, {0, 1, 2, 3}};
  CHECK_THROWS_WITH(make_lattice(3, 3, {all, even}, names, vecs, 0), "point a1 is in two classes: 'all' and 'even'");
  PointClass odd_x{"odd", Parity::Odd, Parity::Any, Parity::Any, {0, 1}};
  CHECK_THROWS_WITH(make_lattice(3, 3, {even, odd_x}, names, vecs, 0),
                    "a line goes one way only: a1 ('even') steps ne to b2 ('odd'), which has no step [-1, -1] back");
}
