// JSON with a nesting cap (json_text.h).
#include "core/json_text.h"

#include <fmt/format.h>

#include <regex>
#include <stdexcept>

namespace boardlab {

std::string json_error_text(const nlohmann::json::exception& e) {
  // nlohmann's texts are fixed by its version (3.11): rewritten piece by piece, anything
  // unforeseen keeps its words without the code.
  static const std::vector<std::pair<std::regex, std::string>> plain = {
      {std::regex(R"(^\[json\.exception\.[a-z_]+\.\d+\] )"), ""},
      {std::regex(R"(^parse error (at line \d+, column \d+): syntax error while parsing [a-z ]+ - )"), "$1: "},
      {std::regex(R"(^parse error (at line \d+, column \d+): )"), "$1: "},
      {std::regex(R"(; last read: ('[^']*'))"), " (last read: $1)"},
      {std::regex(R"(^number overflow parsing ('.*')$)"), "the number $1 is too large"},
      {std::regex(R"(^type must be (\w+), but is (\w+)$)"), "a $1 was expected, not a $2"},
      {std::regex(R"(^key ('.*') not found$)"), "no $1"},
  };
  std::string text = e.what();
  for (const auto& [pattern, with] : plain) text = std::regex_replace(text, pattern, with);
  return text;
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
