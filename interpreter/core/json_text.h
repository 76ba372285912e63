// JSON from strangers (request bodies, weights headers, lab folders): parsed with a cap on
// nesting. nlohmann's parser keeps its own stack, but printing, comparing and copying a value
// recurse, so 100,000 nested lists parse fine and then overflow the stack (the weights header
// that crashed a server).
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace boardlab {

// The deepest nesting of lists and objects boardlab reads: more than any file it writes.
constexpr int kMaxJsonDepth = 64;

// json::parse with the nesting cap: text that nests deeper throws json::parse_error (as
// malformed text does), at the byte where it went too deep.
nlohmann::json parse_json(std::string_view text);

// What went wrong, for people: nlohmann's message without its code and jargon ("at line 1,
// column 5: unexpected end of input; expected ']'", "a string was expected, not a number"),
// where e.what() says "[json.exception.parse_error.101] parse error at line 1, column 5:
// syntax error while parsing array - ...".
std::string json_error_text(const nlohmann::json::exception& e);

// The one reader of whole numbers from such JSON: `j[key]` as an integer from min to max, or
// std::invalid_argument naming the key and the range ("games must be a whole number from 1
// to 100000000, not 1e+300"). nlohmann's get<int> converts 1e300 or 2^70 with undefined
// behaviour, and reads 4294967297 as an int of 1.
long long json_integer(const nlohmann::json& j, const char* key, long long min, long long max);
// The same where the key may be absent (files written before it existed): `fallback` then.
long long json_integer_or(const nlohmann::json& j, const char* key, long long fallback, long long min, long long max);
// A list of such numbers, each from min to max, at most max_count of them.
std::vector<int> json_integers(const nlohmann::json& j, const char* key, int min, int max, size_t max_count);

}  // namespace boardlab
