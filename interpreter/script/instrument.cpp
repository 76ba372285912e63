// A minimal Lua lexer that finds loop, function and label entries and inserts budget checks.
#include "script/instrument.h"

#include <cctype>
#include <cstring>
#include <set>
#include <stdexcept>

namespace boardlab {

namespace {

// As LuaJIT's lexer: bytes from 0x80 up are letters too (UTF-8 names).
bool ident_start(char c) {
  const auto u = static_cast<unsigned char>(c);
  return std::isalpha(u) || c == '_' || u >= 0x80;
}
bool ident_char(char c) { return ident_start(c) || std::isdigit(static_cast<unsigned char>(c)); }

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

// The end of the word (a name or a reserved word) that starts at i.
size_t word_end(const std::string& s, size_t i) {
  while (i < s.size() && ident_char(s[i])) ++i;
  return i;
}

// Whether a name (not one of Lua's reserved words) starts at i.
bool name_at(const std::string& s, size_t i) {
  static const std::set<std::string> reserved = {
      "and", "break", "do",  "else", "elseif", "end",    "false", "for",  "function", "goto",  "if",
      "in",  "local", "nil", "not",  "or",     "repeat", "return", "then", "true",     "until", "while"};
  return i < s.size() && ident_start(s[i]) && !reserved.count(s.substr(i, word_end(s, i) - i));
}

// The index of the next token at or after i: white space and comments skipped.
size_t next_token(const std::string& s, size_t i) {
  while (i < s.size()) {
    if (std::isspace(static_cast<unsigned char>(s[i]))) {
      ++i;
    } else if (s.compare(i, 2, "--") == 0) {
      if (int level = long_bracket_level(s, i + 2); level >= 0) {
        i = skip_long(s, i + 2, level);
      } else {
        while (i < s.size() && s[i] != '\n' && s[i] != '\r') ++i;
      }
    } else {
      break;
    }
  }
  return i;
}

}  // namespace

std::string instrument_lua(const std::string& source) {
  // Lua skips a first line that starts with '#' (a shebang); after the prefix below it would
  // be code, so it becomes a comment ("--#..." is never a long comment).
  const std::string s = source.starts_with('#') ? "--" + source : source;
  const std::string tick = std::string(" ") + kTickName + "();";
  std::string out = std::string("local ") + kTickName + " = ...; ";
  out.reserve(s.size() * 5 / 4 + 64);
  bool after_function = false;  // saw `function`, waiting for its parameter list
  bool in_params = false;
  char prev = 0;  // the last character of the token before this one ('a' a word, '"' a string)
  size_t i = 0, copied = 0;
  auto insert_at = [&](size_t pos) {
    out.append(s, copied, pos - copied);
    out += tick;
    copied = pos;
  };
  auto newline = [](char c) { return c == '\n' || c == '\r'; };
  while (i < s.size()) {
    char c = s[i];
    if (c == '-' && i + 1 < s.size() && s[i + 1] == '-') {  // comment
      int level = long_bracket_level(s, i + 2);
      if (level >= 0) {
        i = skip_long(s, i + 2, level);
      } else {
        while (i < s.size() && !newline(s[i])) ++i;  // LuaJIT ends a line at \r too
      }
      continue;
    }
    if (c == '"' || c == '\'') {  // short string, with LuaJIT's escapes
      ++i;
      while (i < s.size() && s[i] != c && !newline(s[i])) {
        if (s[i] != '\\') {
          ++i;
          continue;
        }
        ++i;  // the escaped character
        if (i >= s.size()) break;
        if (newline(s[i])) {  // backslash-newline: \n, \r, \r\n or \n\r
          char first = s[i++];
          if (i < s.size() && newline(s[i]) && s[i] != first) ++i;
        } else if (s[i] == 'z') {  // \z skips the white space that follows, newlines included
          ++i;
          while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
        } else {
          ++i;
        }
      }
      ++i;
      prev = '"';
      continue;
    }
    if (int level = long_bracket_level(s, i); level >= 0) {  // long string
      i = skip_long(s, i, level);
      prev = '"';
      continue;
    }
    if (ident_start(c)) {
      const size_t j = word_end(s, i);
      std::string word = s.substr(i, j - i);
      if (word == kTickName) throw std::invalid_argument(std::string("the name ") + kTickName + " is reserved");
      if (word == "do" || word == "repeat") insert_at(j);
      // Before every goto rather than after every label: a label may have to stay the last
      // statement of its block (the `goto continue` idiom), and a loop made of gotos runs a
      // goto on every turn. As in LuaJIT, `goto` is a statement only when a name (not a
      // reserved word) follows it (elsewhere it is a name itself: `t.goto`, `local goto = 1`).
      else if (word == "goto" && prev != '.' && name_at(s, next_token(s, j)))
        insert_at(i);
      else if (word == "function") after_function = true;
      i = j;
      prev = 'a';
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {  // number: 1e-5, 0x1p-4, 0xe (no sign after e in hex)
      const bool hex = c == '0' && i + 1 < s.size() && (s[i + 1] == 'x' || s[i + 1] == 'X');
      const char* exponent = hex ? "pP" : "eE";
      ++i;
      while (i < s.size() && (ident_char(s[i]) || s[i] == '.' ||
                              ((s[i] == '-' || s[i] == '+') && std::strchr(exponent, s[i - 1]))))
        ++i;
      prev = '0';
      continue;
    }
    if (c == '(' && after_function) {
      after_function = false;
      in_params = true;
    } else if (c == ')' && in_params) {
      in_params = false;
      insert_at(i + 1);
    }
    if (!std::isspace(static_cast<unsigned char>(c))) prev = c;
    ++i;
  }
  out.append(s, copied, std::string::npos);
  return out;
}

}  // namespace boardlab
