// Text wrapped to a terminal's width: prose re-flowed at word boundaries, lists and
// indented entries kept as lines with their continuations hanging under their text.
#pragma once
#include <string>
#include <string_view>

namespace boardlab {

// `text` wrapped to `width` columns (UTF-8 characters). Lines of one paragraph are joined
// first (a definition's rules are written with breaks at any width), except a line that
// starts with a space, "- ", "* " or "N. ", which stays a line of its own, and a line after
// an indented one; a blank line ends a paragraph. A wrapped line's continuations are indented under its text: past its
// leading spaces, its list marker, or the gap of two spaces after an entry's name
// ("  undo, redo   take back..."). A word longer than the width is never broken. A width
// under 20 leaves the text as it is.
std::string wrap_text(std::string_view text, int width);

}  // namespace boardlab
