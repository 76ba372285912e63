// Grid topology: names, masks, and ray tables for each edge policy.
#include <catch2/catch.hpp>

#include "board/board.h"

using namespace boardlab;

namespace {
Board grid(int w, int h, EdgePolicy e, PlayableMask m = PlayableMask::All) {
  return make_grid(w, h, m, e, {"n", "ne", "e", "se", "s", "sw", "w", "nw"},
                   {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}, 24);
}
int at(const Board& b, const char* name) { return b.cell_index(name); }
}  // namespace

TEST_CASE("grid cells are named by file letter and rank number") {
  Board b = grid(8, 8, EdgePolicy::Stop, PlayableMask::Dark);
  CHECK(b.ncells == 64);
  CHECK(b.cell_names[0] == "a1");
  CHECK(b.cell_names[63] == "h8");
  CHECK(b.playable[at(b, "a1")]);
  CHECK_FALSE(b.playable[at(b, "b1")]);
  CHECK(b.playable[at(b, "h8")]);
  CHECK(b.cell_index("i1") == -1);
}

TEST_CASE("rays stop, leave the board, or reflect at the edge") {
  Board stop = grid(6, 6, EdgePolicy::Stop), off = grid(6, 6, EdgePolicy::Off), refl = grid(6, 6, EdgePolicy::Reflect);
  int n = stop.dir_index("n"), e = stop.dir_index("e"), nw = stop.dir_index("nw"), ne = stop.dir_index("ne");
  CHECK(stop.ray(at(stop, "a1"), n, 0) == at(stop, "a1"));
  CHECK(stop.ray(at(stop, "a1"), n, 5) == at(stop, "a6"));
  CHECK(stop.ray(at(stop, "a1"), n, 6) == kNoCell);
  CHECK(off.ray(at(off, "a1"), n, 6) == kOffBoard);
  // The four bounce paths of the rules (shared/rules/README.md section 4).
  CHECK(refl.ray(at(refl, "d5"), n, 2) == at(refl, "d5"));
  CHECK(refl.ray(at(refl, "e5"), e, 8) == at(refl, "c5"));
  CHECK(refl.ray(at(refl, "c5"), nw, 8) == at(refl, "e3"));
  CHECK(refl.ray(at(refl, "f6"), ne, 2) == at(refl, "d4"));
  // Reflection has period 2 * (size - 1) on each axis.
  for (int c = 0; c < refl.ncells; ++c)
    for (int d = 0; d < refl.ndirs(); ++d) CHECK(refl.ray(c, d, 10) == c);
}
