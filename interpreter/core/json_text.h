// JSON from strangers (request bodies, weights headers, lab folders): parsed with a cap on
// nesting. nlohmann's parser keeps its own stack, but printing, comparing and copying a value
// recurse, so 100,000 nested lists parse fine and then overflow the stack (the weights header
// that crashed a server).
#pragma once
#include <nlohmann/json.hpp>
#include <string_view>

namespace boardlab {

// The deepest nesting of lists and objects boardlab reads: more than any file it writes.
constexpr int kMaxJsonDepth = 64;

// json::parse with the nesting cap: text that nests deeper throws json::parse_error (as
// malformed text does), at the byte where it went too deep.
nlohmann::json parse_json(std::string_view text);

}  // namespace boardlab
