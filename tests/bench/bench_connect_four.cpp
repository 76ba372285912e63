// Google Benchmark: the interpreter's Connect Four (the drop block and the line result) random playouts against the hand-written C++
// playout, in one run with the same seeds.
#include "handwritten_connect_four.h"
#include "interpreter_playouts.h"

int main(int argc, char** argv) { return bench::run_pair(argc, argv, "connect-four", handwritten_connect_four::playout); }
