// YTree: YAML with positions, and the deep merge used by `extends:`.
#include "definition/yaml_tree.h"

#include <charconv>
#include <fstream>
#include <sstream>
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

YPtr convert(const YAML::Node& n, const std::string& file, Diagnostics& diags) {
  auto out = std::make_shared<YNode>();
  out->pos = at(file, n.Mark());
  switch (n.Type()) {
    case YAML::NodeType::Undefined:
    case YAML::NodeType::Null: out->kind = YNode::Kind::Null; break;
    case YAML::NodeType::Scalar:
      out->kind = YNode::Kind::Scalar;
      out->scalar = n.Scalar();
      break;
    case YAML::NodeType::Sequence:
      out->kind = YNode::Kind::Seq;
      for (const auto& item : n) out->items.push_back(convert(item, file, diags));
      break;
    case YAML::NodeType::Map:
      out->kind = YNode::Kind::Map;
      for (const auto& kv : n) {
        SourcePos kp = at(file, kv.first.Mark());
        if (!kv.first.IsScalar()) {
          diags.error(kp, "a key must be a plain name");
          continue;
        }
        std::string key = kv.first.Scalar();
        if (out->get(key)) {
          diags.error(kp, "duplicate key '" + key + "'");
          continue;
        }
        out->fields.emplace_back(key, convert(kv.second, file, diags));
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
    auto tree = convert(root, name, diags);
    if (tree->kind == YNode::Kind::Null) tree->pos = {name, 1, 1};
    return tree;
  } catch (const YAML::Exception& e) {
    diags.error(at(name, e.mark), e.msg);
    return nullptr;
  }
}

YPtr load_yaml_file(const std::string& path, Diagnostics& diags) {
  std::ifstream in(path);
  if (!in) {
    diags.error({path, 0, 0}, "cannot read the file");
    return nullptr;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  return load_yaml_string(ss.str(), path, diags);
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
