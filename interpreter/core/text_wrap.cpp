// Text wrapped to a width (text_wrap.h).
#include "core/text_wrap.h"

#include <cctype>
#include <vector>

namespace boardlab {

namespace {

size_t columns(std::string_view s) {  // UTF-8: continuation bytes take no column
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

size_t marker_length(std::string_view line) {  // "- ", "* " or "12. " at the start, else 0
  if (line.size() >= 2 && (line[0] == '-' || line[0] == '*') && line[1] == ' ') return 2;
  size_t i = 0;
  while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i]))) ++i;
  return i > 0 && i + 1 < line.size() && line[i] == '.' && line[i + 1] == ' ' ? i + 2 : 0;
}

bool starts_own_line(std::string_view line) {
  return line.empty() || line[0] == ' ' || line[0] == '\t' || marker_length(line) > 0;
}

// Where a line's continuations start: under its text.
size_t hanging_indent(std::string_view line) {
  size_t lead = 0;
  while (lead < line.size() && line[lead] == ' ') ++lead;
  if (const size_t m = marker_length(line.substr(lead))) return lead + m;
  if (lead > 0)  // an entry: "  name   what it does"
    if (const size_t gap = line.find("  ", lead); gap != std::string_view::npos) {
      size_t end = gap;
      while (end < line.size() && line[end] == ' ') ++end;
      if (end < line.size()) return end;
    }
  return lead;
}

void wrap_line(const std::string& line, size_t width, std::string& out) {
  const size_t indent = hanging_indent(line);
  if (columns(line) <= width || indent + 10 > width) {
    out += line;
    return;
  }
  size_t at = 0, used = 0;
  // The line's own start (its indent, marker or entry name) is the first "word".
  std::string current = line.substr(0, indent);
  used = columns(current);
  at = indent;
  bool first_word = true;
  while (at < line.size()) {
    const size_t end = line.find(' ', at);
    const std::string word = line.substr(at, end == std::string::npos ? std::string::npos : end - at);
    at = end == std::string::npos ? line.size() : end + 1;
    if (word.empty()) continue;
    const size_t w = columns(word);
    if (!first_word && used + 1 + w > width) {
      out += current + "\n";
      current = std::string(indent, ' ') + word;
      used = indent + w;
    } else {
      if (!first_word) current += ' ', ++used;
      current += word;
      used += w;
    }
    first_word = false;
  }
  out += current;
}

}  // namespace

std::string wrap_text(std::string_view text, int width) {
  if (width < 20) return std::string(text);
  // Paragraphs: lines joined unless the next one stands on its own.
  std::vector<std::string> lines;
  bool joinable = false;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t nl = text.find('\n', start);
    std::string_view line = text.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.remove_suffix(1);
    if (joinable && !starts_own_line(line)) lines.back() += " " + std::string(line);
    else lines.emplace_back(line);
    joinable = !line.empty() && line[0] != ' ' && line[0] != '\t';  // an indented entry takes no prose
    if (nl == std::string_view::npos) break;
    start = nl + 1;
  }
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (i) out += '\n';
    wrap_line(lines[i], static_cast<size_t>(width), out);
  }
  return out;
}

}  // namespace boardlab
