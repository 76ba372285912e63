// The pieces of the terminal's board drawing (board_view.cpp) that each kind of board's
// drawing shares: the colours, the marks of the last move, the side the board is seen from;
// and each kind's drawing.
#pragma once
#include <string>

#include "view/board_view.h"

namespace boardlab::board_parts {

extern const char* kReset;
extern const char* kReverse;
extern const char* kOwnerColor[4];
bool is_marked(const ViewOptions& v, int cell);
// `text` (a cell's glyph, with its stack height) in the owner's colour.
std::string paint(const State& s, const ViewOptions& v, int cell, const std::string& text);
// A cell's text padded to `width`, bracketed when the last move touched it.
std::string field(const State& s, const ViewOptions& v, int cell, const std::string& text, size_t width);
// The player whose side is drawn at the bottom.
int seen_by(const State& s, const ViewOptions& v);
// Whether the board is drawn turned round (the last rank at the bottom, the files reversed).
bool turned(const State& s, const ViewOptions& v);

std::string draw_grid(const State& s, const ViewOptions& v);
std::string draw_hex(const State& s, const ViewOptions& v);
std::string draw_lattice(const State& s, const ViewOptions& v);  // board_view_lines.cpp
std::string draw_track(const State& s, const ViewOptions& v);    // board_view_lines.cpp

}  // namespace boardlab::board_parts
