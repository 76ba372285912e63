// YTree: YAML with positions, and the deep merge used by `extends:`.
#include "definition/yaml_tree.h"

#include "core/text.h"

#include <charconv>
#include <fstream>
#include <sstream>
#include <unordered_set>
#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

namespace boardlab {

const YNode* YNode::get(std::string_view key) const {
  for (const auto& [k, v] : fields)
    if (k == key) return v.get();
  return nullptr;
}

const SourcePos* YNode::key_position(std::string_view key) const {
  for (size_t i = 0; i < fields.size(); ++i)
    if (fields[i].first == key) return &key_pos[i];
  return nullptr;
}

std::string YNode::kind_name() const {
  switch (kind) {
    case Kind::Null: return "nothing";
    case Kind::Scalar: return "a scalar";
    case Kind::Seq: return "a list";
    case Kind::Map: return "a map";
  }
  return "?";
}

namespace {

SourcePos at(const std::string& file, const YAML::Mark& m) { return {file, m.line + 1, m.column + 1}; }


struct Conversion {
  const std::string& file;
  Diagnostics& diags;
  long nodes_left = kMaxYamlValues;
  bool stopped = false;  // a limit was hit: reported once, the rest left out
};

YPtr convert(const YAML::Node& n, Conversion& c, int depth) {
  auto out = std::make_shared<YNode>();
  out->pos = at(c.file, n.Mark());
  if (c.stopped) return out;
  if (depth > kMaxYamlDepth || --c.nodes_left < 0) {
    c.diags.error(out->pos, depth > kMaxYamlDepth
                                ? fmt::format("the YAML nests deeper than {} levels (an alias that contains itself?)", kMaxYamlDepth)
                                : fmt::format("the YAML expands to more than {} values (aliases of aliases?)", kMaxYamlValues));
    c.stopped = true;
    return out;
  }
  switch (n.Type()) {
    case YAML::NodeType::Undefined:
    case YAML::NodeType::Null: out->kind = YNode::Kind::Null; break;
    case YAML::NodeType::Scalar:
      out->kind = YNode::Kind::Scalar;
      out->scalar = n.Scalar();
      break;
    case YAML::NodeType::Sequence:
      out->kind = YNode::Kind::Seq;
      for (const auto& item : n) {
        if (c.stopped) break;
        out->items.push_back(convert(item, c, depth + 1));
      }
      break;
    case YAML::NodeType::Map:
      out->kind = YNode::Kind::Map;
      std::unordered_set<std::string> keys;  // a map may be large: no look-up per key through the others
      for (const auto& kv : n) {
        if (c.stopped) break;
        SourcePos kp = at(c.file, kv.first.Mark());
        if (!kv.first.IsScalar()) {
          c.diags.error(kp, "a key must be a plain name");
          continue;
        }
        std::string key = kv.first.Scalar();
        if (!keys.insert(key).second) {
          c.diags.error(kp, "duplicate key '" + key + "'");
          continue;
        }
        out->fields.emplace_back(key, convert(kv.second, c, depth + 1));
        out->key_pos.push_back(kp);
      }
      break;
  }
  return out;
}

}  // namespace

YPtr load_yaml_string(const std::string& text, const std::string& name, Diagnostics& diags) {
  try {
    YAML::Node root = YAML::Load(text);
    Conversion c{name, diags};
    auto tree = convert(root, c, 0);
    if (tree->kind == YNode::Kind::Null) tree->pos = {name, 1, 1};
    return tree;
  } catch (const YAML::Exception& e) {
    diags.error(at(name, e.mark), e.msg);
    return nullptr;
  }
}

YPtr load_yaml_file(const std::string& path, Diagnostics& diags) {
  std::string why;
  auto text = read_text_file(path, kMaxTextFile, &why);
  if (!text) {
    diags.error({path, 0, 0}, why);
    return nullptr;
  }
  return load_yaml_string(*text, path, diags);
}

YPtr merge_yaml(const YPtr& base, const YPtr& over) {
  if (!base) return over;
  if (!over) return base;
  if (!base->is_map() || !over->is_map()) return over;
  auto out = std::make_shared<YNode>(*base);
  out->pos = over->pos;
  for (size_t i = 0; i < over->fields.size(); ++i) {
    const auto& [k, v] = over->fields[i];
    bool found = false;
    for (size_t j = 0; j < out->fields.size(); ++j) {
      if (out->fields[j].first == k) {
        out->fields[j].second = merge_yaml(out->fields[j].second, v);
        out->key_pos[j] = over->key_pos[i];
        found = true;
        break;
      }
    }
    if (!found) {
      out->fields.emplace_back(k, v);
      out->key_pos.push_back(over->key_pos[i]);
    }
  }
  return out;
}

}  // namespace boardlab
