// Google Benchmark: the interpreter's Lasca random playouts (column captures through
// chains.generate's C++ search) against the hand-written C++ playout, in one run with the
// same seeds and the same 1000-ply cap.
#include "handwritten_lasca.h"
#include "interpreter_playouts.h"

int main(int argc, char** argv) { return bench::run_pair(argc, argv, "lasca", handwritten_lasca::playout); }
