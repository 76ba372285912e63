// Google Benchmark: the interpreter's Fanorona (step_chains: approach and withdrawal captures in chains) random playouts against the hand-written C++
// playout, in one run with the same seeds.
#include "handwritten_fanorona.h"
#include "interpreter_playouts.h"

int main(int argc, char** argv) { return bench::run_pair(argc, argv, "fanorona", handwritten_fanorona::playout); }
