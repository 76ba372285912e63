// The contract between the C++ runtime and game scripts, defined once here: the hooks a
// script may define. The script host hands these facts to scripts/lib/runtime.lua at load,
// so that no number or name is written on both sides.
#pragma once
#include <string>
#include <vector>

namespace boardlab {

// The functions a game script may define for the runtime to call, `generate` first (the
// only one required).
inline const std::vector<std::string>& hook_names() {
  static const std::vector<std::string> names = {"generate", "result", "notation", "evaluate"};
  return names;
}

}  // namespace boardlab
