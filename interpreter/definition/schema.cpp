// Schema validation: every problem in one pass, GCC-style positions.
#include "definition/schema.h"

#include <fmt/format.h>

#include "core/text.h"

namespace boardlab {

namespace schema {
namespace {
SchemaPtr make(Schema::Type t, std::string doc) {
  auto s = std::make_shared<Schema>();
  s->type = t;
  s->doc = std::move(doc);
  return s;
}
}  // namespace
SchemaPtr string(std::string doc) { return make(Schema::Type::String, std::move(doc)); }
SchemaPtr integer(std::string doc, bool option_ref) {
  auto s = std::make_shared<Schema>(*make(Schema::Type::Int, std::move(doc)));
  s->allow_option_ref = option_ref;
  return s;
}
SchemaPtr boolean(std::string doc) { return make(Schema::Type::Bool, std::move(doc)); }
SchemaPtr scalar(std::string doc) { return make(Schema::Type::Scalar, std::move(doc)); }
SchemaPtr one_of(std::vector<std::string> values, std::string doc, bool option_ref) {
  auto s = std::make_shared<Schema>(*make(Schema::Type::Enum, std::move(doc)));
  s->values = std::move(values);
  s->allow_option_ref = option_ref;
  return s;
}
SchemaPtr list(SchemaPtr element, std::string doc) {
  auto s = std::make_shared<Schema>(*make(Schema::Type::List, std::move(doc)));
  s->element = std::move(element);
  return s;
}
SchemaPtr dict(SchemaPtr element, std::string doc) {
  auto s = std::make_shared<Schema>(*make(Schema::Type::Dict, std::move(doc)));
  s->element = std::move(element);
  return s;
}
SchemaPtr structure(std::vector<Field> fields, std::string doc) {
  auto s = std::make_shared<Schema>(*make(Schema::Type::Struct, std::move(doc)));
  s->fields = std::move(fields);
  return s;
}
std::string alternatives(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  return out;
}
Field outside_rules(Field f) {
  f.rules = false;
  return f;
}
}  // namespace schema

namespace {

bool is_option_ref(const YNode& n) { return n.is_scalar() && !n.scalar.empty() && n.scalar[0] == '$'; }

void expect_kind(const YNode& n, const char* expected, const std::string& what, Diagnostics& diags) {
  diags.error(n.pos, fmt::format("'{}' must be {}, not {}", what, expected, n.kind_name()));
}

}  // namespace

void validate(const YNode& node, const Schema& s, const std::string& what, Diagnostics& diags) {
  using T = Schema::Type;
  if (s.allow_option_ref && is_option_ref(node)) return;  // resolved against options later
  switch (s.type) {
    case T::String:
      if (!node.is_scalar()) expect_kind(node, "a string", what, diags);
      return;
    case T::Scalar:
      if (!node.is_scalar()) expect_kind(node, "a number, a string or true/false", what, diags);
      return;
    case T::Int:
      if (!node.is_scalar() || !parse_int(node.scalar))
        diags.error(node.pos, fmt::format("'{}' must be a whole number, not {}", what,
                                          node.is_scalar() ? "'" + node.scalar + "'" : node.kind_name()));
      return;
    case T::Bool:
      if (!node.is_scalar() || !parse_bool(node.scalar))
        diags.error(node.pos, fmt::format("'{}' must be true or false", what));
      return;
    case T::Enum: {
      if (!node.is_scalar()) {
        expect_kind(node, "a name", what, diags);
        return;
      }
      for (const auto& v : s.values)
        if (v == node.scalar) return;
      std::string hint = closest(node.scalar, s.values);
      diags.error(node.pos, fmt::format("'{}' must be one of: {}; not '{}'{}", what, join(s.values, ", "),
                                        node.scalar, hint.empty() ? "" : " (did you mean '" + hint + "'?)"));
      return;
    }
    case T::List:
      if (!node.is_seq()) {
        expect_kind(node, "a list", what, diags);
        return;
      }
      for (size_t i = 0; i < node.items.size(); ++i)
        validate(*node.items[i], *s.element, fmt::format("{}[{}]", what, i + 1), diags);
      return;
    case T::Dict:
      if (!node.is_map()) {
        expect_kind(node, "a map", what, diags);
        return;
      }
      for (const auto& [k, v] : node.fields) validate(*v, *s.element, what + "." + k, diags);
      return;
    case T::Struct:
      validate_fields(node, s, what, diags);
      return;
  }
}

std::set<std::string> validate_fields(const YNode& node, const Schema& s, const std::string& what,
                                      Diagnostics& diags) {
  std::set<std::string> failed;
  if (!node.is_map()) {
    expect_kind(node, "a map", what, diags);
    for (const auto& f : s.fields) failed.insert(f.name);
    return failed;
  }
  std::vector<std::string> names;
  for (const auto& f : s.fields) names.push_back(f.name);
  for (size_t i = 0; i < node.fields.size(); ++i) {
    const auto& [k, v] = node.fields[i];
    const Field* field = nullptr;
    for (const auto& f : s.fields)
      if (f.name == k) field = &f;
    if (!field) {
      std::string hint = closest(k, names);
      diags.error(node.key_pos[i], fmt::format("unknown key '{}'{}{}", k, what.empty() ? "" : " in '" + what + "'",
                                               hint.empty() ? fmt::format(" (expected one of: {})", join(names, ", "))
                                                            : " (did you mean '" + hint + "'?)"));
      continue;
    }
    size_t before = diags.items().size();
    validate(*v, *field->schema, what.empty() ? k : what + "." + k, diags);
    if (diags.items().size() > before) failed.insert(k);
  }
  for (const auto& f : s.fields)
    if (f.required && !node.get(f.name)) {
      diags.error(node.pos, fmt::format("missing key '{}'{}", f.name, what.empty() ? "" : " in '" + what + "'"));
      failed.insert(f.name);
    }
  return failed;
}

}  // namespace boardlab
