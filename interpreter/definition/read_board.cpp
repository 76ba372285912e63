// The `board` section: the keys every kind takes (kind, size, edges, directions, max_stack)
// and the registered kind (board_kind.h) that reads its own keys and makes the board
// (sections.h).
#include <algorithm>
#include <fmt/format.h>

#include "core/text.h"
#include "definition/board_kind.h"
#include "definition/sections.h"

namespace boardlab {

using namespace schema;

namespace {

const Names<EdgePolicy> kEdgePolicies{{"stop", EdgePolicy::Stop}, {"off", EdgePolicy::Off}, {"reflect", EdgePolicy::Reflect}};
const Field kSize{"size", list(integer("", true)), true,
                  "[width, height] in cells, or of a lattice's coordinates; [points] for a track; [side] for a hexagon; "
                  "each a number or $option"};
const Field kEdges{"edges", kEdgePolicies.schema(), false,
                   "what a ray does at the edge: stop, leave the board (off), or bounce (reflect); default stop; a "
                   "lattice's rays stop"};
const Field kDirections{"directions", dict(list(integer())), false,
                        "named step vectors [dx, dy]; default the 8 compass directions n ne e se s sw w nw"};
const Field kMaxStack{"max_stack", integer(), false, "the tallest stack a cell can hold; default the number of pieces"};

// `kind`: one of the registered kinds, each described in the reference (made once they
// have registered).
const Field& kind_key() {
  static const Field f = [] {
    std::vector<std::string> names, docs;
    for (const BoardKindType& k : board_kinds()) {
      names.push_back(k.name);
      docs.push_back(k.name + " (" + k.doc + ")");
    }
    return Field{"kind", one_of(names), true, "the board topology: " + alternatives(docs)};
  }();
  return f;
}

// The definition's own directions, or the kind's.
void directions(const YNode& b, const BoardKindType& kind, BoardFrame& f, DefinitionReader& r) {
  const YNode* dirs = kDirections.in(b);
  if (!dirs) {
    f.dir_names = kind.dir_names;
    f.dir_vectors = kind.dir_vectors;
    return;
  }
  for (const auto& [name, v] : dirs->fields) {
    if (v->items.size() != 2) {
      r.error(v->pos, fmt::format("direction '{}' must be [dx, dy]", name));
      continue;
    }
    f.dir_names.push_back(name);
    const char* why = "a direction's steps are from -64 to 64";  // no board is wider
    f.dir_vectors.emplace_back(r.bounded(*v->items[0], -64, 64, why), r.bounded(*v->items[1], -64, 64, why));
  }
}

// Keys of other kinds than this one: refused, naming the kinds that take them.
void foreign_keys(const YNode& b, const BoardKindType& kind, DefinitionReader& r) {
  for (size_t i = 0; i < b.fields.size(); ++i) {
    const std::string& key = b.fields[i].first;
    std::vector<std::string> owners, kinds;
    for (const BoardKindType& k : board_kinds())
      if (std::any_of(k.keys.begin(), k.keys.end(), [&](const Field& f) { return f.name == key; }))
        owners.push_back(k.plural), kinds.push_back(k.name);
    if (!owners.empty() && std::find(kinds.begin(), kinds.end(), kind.name) == kinds.end())
      r.error(b.fields[i].second->pos, fmt::format("'{}.{}' is for {} (board.kind: {})", board_key().name, key,
                                                   join(owners, " and "), join(kinds, ", ")));
  }
}

}  // namespace

const Field& board_key() {
  static const Field f = [] {
    std::vector<Field> keys = {kind_key(), kSize};
    for (const BoardKindType& k : board_kinds()) keys.insert(keys.end(), k.keys.begin(), k.keys.end());
    keys.insert(keys.end(), {kEdges, kDirections, kMaxStack});
    return Field{"board", structure(std::move(keys)), true, "the board"};
  }();
  return f;
}

void read_board(DefinitionReader& r) {
  GameDef& g = r.def();
  const YNode& b = *r.section(board_key());
  const BoardKindType* kind = find_board_kind(kind_key().in(b)->scalar);
  if (!kind) return;  // the schema said so
  foreign_keys(b, *kind, r);
  auto [w, h] = kind->extent(b, *kSize.in(b), r);
  BoardFrame frame;
  directions(b, *kind, frame, r);
  // Stack capacity needs the setup: count its pieces first, before the board exists.
  const long long total = setup_piece_count(r);
  g.total_pieces = static_cast<int>(std::min<long long>(total, kMaxStock));
  g.stack_cap = static_cast<int>(std::clamp<long long>(total, 1, 255));
  if (const YNode* ms = kMaxStack.in(b)) g.stack_cap = r.bounded(*ms, 1, 255, "'board.max_stack' is from 1 to 255");
  // The ray table holds a cell per (cell, direction, length): sized before it is made.
  const long long rays = static_cast<long long>(w) * h * static_cast<long long>(frame.dir_names.size()) *
                         (std::max({g.stack_cap, w, h}) + 1);
  if (rays > kMaxTableEntries) {
    const YNode* at = kDirections.in(b) ? kDirections.in(b) : &b;
    r.error(at->pos, fmt::format("the ray table would hold {} cells (cells x directions x lengths up to {}); at most {} "
                                 "are allowed: fewer directions, or a smaller board or max_stack",
                                 rays, std::max({g.stack_cap, w, h}), kMaxTableEntries));
    w = h = 0;
  }
  frame.edges = kind->edges.front();
  if (const YNode* e = kEdges.in(b)) {
    const EdgePolicy asked = kEdgePolicies.of(e, frame.edges);
    if (std::find(kind->edges.begin(), kind->edges.end(), asked) == kind->edges.end())
      r.error(e->pos, fmt::format("'{}.{}: {}': {}", board_key().name, kEdges.name, e->scalar, kind->edges_why));
    else frame.edges = asked;
  }
  frame.width = w, frame.height = h;
  frame.stack_cap = g.stack_cap;
  if (w > 0) kind->make(b, frame, r);
  read_forward(r);
}

void link_board(DefinitionReader& r) {
  const YNode* b = r.section(board_key());
  if (!b) return;
  if (const BoardKindType* kind = find_board_kind(kind_key().in(*b)->scalar); kind && kind->link)
    kind->link(*b, r);
}

}  // namespace boardlab
