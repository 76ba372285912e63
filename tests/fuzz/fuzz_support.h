// What the fuzz targets share: the bundled games, each loaded once per fuzzing process and
// picked by an input's first byte, and the errors that count as a clean refusal.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "rules/rules.h"

namespace boardlab::fuzz {

// The bundled game `pick` selects (pick modulo their number), loaded on first use.
const Rules& bundled(uint8_t pick);

// An input as text, from byte `skip` on.
inline std::string text(const uint8_t* data, size_t size, size_t skip) {
  return skip < size ? std::string(reinterpret_cast<const char*>(data) + skip, size - skip) : std::string();
}

// Stops the process (libFuzzer reports it as a crash, with the input) when `ok` is false.
void require(bool ok, const char* what);

}  // namespace boardlab::fuzz
