// Small text helpers: edit distance for "did you mean", joining and splitting.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace boardlab {

size_t edit_distance(std::string_view a, std::string_view b);
// The closest candidate within a small edit distance, or "" if none is close.
std::string closest(std::string_view word, const std::vector<std::string>& candidates);
std::string join(const std::vector<std::string>& parts, std::string_view sep);
std::vector<std::string> split_ws(std::string_view s);
// The pieces between each `sep` ("a,,b" is a, "", b; "" is one empty piece).
std::vector<std::string> split(std::string_view s, char sep);
std::string trim(std::string_view s);
// The most a text file boardlab reads may hold (a definition, a script, a record): files
// come from strangers, and a device such as /dev/zero never ends.
constexpr size_t kMaxTextFile = 16 << 20;
// A whole regular file's bytes, at most `max_bytes`; nullopt if it cannot be read, with the
// reason in `why` (no such file, not a regular file, too large).
std::optional<std::string> read_text_file(const std::string& path, size_t max_bytes = kMaxTextFile,
                                          std::string* why = nullptr);
// Writes a whole file atomically, so that a reader never sees half of it and a crash leaves
// the old file or the new one: a temporary file of its own beside it (created exclusively,
// never through a link), synced, then renamed over the path (a link at the path itself is
// replaced, not followed); throws std::runtime_error when it cannot.
void write_text_file(const std::string& path, const std::string& text);

// A whole decimal number (no sign but '-', no spaces), or nullopt.
std::optional<long long> parse_int(std::string_view s);
// true/yes/on or false/no/off, or nullopt.
std::optional<bool> parse_bool(std::string_view s);

// Text from a script or a file, as printed on a terminal: control characters (other than
// newline and tab) written as \xNN.
std::string escape_control(std::string_view text);

// The one reader of `key=value` settings (options, agent parameters, record headers):
// throws std::invalid_argument naming `what` unless the text has a '=' with a key before it
// and a value after it (spaces around either are trimmed).
std::pair<std::string, std::string> parse_key_value(std::string_view text, std::string_view what);

}  // namespace boardlab
