// JSON with a nesting cap (json_text.h).
#include "core/json_text.h"

#include <fmt/format.h>

#include <stdexcept>

namespace boardlab {

std::string json_error_text(const nlohmann::json::exception& e) {
  // nlohmann's texts are fixed by its version (3.11): rewritten piece by piece with plain
  // string operations (std::regex recurses per character and overflowed the stack on a long
  // token the fuzzer gave); anything unforeseen keeps its words without the code.
  constexpr std::string_view code = "[json.exception.", parse = "parse error at line ", syntax = "syntax error while parsing ",
                             read = "; last read: '", overflow = "number overflow parsing ", type = "type must be ",
                             but = ", but is ", key = "key '", not_found = " not found";
  std::string t = e.what();
  if (t.starts_with(code))
    if (const size_t end = t.find("] "); end != std::string::npos) t.erase(0, end + 2);
  if (t.starts_with(parse)) {
    t.erase(0, parse.size() - std::string_view("at line ").size());  // "at line 1, column 5: ..."
    const size_t colon = t.find(": ");
    if (colon != std::string::npos && t.compare(colon + 2, syntax.size(), syntax) == 0)
      if (const size_t dash = t.find(" - ", colon); dash != std::string::npos) t.erase(colon + 2, dash + 3 - (colon + 2));
    if (const size_t at = t.find(read); at != std::string::npos) {
      size_t close = t.find("'; ", at + read.size());
      if (close == std::string::npos && t.back() == '\'') close = t.size() - 1;
      if (close != std::string::npos && close >= at + read.size()) t.insert(close + 1, ")"), t.replace(at, 2, " (");
    }
  } else if (t.starts_with(overflow)) {
    t = "the number " + t.substr(overflow.size()) + " is too large";
  } else if (t.starts_with(type)) {
    if (const size_t at = t.find(but); at != std::string::npos)
      t = "a " + t.substr(type.size(), at - type.size()) + " was expected, not a " + t.substr(at + but.size());
  } else if (t.starts_with(key) && t.ends_with("'" + std::string(not_found))) {
    t = "no " + t.substr(key.size() - 1, t.size() - (key.size() - 1) - not_found.size());
  }
  // A token read back may be as long as the input: the message stays a line.
  constexpr size_t kMaxText = 300;
  if (t.size() > kMaxText) t = t.substr(0, kMaxText) + "...";
  return t;
}

nlohmann::json parse_json(std::string_view text) {
  // One pass over the text before the parser: brackets outside strings are the nesting.
  int depth = 0;
  bool in_string = false, escaped = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth)
        throw nlohmann::json::parse_error::create(
            101, i + 1, fmt::format("the JSON nests deeper than {} levels", kMaxJsonDepth), nullptr);
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return nlohmann::json::parse(text);
}

namespace {
long long bounded(const nlohmann::json& v, const char* key, long long min, long long max) {
  bool ok = false;
  if (v.is_number_unsigned()) {
    const unsigned long long x = v.get<unsigned long long>();
    ok = max >= 0 && x <= static_cast<unsigned long long>(max) && static_cast<long long>(x) >= min;
  } else if (v.is_number_integer()) {
    const long long x = v.get<long long>();
    ok = x >= min && x <= max;
  }
  if (!ok) throw std::invalid_argument(fmt::format("{} must be a whole number from {} to {}, not {}", key, min, max, v.dump()));
  return v.get<long long>();
}
}  // namespace

long long json_integer(const nlohmann::json& j, const char* key, long long min, long long max) {
  if (!j.is_object() || !j.contains(key)) throw std::invalid_argument(fmt::format("{} is missing", key));
  return bounded(j.at(key), key, min, max);
}

long long json_integer_or(const nlohmann::json& j, const char* key, long long fallback, long long min, long long max) {
  return j.is_object() && j.contains(key) ? bounded(j.at(key), key, min, max) : fallback;
}

std::vector<int> json_integers(const nlohmann::json& j, const char* key, int min, int max, size_t max_count) {
  std::vector<int> out;
  if (!j.is_object() || !j.contains(key)) return out;
  const nlohmann::json& list = j.at(key);
  if (!list.is_array() || list.size() > max_count)
    throw std::invalid_argument(fmt::format("{} must be a list of at most {} numbers", key, max_count));
  out.reserve(list.size());
  for (const auto& v : list) out.push_back(static_cast<int>(bounded(v, key, min, max)));
  return out;
}

}  // namespace boardlab
