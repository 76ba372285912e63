// Fuzz target: a weights file from a stranger (eval=FILE, a definition's weights:, train
// --from). The first byte picks a bundled game, the rest is the file. It must load or be
// refused with a reason; weights that load judge the start from each side with a finite
// value in [-1, 1]. Repeats in the input expand (fuzz_support.h), and the mutator puts in
// the shapes that broke boardlab before: a header nesting 100,000 lists crashed it.
#include <cmath>
#include <sstream>

#include "fuzz_support.h"
#include "learn/learned_eval.h"

using namespace boardlab;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const Rules& rules = fuzz::bundled(data[0]);
  std::istringstream in(fuzz::expand(fuzz::text(data, size, 1)));
  std::shared_ptr<const LearnedEval> eval;
  try {
    eval = LearnedEval::read(in, "input", rules.def());
  } catch (const std::runtime_error&) {
    return 0;
  }
  const State start = rules.initial();
  LearnedEval::Scratch scratch;
  for (int p = 0; p < rules.def().nplayers(); ++p) {
    const double v = eval->value(start, p, scratch);
    fuzz::require(std::isfinite(v) && v >= -1 && v <= 1, "weights that load give a value in [-1, 1]");
  }
  return 0;
}

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size, unsigned seed) {
  return fuzz::mutate_hostile(data, size, max_size, seed);
}
