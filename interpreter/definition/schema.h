// Schema: a declarative description of what a YAML document may hold, and a validator that
// reports every unknown key (with "did you mean"), wrong type and missing key in one pass.
// The same description documents the definition format.
#pragma once
#include <initializer_list>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "definition/yaml_tree.h"

namespace boardlab {

struct Schema;
using SchemaPtr = std::shared_ptr<const Schema>;

// A key of a structure: its name, its value's schema, whether it must be given, and the text
// the reference shows. Readers look a key up through its Field (`kMaxPlies.in(turn)`), so
// that each key is spelled once, where its schema declares it.
struct Field {
  std::string name;
  SchemaPtr schema;
  bool required = false;
  std::string doc;
  // false: the key says nothing of how the game is played (a text for people, a colour, a
  // file, the API's version), and the rules hash (definition_hash.h) leaves it out.
  bool rules = true;
  const YNode* in(const YNode& node) const { return node.get(name); }
};

struct Schema {
  enum class Type { String, Int, Bool, Scalar, Enum, List, Struct, Dict };
  Type type = Type::String;
  std::vector<Field> fields;          // Struct
  SchemaPtr element;                  // List, Dict
  std::vector<std::string> values;    // Enum
  bool allow_option_ref = false;      // a scalar may be `$option`
  std::string doc;
};

namespace schema {
SchemaPtr string(std::string doc = {});
SchemaPtr integer(std::string doc = {}, bool option_ref = false);
SchemaPtr boolean(std::string doc = {});
SchemaPtr scalar(std::string doc = {});
SchemaPtr one_of(std::vector<std::string> values, std::string doc = {}, bool option_ref = false);
SchemaPtr list(SchemaPtr element, std::string doc = {});
SchemaPtr dict(SchemaPtr element, std::string doc = {});
SchemaPtr structure(std::vector<Field> fields, std::string doc = {});
// "a, b or c": names as a sentence gives them.
std::string alternatives(const std::vector<std::string>& names);
// The field, marked as saying nothing of the rules (Field::rules).
Field outside_rules(Field f);
}  // namespace schema

// The names of an enumeration's values, spelled once: the schema of a key that takes one
// (`kEdgePolicies.schema()`) and the value of a checked node (`kEdgePolicies.of(node,
// EdgePolicy::Stop)`).
template <class E>
class Names {
 public:
  Names(std::initializer_list<std::pair<const char*, E>> entries) : entries_(entries.begin(), entries.end()) {}
  SchemaPtr schema(std::string doc = {}, bool option_ref = false) const {
    return schema::one_of(names(), std::move(doc), option_ref);
  }
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& e : entries_) out.emplace_back(e.first);
    return out;
  }
  // "a, b or c": the names as a sentence gives them.
  std::string alternatives() const { return schema::alternatives(names()); }
  // The value named `name`, if it is one.
  std::optional<E> find(const std::string& name) const {
    for (const auto& e : entries_)
      if (name == e.first) return e.second;
    return std::nullopt;
  }
  // The value of a node the schema has checked (`fallback` for a node absent or unchecked).
  E of(const YNode* node, E fallback) const { return node ? find(node->scalar).value_or(fallback) : fallback; }

 private:
  std::vector<std::pair<const char*, E>> entries_;
};

// Validates `node` against `schema`; `what` names the node in messages (e.g. "board").
void validate(const YNode& node, const Schema& schema, const std::string& what, Diagnostics& diags);
// For a Struct schema: validates like validate(), and returns the fields that are missing or
// have errors, so that a caller can go on checking the others.
std::set<std::string> validate_fields(const YNode& node, const Schema& schema, const std::string& what,
                                      Diagnostics& diags);

}  // namespace boardlab
