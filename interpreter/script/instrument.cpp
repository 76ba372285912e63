// A minimal Lua lexer that finds loop, function and label entries and inserts budget checks.
#include "script/instrument.h"

#include <cctype>
#include <cstring>
#include <stdexcept>

namespace boardlab {

namespace {

bool ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// If s[i] starts a long bracket `[==[`, returns its level, else -1.
int long_bracket_level(const std::string& s, size_t i) {
  if (i >= s.size() || s[i] != '[') return -1;
  size_t j = i + 1;
  int level = 0;
  while (j < s.size() && s[j] == '=') ++level, ++j;
  return j < s.size() && s[j] == '[' ? level : -1;
}

// Skips past the long bracket that opens at i; returns the index after it.
size_t skip_long(const std::string& s, size_t i, int level) {
  std::string close = "]" + std::string(static_cast<size_t>(level), '=') + "]";
  size_t end = s.find(close, i + 2 + static_cast<size_t>(level));
  return end == std::string::npos ? s.size() : end + close.size();
}

}  // namespace

std::string instrument_lua(const std::string& s) {
  const std::string tick = std::string(" ") + kTickName + "();";
  std::string out = std::string("local ") + kTickName + " = ...; ";
  out.reserve(s.size() * 5 / 4 + 64);
  enum class Await { Nothing, FunctionParen, FunctionClose };
  Await await = Await::Nothing;
  size_t i = 0, copied = 0;
  auto insert_at = [&](size_t pos) {
    out.append(s, copied, pos - copied);
    out += tick;
    copied = pos;
  };
  while (i < s.size()) {
    char c = s[i];
    if (c == '-' && i + 1 < s.size() && s[i + 1] == '-') {  // comment
      int level = long_bracket_level(s, i + 2);
      if (level >= 0) {
        i = skip_long(s, i + 2, level);
      } else {
        while (i < s.size() && s[i] != '\n') ++i;
      }
      continue;
    }
    if (c == '"' || c == '\'') {  // short string
      ++i;
      while (i < s.size() && s[i] != c && s[i] != '\n') i += s[i] == '\\' ? 2 : 1;
      ++i;
      continue;
    }
    if (int level = long_bracket_level(s, i); level >= 0) {  // long string
      i = skip_long(s, i, level);
      continue;
    }
    if (ident_start(c)) {
      size_t j = i;
      while (j < s.size() && ident_char(s[j])) ++j;
      std::string word = s.substr(i, j - i);
      if (word == kTickName) throw std::invalid_argument(std::string("the name ") + kTickName + " is reserved");
      if (word == "do" || word == "repeat") insert_at(j);
      else if (word == "function") await = Await::FunctionParen;
      i = j;
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {  // number, including 1e-5 and 0x1p4
      while (i < s.size() && (ident_char(s[i]) || s[i] == '.' ||
                              ((s[i] == '-' || s[i] == '+') && std::strchr("eEpP", s[i - 1]))))
        ++i;
      continue;
    }
    if (c == '(' && await == Await::FunctionParen) {
      await = Await::FunctionClose;
    } else if (c == ')' && await == Await::FunctionClose) {
      await = Await::Nothing;
      insert_at(i + 1);
    } else if (c == ':' && i + 1 < s.size() && s[i + 1] == ':') {  // ::label::
      size_t j = i + 2;
      while (j < s.size() && (std::isspace(static_cast<unsigned char>(s[j])) || ident_char(s[j]))) ++j;
      if (j + 1 < s.size() && s[j] == ':' && s[j + 1] == ':') {
        insert_at(j + 2);
        i = j + 2;
        continue;
      }
    }
    ++i;
  }
  out.append(s, copied, std::string::npos);
  return out;
}

}  // namespace boardlab
