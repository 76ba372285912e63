// Google Benchmark: the interpreter's Dipole random playouts against the hand-written C++
// playout, in one run with the same seeds and the same 1000-ply cap.
#include "handwritten_dipole.h"
#include "interpreter_playouts.h"

int main(int argc, char** argv) { return bench::run_pair(argc, argv, "dipole", handwritten_dipole::playout); }
