// The registry of move blocks (move_block.h).
#include "definition/move_block.h"

#include <algorithm>
#include <stdexcept>

namespace boardlab {

namespace {
// A function's static: blocks register from other files' static initialisers, in no set order.
std::vector<MoveBlockType>& registry() {
  static std::vector<MoveBlockType> blocks;
  return blocks;
}
}  // namespace

bool register_move_block(MoveBlockType type) {
  auto& blocks = registry();
  if (find_move_block(type.name)) throw std::logic_error("two move blocks named " + type.name);
  const auto at = std::lower_bound(blocks.begin(), blocks.end(), type.name,
                                   [](const MoveBlockType& b, const std::string& n) { return b.name < n; });
  blocks.insert(at, std::move(type));
  return true;
}

const std::vector<MoveBlockType>& move_blocks() { return registry(); }

const MoveBlockType* find_move_block(const std::string& name) {
  for (const auto& b : registry())
    if (b.name == name) return &b;
  return nullptr;
}

}  // namespace boardlab
