// The lattice kind: points on a rectangle's coordinates joined by lines, each class of
// points (by the parity of x, y and x + y) with the directions it has lines along
// (board/lattice.cpp).
#include <algorithm>
#include <fmt/format.h>
#include <stdexcept>

#include "definition/board_kind.h"

namespace boardlab {
namespace {

using namespace schema;

const Names<Parity> kParities{{"even", Parity::Even}, {"odd", Parity::Odd}, {"any", Parity::Any}};
const Field kX{"x", kParities.schema(), false, "which values of x the class takes; default any"};
const Field kY{"y", kParities.schema(), false, "which values of y the class takes; default any"};
const Field kSum{"sum", kParities.schema(), false, "which values of x + y the class takes; default any"};
const Field kSteps{"steps", list(string()), true, "the directions a point of this class has a line along"};
const Field kPoints{"points", dict(structure({kX, kY, kSum, kSteps})), false,
                    "lattice only: classes of points, each the coordinates of a parity, with its lines"};

std::pair<int, int> extent(const YNode& board, const YNode& size, DefinitionReader& r) {
  if (!kPoints.in(board)) r.error(board.pos, "a lattice needs 'board.points': the classes of points and their lines");
  return size_rectangle(size, r);
}

void make(const YNode& board, const BoardFrame& f, DefinitionReader& r) {
  const YNode* points = kPoints.in(board);
  if (!points) return;
  std::vector<PointClass> classes;
  bool ok = true;
  for (const auto& [name, pc] : points->fields) {
    PointClass c{name, kParities.of(kX.in(*pc), Parity::Any), kParities.of(kY.in(*pc), Parity::Any),
                 kParities.of(kSum.in(*pc), Parity::Any), {}};
    for (const auto& st : kSteps.in(*pc)->items) {
      const auto d = std::find(f.dir_names.begin(), f.dir_names.end(), st->scalar);
      if (d == f.dir_names.end()) {
        r.unknown(st->pos, "direction", st->scalar, f.dir_names);
        ok = false;
      }
      c.steps.push_back(static_cast<int>(d - f.dir_names.begin()));
    }
    classes.push_back(std::move(c));
  }
  try {
    if (ok) r.def().board = make_lattice(f.width, f.height, classes, f.dir_names, f.dir_vectors, f.stack_cap);
  } catch (const std::invalid_argument& e) {
    r.error(points->pos, fmt::format("board.points: {}", e.what()));
  }
}

BOARDLAB_REGISTER_BOARD_KIND(BoardKindType{"lattice", "lattices", "points joined by lines", {kPoints}, compass_names(),
                                           compass_vectors(), {EdgePolicy::Stop},
                                           "a lattice's rays stop where its lines end (edges: stop)", &extent, &make});

}  // namespace
}  // namespace boardlab
