// Google Benchmark: the interpreter's Breakthrough random playouts (steps declared in the
// definition, made by the steps library) against the hand-written C++ playout, in one run with the
// same seeds.
#include "handwritten_breakthrough.h"
#include "interpreter_playouts.h"

int main(int argc, char** argv) { return bench::run_pair(argc, argv, "breakthrough", handwritten_breakthrough::playout); }
