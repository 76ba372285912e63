// The keys that say what a definition is and which files it names: its names and texts,
// the definition it extends, its API version, its script, its weights, its playing levels
// and what its script may spend (sections.h).
#include <array>
#include <filesystem>
#include <fmt/format.h>

#include "core/text.h"
#include "definition/sections.h"

namespace boardlab {

namespace fs = std::filesystem;
using namespace schema;

namespace {

const std::array<Field, kLevels> kLevelKeys = {{
    {"1", string(), false, "level 1's agent spec (default greedy)"},
    {"2", string(), false, "level 2's (default: a search of 0.1 s a move)"},
    {"3", string(), false, "level 3's, the default opponent (default: 0.4 s a move)"},
    {"4", string(), false, "level 4's (default: 1 s a move)"},
    {"5", string(), false, "level 5's (default: 3 s a move)"},
}};
const Field kTicks{"ticks", integer(), false, "loop steps a script may take in one call; default 50000000"};
const Field kMemory{"memory_mb", integer(), false, "memory the script may hold, in MiB; default 256"};

// A scalar top-level key's text, "" when it is absent or malformed.
std::string text(const DefinitionReader& r, const Field& key) {
  const YNode* n = r.section(key);
  return n && n->is_scalar() ? n->scalar : "";
}

}  // namespace

const Field& name_key() {
  static const Field f{"name", string(), true, "the game's short name, as typed on the command line"};
  return f;
}
const Field& title_key() {
  static const Field f = outside_rules({"title", string(), false, "the game's full name"});
  return f;
}
const Field& description_key() {
  static const Field f = outside_rules({"description", string(), false, "one paragraph about the game"});
  return f;
}
const Field& rules_key() {
  static const Field f = outside_rules({"rules", string(), false, "a summary of the rules, shown to players"});
  return f;
}
const Field& extends_key() {
  static const Field f =
      outside_rules({"extends", string(), false, "a definition this one changes (a path relative to this file)"});
  return f;
}
// `api` names the words a script is written in, not its rules: a file moved to a newer API
// plays the same game.
const Field& api_key() {
  static const Field f = outside_rules(
      {"api", integer(), false,
       "the version of boardlab's authoring API the definition and its script were written for (docs/changelog.md); "
       "default 1, the first. A variant that names a script of its own names its api too"});
  return f;
}
const Field& script_key() {
  static const Field f = outside_rules(
      {"script", string(), false,
       "the Lua script with the game's rules, relative to this file; required unless `moves` declares them"});
  return f;
}
const Field& weights_key() {
  static const Field f = outside_rules(
      {"weights", string(), false,
       "a weights file from `boardlab train` for this game, relative to this file, or several joined by + (an "
       "ensemble, judged by the mean of their values): agents' eval=learned and the default levels judge positions "
       "with it; a definition that extends this one does not inherit it"});
  return f;
}
const Field& levels_key() {
  static const Field f = outside_rules(
      {"levels", structure({kLevelKeys.begin(), kLevelKeys.end()}), false,
       "the computer's playing levels for this game, 1 (weakest) to 5, each an agent spec with a thinking-time "
       "budget; a level not named, or named `default`, keeps the default ladder (`boardlab agents`)"});
  return f;
}
const Field& limits_key() {
  static const Field f{"limits", structure({kTicks, kMemory}), false, "what a script may spend"};
  return f;
}

void read_about(DefinitionReader& r) {
  GameDef& g = r.def();
  g.name = text(r, name_key());
  g.title = title_key().in(r.root()) ? text(r, title_key()) : g.name;
  g.description = text(r, description_key());
  g.rules_text = text(r, rules_key());
}

void read_limits(DefinitionReader& r) {
  const YNode* l = r.section(limits_key());
  if (!l) return;
  GameDef& g = r.def();
  if (const YNode* t = kTicks.in(*l)) g.tick_limit = r.int_value(*t, "limits.ticks", 1000, kMaxTicks);
  if (const YNode* m = kMemory.in(*l)) g.memory_limit = int64_t{r.int_value(*m, "limits.memory_mb", 16, 65536)} << 20;
}

// The agents check the specs themselves when they are made (this layer knows none).
void read_levels(DefinitionReader& r) {
  const YNode* l = r.section(levels_key());
  if (!l) return;
  GameDef& g = r.def();
  for (size_t i = 0; i < kLevelKeys.size(); ++i)
    if (const YNode* spec = kLevelKeys[i].in(*l)) {
      g.levels[i] = spec->scalar;
      g.level_pos[i] = spec->pos;
    }
}

// Weights are learned for one definition: a variant that extends it names its own (which
// may be those of a definition it extends, named again: LearnedEval::read).
void read_weights(DefinitionReader& r) {
  GameDef& g = r.def();
  const YNode* w = r.section(weights_key());
  if (!w || w->pos.file != g.source_file) return;
  g.weights_pos = w->pos;
  // Files joined by '+' are an ensemble, as in an agent's eval=A+B, unless the name is one
  // file (as it was before ensembles).
  const fs::path dir = fs::path(w->pos.file).parent_path();
  std::error_code whole_ec;
  const bool whole = fs::is_regular_file(dir / w->scalar, whole_ec);
  for (const auto& name : whole ? std::vector<std::string>{w->scalar} : split(w->scalar, '+')) {
    const fs::path p = dir / name;
    g.weights_files.push_back(p.string());
    std::error_code ec;
    if (!fs::is_regular_file(p, ec))
      r.error(w->pos, fmt::format("cannot find the weights file '{}'", display_path(p)));
  }
}

void read_script(DefinitionReader& r) {
  GameDef& g = r.def();
  const YNode* s = r.section(script_key());
  if (!s) {
    // No script: the moves are declared, and messages about them name the definition.
    if (!moves_key().in(r.root()))
      r.error(r.root().pos, "a definition needs a script (`script: NAME.lua`) or moves declared in `moves:`");
    g.script_display = g.source_file;
    return;
  }
  fs::path p = fs::path(s->pos.file).parent_path() / s->scalar;
  g.script_display = display_path(p);
  g.script_file = p.string();
  std::error_code ec;
  if (!fs::is_regular_file(p, ec)) r.error(s->pos, fmt::format("cannot find the script '{}'", g.script_display));
}

// The api belongs with the script: a variant inherits its base's, unless the variant names
// a script of its own and no api (that script is then taken as written for the first).
void read_api(DefinitionReader& r) {
  GameDef& g = r.def();
  const YNode* a = r.section(api_key());
  const YNode* s = script_key().in(r.root());
  g.api_pos = r.root().pos;
  if (!a || (s && a->pos.file != s->pos.file && a->pos.file != g.source_file)) return;
  g.api_pos = a->pos;
  g.api = r.int_value(*a, "api", kFirstApi, 1'000'000);
  if (g.api > kApiVersion)
    r.error(a->pos, fmt::format("api: {}: this boardlab reads definitions written for API {} to {}; the file needs a "
                                "newer boardlab (docs/changelog.md lists the versions)",
                                g.api, kFirstApi, kApiVersion));
}

}  // namespace boardlab
