// The `moves` section: the moves declared as one registered building block with data
// (move_block.h), whose reader checks the block's keys (sections.h).
#include <fmt/format.h>

#include "core/text.h"
#include "definition/sections.h"

namespace boardlab {

const Field& moves_key() {
  static const Field f = [] {
    // The registered blocks' keys, one of which `moves` names (made once they have registered).
    std::vector<Field> blocks;
    for (const MoveBlockType& b : move_blocks()) blocks.push_back({b.name, b.keys, false, b.doc});
    return Field{"moves", schema::structure(std::move(blocks)), false,
                 "the moves as one building block with data (API 2): then no script is needed, or the script defines "
                 "the other hooks"};
  }();
  return f;
}

void read_moves(DefinitionReader& r) {
  GameDef& g = r.def();
  const YNode* m = r.section(moves_key());
  if (!m) return;
  if (m->fields.size() != 1) {
    // Named by what it holds, not by every block there is: the list grows with the registry.
    std::vector<std::string> given;
    for (const auto& [name, _] : m->fields) given.push_back("`" + name + "`");
    r.error(m->pos, m->fields.empty() ? fmt::format("'{}' declares no building block: it names one", moves_key().name)
                                      : fmt::format("'{}' declares one building block, not {} ({})", moves_key().name,
                                                    m->fields.size(), join(given, ", ")));
    return;
  }
  const auto& [name, node] = m->fields.front();
  const MoveBlockType* type = find_move_block(name);
  if (!type) return;  // the schema said so
  g.declared = type->read(*node, r);
  g.declared_block = name;
}

void check_moves_api(DefinitionReader& r) {
  if (const YNode* m = moves_key().in(r.root()); m && r.game().api < 2)
    r.error(m->pos, fmt::format("'{}' is API 2's: the definition says `{}: 2` (docs/changelog.md)", moves_key().name,
                                api_key().name));
}

}  // namespace boardlab
