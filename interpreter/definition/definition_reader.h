// DefinitionReader: what every section's reader shares while a definition loads: the merged
// YAML, the diagnostics, the sections the schema found malformed, the GameDef built so far,
// and the look-ups that report their own errors at the node's file:line:col (names to ids,
// `$option` values, bounded numbers, cells and ranges of cells). A block's reader sees it as
// a BlockReader (move_block.h), a board kind's as itself (board_kind.h).
#pragma once
#include <filesystem>
#include <initializer_list>
#include <set>
#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "definition/game_def.h"
#include "definition/move_block.h"
#include "definition/schema.h"
#include "definition/yaml_tree.h"

namespace boardlab {

// A path as messages show it: relative to the working directory when that is shorter.
std::string display_path(const std::filesystem::path& p);

class DefinitionReader final : public BlockReader {
 public:
  // `malformed`: the top-level keys whose values the schema refused.
  DefinitionReader(const YNode& root, Diagnostics& diags, std::set<std::string> malformed, GameDef& g);

  const YNode& root() const { return root_; }
  GameDef& def() { return g_; }
  Diagnostics& diags() { return diags_; }
  // Whether none of these top-level keys is malformed (each may be absent): a section is read
  // only when it and the sections it reads are well formed.
  bool well_formed(std::initializer_list<const Field*> keys) const;
  // A top-level key's node: null when it is absent or malformed.
  const YNode* section(const Field& key) const;
  // Marks a section the schema let through but its reader refused (a board of no cells after
  // an error at its size): the sections that read it are skipped, as for a malformed one,
  // rather than read against what was never made.
  void refuse(const Field& key) { malformed_.insert(key.name); }

  // A scalar that may be written `$option`: its value, or "" after an error.
  std::string resolve(const YNode& n);
  // A whole number the schema has checked, in [min, max]; else `why` at its place, and 0.
  int bounded(const YNode& n, long long min, long long max, const char* why);
  // A whole number in [min, max]; else an error naming `what`, and min.
  int int_value(const YNode& n, const char* what, int min, int max = 100'000'000);
  // The cells a list item names: one cell, or for "a1..k5" every playable cell of the
  // rectangle between the two corners. An unknown or unplayable cell is an error; a range
  // with no playable cell is a warning that ends with `if_none`.
  std::vector<int> cells_named(const YNode& item, const char* if_none);
  // The playable cells from which a step along `dir` leaves the board.
  std::vector<int> edge_cells(int dir) const;
  // Player and reserve names are words of position text ("red bar:r=2"): one word each.
  void check_name(const SourcePos& pos, const char* what, const std::string& name);
  std::vector<std::string> player_names() const;

  // BlockReader.
  const GameDef& game() const override { return g_; }
  int direction(const YNode& name) override;
  int reserve(const YNode& name) override;
  int kind(const std::string& name, const SourcePos& pos) override;
  int player(const std::string& name, const SourcePos& pos) override;
  uint8_t flags(const YNode* list) override;
  int integer(const YNode& n, const char* what, int min, int max) override { return int_value(n, what, min, max); }
  bool boolean(const YNode& n) override;
  void error(const SourcePos& pos, std::string message) override { diags_.error(pos, std::move(message)); }
  void warning(const SourcePos& pos, std::string message) { diags_.warning(pos, std::move(message)); }
  void unknown(const SourcePos& pos, const char* what, const std::string& name,
               const std::vector<std::string>& known) override;

 private:
  const YNode& root_;
  Diagnostics& diags_;
  std::set<std::string> malformed_;
  GameDef& g_;
};

}  // namespace boardlab
