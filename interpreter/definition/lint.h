// Warnings about a definition that loads but is likely wrong: a piece kind nothing places,
// an option nothing reads, a script function no hook calls, declared results or events
// the script never gives. `boardlab check` prints them.
#pragma once
#include <vector>

#include "core/diagnostics.h"
#include "definition/game_def.h"
#include "definition/yaml_tree.h"

namespace boardlab {

// `root`: the merged YAML the definition was built from (for positions and $option uses).
std::vector<Diagnostic> lint_definition(const GameDef& g, const YNode& root);

}  // namespace boardlab
