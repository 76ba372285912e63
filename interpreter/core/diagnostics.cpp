// Diagnostics: GCC-format messages about definitions.
#include "core/diagnostics.h"

#include <algorithm>
#include <fmt/format.h>

namespace boardlab {

std::string Diagnostic::str() const {
  const char* kind = warning ? "warning" : "error";
  if (pos.line > 0) return fmt::format("{}:{}:{}: {}: {}", pos.file, pos.line, pos.col, kind, message);
  return fmt::format("{}: {}: {}", pos.file, kind, message);
}

bool Diagnostics::has_errors() const {
  return std::any_of(items_.begin(), items_.end(), [](const Diagnostic& d) { return !d.warning; });
}

std::string Diagnostics::str() const {
  auto sorted = items_;
  std::stable_sort(sorted.begin(), sorted.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::tie(a.pos.file, a.pos.line, a.pos.col) < std::tie(b.pos.file, b.pos.line, b.pos.col);
  });
  std::string out;
  for (const auto& d : sorted) {
    out += d.str();
    out += '\n';
  }
  return out;
}

}  // namespace boardlab
