// The definition hash: the rules, not their comments.
#include "definition/definition_hash.h"

#include "definition/game_def.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <string_view>

namespace boardlab {

namespace {

// FNV-1a, with a separator after each piece so that pieces cannot run together.
struct Fnv {
  uint64_t h = 0xcbf29ce484222325ULL;
  void mix(std::string_view text) {
    for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ULL;
    h = (h ^ 0xFF) * 0x100000001b3ULL;
  }
  std::string hex() const { return fmt::format("{:016x}", h); }
};

// The YAML as the rules read it: maps by key (a variant's merge may order them otherwise
// than the base), without the keys the schema marks as saying nothing of the rules
// (Field::rules: texts for people, colours, files, the API's version). `s` is the node's
// schema, or null below a node it does not describe.
void mix_yaml(const YNode& n, const Schema* s, Fnv& f) {
  switch (n.kind) {
    case YNode::Kind::Null: f.mix("~"); return;
    case YNode::Kind::Scalar: f.mix("=" + n.scalar); return;
    case YNode::Kind::Seq:
      f.mix("[");
      for (const auto& item : n.items) mix_yaml(*item, s && s->type == Schema::Type::List ? s->element.get() : nullptr, f);
      f.mix("]");
      return;
    case YNode::Kind::Map: {
      std::vector<std::pair<const std::pair<std::string, YPtr>*, const Schema*>> fields;
      for (const auto& kv : n.fields) {
        const Schema* child = nullptr;
        if (s && s->type == Schema::Type::Dict) child = s->element.get();
        if (s && s->type == Schema::Type::Struct) {
          const auto field = std::find_if(s->fields.begin(), s->fields.end(), [&](const Field& x) { return x.name == kv.first; });
          if (field != s->fields.end() && !field->rules) continue;
          if (field != s->fields.end()) child = field->schema.get();
        }
        fields.emplace_back(&kv, child);
      }
      std::sort(fields.begin(), fields.end(), [](const auto& a, const auto& b) { return a.first->first < b.first->first; });
      f.mix("{");
      for (const auto& [kv, child] : fields) {
        f.mix(kv->first);
        mix_yaml(*kv->second, child, f);
      }
      f.mix("}");
      return;
    }
  }
}

// The level of a long bracket at `at` ("[[" is 0, "[==[" is 2), or -1 if none starts there.
int long_bracket(const std::string& s, size_t at) {
  if (at >= s.size() || s[at] != '[') return -1;
  size_t i = at + 1;
  while (i < s.size() && s[i] == '=') ++i;
  return i < s.size() && s[i] == '[' ? static_cast<int>(i - at - 1) : -1;
}

// Where the long bracket of `level` opened before `from` closes (past its end).
size_t long_end(const std::string& s, size_t from, int level) {
  const std::string close = "]" + std::string(static_cast<size_t>(level), '=') + "]";
  const size_t at = s.find(close, from);
  return at == std::string::npos ? s.size() : at + close.size();
}

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

}  // namespace

std::string lua_tokens(const std::string& s) {
  std::string out;
  auto token = [&](size_t from, size_t to) {
    out.append(s, from, to - from);
    out += '\0';
  };
  size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '-' && i + 1 < s.size() && s[i + 1] == '-') {
      const int level = long_bracket(s, i + 2);
      if (level >= 0) {
        i = long_end(s, i + 4 + static_cast<size_t>(level), level);
      } else {
        const size_t eol = s.find('\n', i);
        i = eol == std::string::npos ? s.size() : eol;
      }
    } else if (const int level = long_bracket(s, i); level >= 0) {
      const size_t end = long_end(s, i + 2 + static_cast<size_t>(level), level);
      token(i, end);
      i = end;
    } else if (c == '"' || c == '\'') {
      size_t j = i + 1;
      while (j < s.size() && s[j] != c && s[j] != '\n') j += s[j] == '\\' ? 2 : 1;
      const size_t end = std::min(s.size(), j + 1);
      token(i, end);
      i = end;
    } else if (word_char(c)) {
      size_t j = i;
      while (j < s.size() && word_char(s[j])) ++j;
      token(i, j);
      i = j;
    } else {
      token(i, i + 1);
      ++i;
    }
  }
  return out;
}

std::string rules_hash(const YNode& merged, const std::string& script_text,
                       const std::vector<std::pair<std::string, std::string>>& options) {
  Fnv f;
  f.mix("boardlab rules 2");
  mix_yaml(merged, &definition_schema(), f);
  f.mix(lua_tokens(script_text));
  for (const auto& [name, value] : options) f.mix(name + "=" + value);
  return f.hex();
}

namespace {
std::string without_api_line(const std::string& yaml) {
  size_t at = yaml.rfind("api:", 0) == 0 ? 0 : yaml.find("\napi:");
  if (at == std::string::npos) return yaml;
  if (yaml[at] == '\n') ++at;
  const size_t end = yaml.find('\n', at);
  return yaml.substr(0, at) + (end == std::string::npos ? "" : yaml.substr(end + 1));
}
}  // namespace

std::string file_bytes_hash(const std::vector<std::string>& file_texts,
                            const std::vector<std::pair<std::string, std::string>>& options) {
  Fnv f;
  for (size_t i = 0; i < file_texts.size(); ++i)  // the definitions, then the script
    f.mix(i + 1 < file_texts.size() ? without_api_line(file_texts[i]) : file_texts[i]);
  for (const auto& [name, value] : options) f.mix(name + "=" + value);
  return f.hex();
}

}  // namespace boardlab
