// Google Benchmark: the interpreter's Dablot random playouts (jump chains with ranks on a
// lattice: scripts/lib/chains.lua) against the hand-written C++ playout, in one run with the
// same seeds and the same 1000-ply cap.
#include "handwritten_dablot.h"
#include "interpreter_playouts.h"

int main(int argc, char** argv) { return bench::run_pair(argc, argv, "dablot", handwritten_dablot::playout); }
