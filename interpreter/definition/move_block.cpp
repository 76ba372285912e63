// The registry of move blocks (move_block.h).
#include "definition/move_block.h"

#include "definition/registry.h"

namespace boardlab {

bool register_move_block(MoveBlockType type) { return Registry<MoveBlockType>::add(std::move(type), "move blocks"); }
const std::vector<MoveBlockType>& move_blocks() { return Registry<MoveBlockType>::all(); }
const MoveBlockType* find_move_block(const std::string& name) { return Registry<MoveBlockType>::find(name); }

}  // namespace boardlab
