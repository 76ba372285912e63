// The definition lint. The script is read as text, not run: a name the script never
// mentions is a name it cannot use (a computed name would be missed, and is rare).
#include "definition/lint.h"
#include "definition/sections.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <string_view>
#include <vector>

#include "core/text.h"
#include "core/contract.h"

namespace boardlab {

namespace {

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// How often `word` occurs in `text` as a whole identifier (or in a quoted string).
size_t uses(const std::string& text, const std::string& word) {
  size_t n = 0;
  for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1))
    n += (at == 0 || !is_word_char(text[at - 1])) && (at + word.size() >= text.size() || !is_word_char(text[at + word.size()]));
  return n;
}
bool mentions(const std::string& text, const std::string& word) { return uses(text, word) > 0; }

// Whether the script may reach names it never spells: a piece by its kind number
// (game.piece(1, p)), options by a loop or a computed key.
bool computes_kinds(const std::string& script) {
  for (size_t at = script.find("piece("); at != std::string::npos; at = script.find("piece(", at + 1)) {
    size_t i = at + 6;
    while (i < script.size() && script[i] == ' ') ++i;
    if (i < script.size() && script[i] != '"' && script[i] != '\'') return true;
  }
  return false;
}
bool computes_options(const std::string& script) {
  return script.find("pairs(game.options)") != std::string::npos || script.find("options[") != std::string::npos;
}

void option_refs(const YNode& n, std::set<std::string>& out) {
  if (n.is_scalar() && n.scalar.size() > 1 && n.scalar[0] == '$') out.insert(n.scalar.substr(1));
  for (const auto& item : n.items) option_refs(*item, out);
  for (const auto& [k, v] : n.fields) option_refs(*v, out);
}

SourcePos key_pos(const YNode& root, const Field& section, const std::string& key) {
  const YNode* s = section.in(root);
  const SourcePos* p = s ? s->key_position(key) : nullptr;
  return p ? *p : (s ? s->pos : root.pos);
}

// Where `word` starts in `script` as a whole identifier path: its line and column, and the
// line's text.
struct WordAt {
  int line, col;
  std::string_view text;
};
std::vector<WordAt> word_positions(const std::string& script, const std::string& word) {
  std::vector<WordAt> out;
  int line = 1;
  size_t line_start = 0;
  for (size_t at = 0; at < script.size(); ++at) {
    if (script[at] == '\n') {
      ++line;
      line_start = at + 1;
    } else if (script.compare(at, word.size(), word) == 0 && (at == 0 || !is_word_char(script[at - 1])) &&
               (at + word.size() >= script.size() || !is_word_char(script[at + word.size()]))) {
      const size_t end = script.find('\n', line_start);
      out.push_back({line, static_cast<int>(at - line_start) + 1,
                     std::string_view(script).substr(line_start, (end == std::string::npos ? script.size() : end) - line_start)});
    }
  }
  return out;
}

// A file written for an older API runs through the compatibility layer: said once, and at
// each use of what the current API replaced, with the replacement.
void api_warnings(const GameDef& g, const std::string& script, Diagnostics& d) {
  if (g.api >= kApiVersion) return;
  d.warning(g.api_pos, fmt::format("taken as written for API {}{}: it runs through the compatibility layer; what "
                                   "changed in API {} is in docs/changelog.md (then say `api: {}`)",
                                   g.api, g.api == kFirstApi ? " (a definition without `api:` is)" : "", kApiVersion,
                                   kApiVersion));
  if (g.api > 1) return;
  for (const WordAt& w : word_positions(script, "game.event"))
    d.warning({g.script_display, w.line, w.col},
              "game.event(name) is API 1's: API 2 writes game.flags(name), which takes \"progress\" too "
              "(1 + game.event(\"capture\") is game.flags(\"progress\", \"capture\"))");
  for (const WordAt& w : word_positions(script, "notation")) {
    // A hook the script writes (`function notation(`, `notation = function`), not a library's
    // (`notation = chains.notation`), which reads either form.
    const bool written = (w.col == 10 && w.text.substr(0, 9) == "function ") ||
                         (w.col == 1 && w.text.find("function") != std::string_view::npos);
    if (!written) continue;
    d.warning({g.script_display, w.line, w.col},
              "notation(move) receives the move as its list of actions and decoded, in one table (API 1); API 2 "
              "passes the decoded move alone (move.from, move.to, move.captured...; its actions are move.actions)");
    break;
  }
}

}  // namespace

std::vector<Diagnostic> lint_definition(const GameDef& g, const YNode& root) {
  Diagnostics d;
  const std::string script = read_text_file(g.script_file).value_or("");

  std::set<int> placed;
  for (const auto& e : g.setup)
    for (uint8_t code : e.stack) placed.insert(g.kind_of[code]);
  for (const auto& r : g.stock) placed.insert(g.kind_of[r.code]);  // pieces in hand
  const bool kinds_computed = computes_kinds(script);
  for (size_t k = 0; k < g.kinds.size() && !kinds_computed; ++k)
    if (!placed.count(static_cast<int>(k)) && !mentions(script, g.kinds[k].name))
      d.warning(key_pos(root, pieces_key(), g.kinds[k].name),
                fmt::format("piece kind '{}' is never placed: the setup and the hands have none and the script never names it",
                            g.kinds[k].name));

  std::set<std::string> refs;
  option_refs(root, refs);
  for (const auto& o : g.options)
    if (!refs.count(o.name) && !mentions(script, o.name) && !computes_options(script))
      d.warning(key_pos(root, options_key(), o.name),
                fmt::format("option '{}' is never read: no key says ${} and the script never names it", o.name, o.name));

  // Functions the script defines at the top level that are no hook and that it never calls
  // (a name close to a hook's is already an error: the script host refuses it).
  const auto& hooks = hook_names();
  std::set<std::string> defined;  // hooks and helpers alike
  int line_no = 0;
  size_t start = 0;
  while (start <= script.size()) {
    size_t end = script.find('\n', start);
    if (end == std::string::npos) end = script.size();
    const std::string line = script.substr(start, end - start);
    ++line_no;
    start = end + 1;
    if (line.rfind("function ", 0) != 0) continue;
    size_t i = 9;
    while (i < line.size() && line[i] == ' ') ++i;
    size_t j = i;
    while (j < line.size() && is_word_char(line[j])) ++j;
    if (j == i || (j < line.size() && line[j] != '(' && line[j] != ' ')) continue;  // a.b or a:b: a table's
    const std::string name = line.substr(i, j - i);
    defined.insert(name);
    if (std::find(hooks.begin(), hooks.end(), name) != hooks.end()) continue;
    if (uses(script, name) <= 1)
      d.warning({g.script_display, line_no, static_cast<int>(i) + 1},
                fmt::format("function '{}' is never called: it is no hook ({}) and the script never calls it", name,
                            join(hooks, ", ")));
  }
  const bool result_hook = defined.count("result") || mentions(script, "result");
  // Results with `reach`, `line` or `connect` the runtime gives itself.
  const bool runtime_gives_all = std::all_of(g.results.begin(), g.results.end(), [](const ResultDef& r) {
    return !r.reach.empty() || r.line > 0 || !r.connect.empty();
  });
  if (!g.results.empty() && !result_hook && !runtime_gives_all)
    d.warning(root.key_position(results_key().name) ? *root.key_position(results_key().name) : root.pos,
              "results are declared, but the script has no result hook to give them");
  const int declared_flags = g.declared ? g.declared->flags() : 0;  // events the declared moves give
  for (size_t i = 0; i < g.events.size(); ++i)
    if (const EventDef& e = g.events[i]; !mentions(script, e.name) && !(declared_flags & event_flag(static_cast<int>(i))))
      d.warning(key_pos(root, events_key(), e.name),
                fmt::format("event '{}' is never given: the script never names it (game.flags(\"{}\"))", e.name, e.name));
  api_warnings(g, script, d);
  return d.items();
}

}  // namespace boardlab
