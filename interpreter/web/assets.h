// The page `boardlab serve` serves: its files (web/page/) compiled into the program, so that
// it works offline and reads nothing from disk.
#pragma once
#include <string>
#include <string_view>

namespace boardlab {

struct WebAsset {
  const char* type;  // its Content-Type
  std::string_view body;
};
// The file at `path` ("/index.html", "/app.js"), or null.
const WebAsset* web_asset(const std::string& path);

}  // namespace boardlab
