// Schema: a declarative description of what a YAML document may hold, and a validator that
// reports every unknown key (with "did you mean"), wrong type and missing key in one pass.
// The same description documents the definition format.
#pragma once
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "definition/yaml_tree.h"

namespace boardlab {

struct Schema;
using SchemaPtr = std::shared_ptr<const Schema>;

struct Field {
  std::string name;
  SchemaPtr schema;
  bool required = false;
  std::string doc;
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
}  // namespace schema

// Validates `node` against `schema`; `what` names the node in messages (e.g. "board").
void validate(const YNode& node, const Schema& schema, const std::string& what, Diagnostics& diags);
// For a Struct schema: validates like validate(), and returns the fields that are missing or
// have errors, so that a caller can go on checking the others.
std::set<std::string> validate_fields(const YNode& node, const Schema& schema, const std::string& what,
                                      Diagnostics& diags);

}  // namespace boardlab
