// The bundled games for the fuzz targets.
#include "fuzz_support.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <memory>
#include <vector>

#include "definition/bundled.h"

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);  // libFuzzer's own

namespace boardlab::fuzz {

const Rules& bundled(uint8_t pick) {
  static const std::vector<std::string> files = bundled_definitions();
  static std::vector<std::unique_ptr<ThreadRules>> loaded(files.size());
  auto& slot = loaded[pick % files.size()];
  if (!slot) slot = std::make_unique<ThreadRules>(load_game_def(files[pick % files.size()]));
  return *slot;
}

std::string expand(std::string_view input) {
  constexpr size_t kMaxRepeat = 200000, kMaxTotal = size_t{4} << 20;
  std::string out;
  for (size_t i = 0; i < input.size(); ++i) {
    if (input[i] == '\x1b' && i + 1 < input.size() && input[i + 1] == 'R') {
      size_t j = i + 2, count = 0;
      while (j < input.size() && input[j] >= '0' && input[j] <= '9' && count <= kMaxRepeat) count = count * 10 + static_cast<size_t>(input[j++] - '0');
      if (j + 1 < input.size() && input[j] == ':') {
        count = std::min({count, kMaxRepeat, kMaxTotal - std::min(kMaxTotal, out.size())});
        out.append(count, input[j + 1]);
        i = j + 1;
        continue;
      }
    }
    if (out.size() < kMaxTotal) out += input[i];
  }
  return out;
}

size_t mutate_hostile(uint8_t* data, size_t size, size_t max_size, unsigned seed) {
  std::minstd_rand rng(seed);
  if (rng() % 2 == 0) return LLVMFuzzerMutate(data, size, max_size);
  static const char* const kShapes[] = {
      "\x1bR100000:[",  "\x1bR100000:]",  "\x1bR100000:{", "\x1bR70:[", "\x1bR70:]",
      "4294967299",      "-4294967299",    "1e400",         "-1e400",     "18446744073709551616",
      "9223372036854775808", "-9223372036854775809", "2147483648", "1.5", "-0",
      "[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]",
      "\x1bR2000:0",     "\"\\u0000\"", "\"\\ud800\"", "null", "{\"legs\":", "{\"index\":", "{\"count\":",
  };
  const std::string shape = kShapes[rng() % (sizeof(kShapes) / sizeof(kShapes[0]))];
  if (size + shape.size() > max_size) return LLVMFuzzerMutate(data, size, max_size);
  const size_t at = size ? rng() % (size + 1) : 0;
  std::memmove(data + at + shape.size(), data + at, size - at);
  std::memcpy(data + at, shape.data(), shape.size());
  return size + shape.size();
}

void require(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "fuzz: broken: %s\n", what);
  std::abort();
}

}  // namespace boardlab::fuzz
