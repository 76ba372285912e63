// The bundled games for the fuzz targets.
#include "fuzz_support.h"

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "definition/bundled.h"

namespace boardlab::fuzz {

const Rules& bundled(uint8_t pick) {
  static const std::vector<std::string> files = bundled_definitions();
  static std::vector<std::unique_ptr<ThreadRules>> loaded(files.size());
  auto& slot = loaded[pick % files.size()];
  if (!slot) slot = std::make_unique<ThreadRules>(load_game_def(files[pick % files.size()]));
  return *slot;
}

void require(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "fuzz: broken: %s\n", what);
  std::abort();
}

}  // namespace boardlab::fuzz
