// JSON with a nesting cap (json_text.h).
#include "core/json_text.h"

#include <fmt/format.h>

namespace boardlab {

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

}  // namespace boardlab
