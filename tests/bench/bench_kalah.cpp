// Google Benchmark: the interpreter's Kalah (the sowing library) random playouts against the hand-written C++
// playout, in one run with the same seeds.
#include "handwritten_kalah.h"
#include "interpreter_playouts.h"

int main(int argc, char** argv) { return bench::run_pair(argc, argv, "kalah", handwritten_kalah::playout); }
