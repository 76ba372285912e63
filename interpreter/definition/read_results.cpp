// The `results` section: named results a script's result hook may give, and those the
// runtime gives itself (a cell reached, a line made, sides connected), with the tables their
// checks read (sections.h).
#include <algorithm>
#include <fmt/format.h>

#include "core/text.h"
#include "definition/sections.h"

namespace boardlab {

using namespace schema;

namespace {

const Field kDoc = outside_rules({"doc", string(), false, "what it means, shown after 'wins' or 'draw'"});
const Field kScore{"score", integer("", true), false, "what the game is worth; default 1"};
const Field kReach{"reach", dict(list(string())), false,
                   "per player name, cells (`a8..h8` ranges too; `far_edge`: those from which a step forward leaves the "
                   "board): after every move, a player with a piece on top on one of its cells wins with this result, "
                   "the mover first; the runtime checks it, no hook needed"};
const Field kLine{"line", integer("", true), false,
                  "after every move, a player with this many pieces in a row (on top, along any direction and its "
                  "opposite) wins with this result, the mover first; the runtime checks it, no hook needed"};
const Field kConnect{"connect", dict(list(list(string()))), false,
                     fmt::format("per player name, 2 to {} lists of cells (`a1..k1` ranges too; `edge DIR`: those from "
                                 "which a step along DIR leaves the board): after every move, a player whose pieces on "
                                 "top join a cell of every list in one group (cells one step apart along any "
                                 "direction) wins with this result, the mover first; the runtime checks it, no hook "
                                 "needed",
                                 kMaxConnectSets)};
constexpr const char* kFarEdge = "far_edge";  // reach's item: the cells a step forward leaves the board from
constexpr const char* kEdgePrefix = "edge ";   // connect's item `edge DIR`

// reach's "far_edge": the playable cells from which a step in player p's forward direction
// leaves the board (a grid's far rank).
std::vector<int> far_edge(DefinitionReader& r, const YNode& item, int p) {
  const GameDef& g = r.game();
  const int forward = g.players[static_cast<size_t>(p)].forward;
  if (forward < 0) {
    r.error(item.pos, fmt::format("{} needs a forward direction for player '{}' (players[].forward)", kFarEdge,
                                  g.players[static_cast<size_t>(p)].name));
    return {};
  }
  std::vector<int> cells = r.edge_cells(forward);
  if (cells.empty()) r.warning(item.pos, fmt::format("{} holds no cell: no step forward leaves this board", kFarEdge));
  return cells;
}

// connect's "edge DIR": the playable cells from which a step along DIR leaves the board.
std::vector<int> edge(DefinitionReader& r, const YNode& item) {
  const GameDef& g = r.game();
  const std::string dir = item.scalar.substr(std::string(kEdgePrefix).size());
  const int d = g.board.dir_index(dir);
  if (d < 0) {
    r.unknown(item.pos, "direction", dir, g.board.dir_names);
    return {};
  }
  return r.edge_cells(d);
}

void reach_cells(DefinitionReader& r, const YNode& reach, ResultDef& rd) {
  const GameDef& g = r.game();
  const int words = g.cell_words();
  rd.reach.assign(static_cast<size_t>(g.nplayers() * words), 0);
  for (size_t i = 0; i < reach.fields.size(); ++i) {
    const auto& [player, cells] = reach.fields[i];
    const int p = r.player(player, reach.key_pos[i]);
    if (p < 0) continue;
    for (const auto& item : cells->items)
      for (int c : item->scalar == kFarEdge ? far_edge(r, *item, p) : r.cells_named(*item, "no cell to reach there"))
        rd.reach[static_cast<size_t>(p * words + c / 64)] |= uint64_t{1} << (c % 64);
  }
}

// connect: per player, 2 to kMaxConnectSets lists of cells, each item a cell, a range or
// `edge DIR`.
void connect_sets(DefinitionReader& r, const YNode& connect, ResultDef& rd) {
  const GameDef& g = r.game();
  const int n = g.board.ncells, words = g.cell_words();
  rd.connect.assign(static_cast<size_t>(g.nplayers() * n), 0);
  rd.connect_bits.assign(static_cast<size_t>(g.nplayers() * kMaxConnectSets * words), 0);
  rd.connect_need.assign(static_cast<size_t>(g.nplayers()), 0);
  rd.connect_first.assign(static_cast<size_t>(g.nplayers()), {});
  for (size_t i = 0; i < connect.fields.size(); ++i) {
    const auto& [player, sets] = connect.fields[i];
    const int p = r.player(player, connect.key_pos[i]);
    if (p < 0) continue;
    if (sets->items.size() < 2 || sets->items.size() > static_cast<size_t>(kMaxConnectSets)) {
      r.error(sets->pos, fmt::format("a connection joins 2 to {} lists of cells; '{}' has {}", kMaxConnectSets, player,
                                     sets->items.size()));
      continue;
    }
    uint8_t* mine = &rd.connect[static_cast<size_t>(p * n)];
    for (size_t k = 0; k < sets->items.size(); ++k) {
      const uint8_t bit = static_cast<uint8_t>(1u << k);
      uint64_t* set_bits = &rd.connect_bits[(static_cast<size_t>(p) * kMaxConnectSets + k) * static_cast<size_t>(words)];
      for (const auto& item : sets->items[k]->items) {
        const std::vector<int> cells = item->scalar.rfind(kEdgePrefix, 0) == 0
                                           ? edge(r, *item)
                                           : r.cells_named(*item, "no cell to connect there");
        for (int c : cells) mine[c] |= bit, set_bits[c / 64] |= uint64_t{1} << (c % 64);
      }
      if (std::none_of(mine, mine + n, [&](uint8_t m) { return m & bit; }))
        r.error(sets->items[k]->pos, "this list holds no cell: the connection could never be made");
      rd.connect_need[static_cast<size_t>(p)] |= bit;
    }
    for (int c = 0; c < n; ++c)
      if (mine[c] & 1) rd.connect_first[static_cast<size_t>(p)].push_back(static_cast<int16_t>(c));
  }
  rd.shifts = step_shifts(g.board);
}

}  // namespace

const Field& results_key() {
  static const Field f{"results", dict(structure({kDoc, kScore, kReach, kLine, kConnect})), false,
                       "named results the script's result hook may give as detail"};
  return f;
}

void read_results(DefinitionReader& r) {
  GameDef& g = r.def();
  const YNode* results = r.section(results_key());
  if (!results) return;
  for (const auto& [name, v] : results->fields) {
    ResultDef rd;
    rd.name = rd.doc = name;
    if (const YNode* doc = kDoc.in(*v)) rd.doc = doc->scalar;
    if (const YNode* sc = kScore.in(*v)) rd.score = r.int_value(*sc, "results.score", 0, 1000);
    if (const YNode* line = kLine.in(*v)) rd.line = r.int_value(*line, "results.line", 2, 64);
    if (const YNode* reach = kReach.in(*v)) reach_cells(r, *reach, rd);
    if (const YNode* connect = kConnect.in(*v)) connect_sets(r, *connect, rd);
    g.results.push_back(rd);
  }
  if (g.results.size() > 250) r.error(results->pos, "at most 250 named results");
}

}  // namespace boardlab
