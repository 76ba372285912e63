// The `options` section: settings a variant or the command line may change, each with its
// type, allowed values and range (sections.h).
#include <algorithm>
#include <fmt/format.h>

#include "core/text.h"
#include "definition/sections.h"

namespace boardlab {

using namespace schema;

// Names the options there are, so that nobody has to open the file to find them.
std::string unknown_option(const std::string& name, const std::vector<std::string>& known) {
  const std::string hint = closest(name, known);
  return fmt::format("unknown option '{}'{}; {}", name, hint.empty() ? "" : " (did you mean '" + hint + "'?)",
                     known.empty() ? "this game has no options" : "its options: " + join(known, ", "));
}

namespace {

const Names<OptionDef::Type> kTypes{
    {"integer", OptionDef::Type::Int}, {"boolean", OptionDef::Type::Bool}, {"string", OptionDef::Type::String}};
const Field kDefault{"default", scalar(), true, "the value when nobody sets it"};
const Field kDoc = outside_rules({"doc", string(), false, "what the option changes"});
const Field kType{"type", kTypes.schema(), false,
                  "what values the option takes; default: the default's (a whole number, true/false, else a string)"};
const Field kValues{"values", list(string()), false, "the allowed values, for a named option"};
const Field kMin{"min", integer(), false, "the smallest value allowed, for a whole-number option"};
const Field kMax{"max", integer(), false, "the largest value allowed, for a whole-number option"};


// One declared option, checked: its values of its type, its bounds for a whole number, its
// default among them.
OptionDef option(DefinitionReader& r, const std::string& name, const YNode& decl) {
  OptionDef o;
  o.name = name;
  const YNode* def = kDefault.in(decl);
  o.value = def->scalar;
  const YNode* type = kType.in(decl);
  o.type = type                       ? kTypes.of(type, OptionDef::Type::String)
           : parse_int(o.value)       ? OptionDef::Type::Int
           : parse_bool(o.value)      ? OptionDef::Type::Bool
                                      : OptionDef::Type::String;
  if (const YNode* doc = kDoc.in(decl)) o.doc = doc->scalar;
  if (const YNode* values = kValues.in(decl))
    for (const auto& v : values->items) {
      // Each allowed value is a value of the option's type.
      if (const std::string why = OptionDef{name, o.type, "", "", {}, {}, {}}.why_not(v->scalar); !why.empty())
        r.error(v->pos, why);
      o.values.push_back(v->scalar);
    }
  for (auto [key, bound] : {std::pair{&kMin, &o.min}, std::pair{&kMax, &o.max}}) {
    const YNode* b = key->in(decl);
    if (!b) continue;
    if (o.type != OptionDef::Type::Int)
      r.error(b->pos, type ? fmt::format("option '{}': {} bounds a whole-number option, and this one is declared {}",
                                         name, key->name, type->scalar)
                           : fmt::format("option '{}': {} bounds a whole-number option, and its default is '{}'", name,
                                         key->name, o.value));
    else *bound = parse_int(b->scalar);
  }
  if (o.min && o.max && *o.min > *o.max)
    r.error(kMax.in(decl)->pos, fmt::format("option '{}': max {} is below min {}", name, *o.max, *o.min));
  else if (const std::string why = o.why_not(o.value); !why.empty())
    r.error(def->pos, why);
  return o;
}

}  // namespace

const Field& options_key() {
  static const Field f{"options", dict(structure({kDefault, kDoc, kType, kValues, kMin, kMax})), false,
                       "settings a variant or the command line may change"};
  return f;
}

void read_options(DefinitionReader& r, const std::vector<std::pair<std::string, std::string>>& overrides) {
  GameDef& g = r.def();
  if (const YNode* opts = r.section(options_key()))
    for (const auto& [name, decl] : opts->fields) g.options.push_back(option(r, name, *decl));
  for (const auto& [name, value] : overrides) {
    OptionDef* o = nullptr;
    for (auto& x : g.options)
      if (x.name == name) o = &x;
    if (!o) {
      std::vector<std::string> known;
      for (const auto& x : g.options) known.push_back(x.name);
      r.error({g.source_file, 0, 0}, unknown_option(name, known));
      continue;
    }
    if (const std::string why = o->why_not(value); !why.empty()) {
      r.error({g.source_file, 0, 0}, why);
      continue;
    }
    o->value = value;
  }
}

YPtr apply_option_values(const YPtr& base_options, const YPtr& over_options, Diagnostics& diags) {
  if (!over_options || !over_options->is_map()) return over_options;
  auto out = std::make_shared<YNode>(*over_options);
  for (size_t i = 0; i < out->fields.size(); ++i) {
    auto& [name, value] = out->fields[i];
    if (!value->is_scalar()) continue;
    const YNode* decl = base_options ? base_options->get(name) : nullptr;
    if (!decl || !decl->is_map()) {
      std::vector<std::string> known;
      if (base_options)
        for (const auto& f : base_options->fields) known.push_back(f.first);
      diags.error(out->key_pos[i], unknown_option(name, known));
      value = nullptr;
      continue;
    }
    auto replaced = std::make_shared<YNode>(*decl);
    for (auto& [k, v] : replaced->fields)
      if (k == kDefault.name) v = value;
    value = replaced;
  }
  for (size_t i = out->fields.size(); i-- > 0;)
    if (!out->fields[i].second) {
      out->fields.erase(out->fields.begin() + static_cast<long>(i));
      out->key_pos.erase(out->key_pos.begin() + static_cast<long>(i));
    }
  return out;
}

}  // namespace boardlab
