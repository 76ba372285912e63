// YTree: a YAML document as a tree whose every node remembers its file, line and column,
// so that definitions merged through `extends:` still report errors where they were written.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/diagnostics.h"

namespace boardlab {

// What one document may expand to: aliases repeat nodes, so a few lines can ask for
// billions (or, aliasing themselves, for ever).
constexpr int kMaxYamlDepth = 64;
constexpr long kMaxYamlValues = 200'000;

struct YNode;
using YPtr = std::shared_ptr<YNode>;

struct YNode {
  enum class Kind { Null, Scalar, Seq, Map };
  Kind kind = Kind::Null;
  SourcePos pos;
  std::string scalar;
  std::vector<YPtr> items;                          // Seq
  std::vector<std::pair<std::string, YPtr>> fields;  // Map, in document order
  std::vector<SourcePos> key_pos;                   // Map: where each key was written

  const YNode* get(std::string_view key) const;
  const SourcePos* key_position(std::string_view key) const;
  bool is_map() const { return kind == Kind::Map; }
  bool is_seq() const { return kind == Kind::Seq; }
  bool is_scalar() const { return kind == Kind::Scalar; }
  std::string kind_name() const;
};

// Reads a YAML file; syntax errors go to `diags` and the result is null.
YPtr load_yaml_file(const std::string& path, Diagnostics& diags);
YPtr load_yaml_string(const std::string& text, const std::string& name, Diagnostics& diags);

// Deep merge for variants: maps merge key by key, anything else in `over` replaces `base`.
YPtr merge_yaml(const YPtr& base, const YPtr& over);

}  // namespace boardlab
