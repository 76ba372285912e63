// Board kinds as registered parts. A kind is one source file of interpreter/board_kinds/
// that registers a BoardKindType: its name (the value of `board.kind`), the keys under
// `board:` only it takes, its default directions, the edge policies it allows, how its
// size is read, and how its board is made (with the topology of board/). The loader
// (read_board.cpp) takes the kinds, their keys and their docs from this registry, and
// refuses another kind's keys by the registry too, so that adding a kind touches no file
// here. The drawings (view/, web/) still know each kind by its Board::kind.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "board/board.h"
#include "definition/definition_reader.h"
#include "definition/registry.h"
#include "definition/schema.h"

namespace boardlab {

// What the common keys of `board:` have settled before a kind makes its board.
struct BoardFrame {
  int width = 0, height = 0;  // the coordinate rectangle (the kind's extent)
  std::vector<std::string> dir_names;
  std::vector<std::pair<int, int>> dir_vectors;
  EdgePolicy edges = EdgePolicy::Stop;
  int stack_cap = 1;  // the tallest stack: rays are tabulated at least this long
};

struct BoardKindType {
  std::string name;    // the value of board.kind
  std::string plural;  // what messages call boards of this kind: "hex boards"
  std::string doc;     // what the kind is, for the reference
  std::vector<Field> keys;  // the keys under `board:` that only this kind takes
  // Its directions when the definition names none.
  std::vector<std::string> dir_names;
  std::vector<std::pair<int, int>> dir_vectors;
  // The edge policies it allows (board.edges), its default first, and why no other.
  std::vector<EdgePolicy> edges;
  std::string edges_why;
  // The coordinate rectangle that `size` (checked: a list of whole numbers or $options) and
  // the kind's keys give; {0, 0} after reporting errors through r.
  std::pair<int, int> (*extent)(const YNode& board, const YNode& size, DefinitionReader& r);
  // Makes r.def().board from the frame (its extent fits the table budget); errors through r.
  void (*make)(const YNode& board, const BoardFrame& frame, DefinitionReader& r);
  // After the reserves are read: what the kind's keys say of them (a track's bar and off).
  void (*link)(const YNode& board, DefinitionReader& r) = nullptr;
};

// Helpers the kinds share: the eight compass directions n ne e se s sw w nw (a grid's and a
// lattice's default), and a size of [width, height], each 1 to 64 ({0, 0} after errors).
// (Functions: kinds register from other files' static initialisers.)
const std::vector<std::string>& compass_names();
const std::vector<std::pair<int, int>>& compass_vectors();
std::pair<int, int> size_rectangle(const YNode& size, DefinitionReader& r);

// Adds a kind to the registry (at static initialisation: BOARDLAB_REGISTER_BOARD_KIND).
bool register_board_kind(BoardKindType type);
// Every registered kind, sorted by name.
const std::vector<BoardKindType>& board_kinds();
const BoardKindType* find_board_kind(const std::string& name);

// In a kind's source file, at namespace scope: BOARDLAB_REGISTER_BOARD_KIND(BoardKindType{...}).
#define BOARDLAB_REGISTER_BOARD_KIND(...) \
  static const bool BOARDLAB_REGISTRY_CONCAT(registered_kind_, __LINE__) = ::boardlab::register_board_kind(__VA_ARGS__)

}  // namespace boardlab
