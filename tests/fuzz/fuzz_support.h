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

// Inputs are short (libFuzzer's 4 kB), but the attacks that work are long: 100,000 nested
// lists, a thousand legs. An input may therefore hold repeats, ESC 'R' <count> ':' <byte>,
// which expand() writes out as <byte> <count> times (at most 200,000, and 4 MiB in all).
std::string expand(std::string_view input);

// A structure-aware mutator for inputs read as JSON or text (LLVMFuzzerCustomMutator calls
// it): libFuzzer's own mutations half the time, else one of the shapes that broke boardlab
// put in at a random place: deep nesting (as a repeat), numbers past every integer type,
// long lists of small numbers, a huge count.
size_t mutate_hostile(uint8_t* data, size_t size, size_t max_size, unsigned seed);

}  // namespace boardlab::fuzz
