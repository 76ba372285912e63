// Google Benchmark: the interpreter's Hex (placement and the connection query) random playouts against the hand-written C++
// playout, in one run with the same seeds.
#include "handwritten_hex.h"
#include "interpreter_playouts.h"

int main(int argc, char** argv) { return bench::run_pair(argc, argv, "hex", handwritten_hex::playout); }
