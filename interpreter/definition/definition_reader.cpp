// The look-ups every section's reader shares (definition_reader.h).
#include "definition/definition_reader.h"

#include <algorithm>
#include <fmt/format.h>

#include "core/text.h"
#include "definition/sections.h"

namespace boardlab {

// The paths come from definitions: the non-throwing calls (a name too long for the file
// system is then a file that cannot be read, reported at its line).
std::string display_path(const std::filesystem::path& p) {
  std::error_code ec;
  auto rel = std::filesystem::relative(p, ec);
  std::string r = rel.empty() ? p.lexically_normal().string() : rel.lexically_normal().string();
  return r.rfind("../../", 0) == 0 ? p.lexically_normal().string() : r;
}

DefinitionReader::DefinitionReader(const YNode& root, Diagnostics& diags, std::set<std::string> malformed, GameDef& g)
    : root_(root), diags_(diags), malformed_(std::move(malformed)), g_(g) {}

bool DefinitionReader::well_formed(std::initializer_list<const Field*> keys) const {
  for (const Field* k : keys)
    if (malformed_.count(k->name)) return false;
  return true;
}

const YNode* DefinitionReader::section(const Field& key) const {
  return malformed_.count(key.name) ? nullptr : key.in(root_);
}

std::string DefinitionReader::resolve(const YNode& n) {
  if (n.scalar.empty() || n.scalar[0] != '$') return n.scalar;
  std::string name = n.scalar.substr(1);
  if (const OptionDef* o = g_.option(name)) return o->value;
  std::vector<std::string> known;
  for (const auto& o : g_.options) known.push_back(o.name);
  diags_.error(n.pos, unknown_option(name, known));
  return {};
}

int DefinitionReader::bounded(const YNode& n, long long min, long long max, const char* why) {
  const std::string v = resolve(n);
  const auto x = parse_int(v);
  if (x && *x >= min && *x <= max) return static_cast<int>(*x);
  if (!v.empty()) diags_.error(n.pos, fmt::format("{}, not '{}'{}", why, v, v == n.scalar ? "" : " (" + n.scalar + ")"));
  return 0;
}

int DefinitionReader::int_value(const YNode& n, const char* what, int min, int max) {
  std::string v = resolve(n);
  auto x = parse_int(v);
  if (!x) {
    if (!v.empty()) diags_.error(n.pos, fmt::format("'{}' must be a whole number, not '{}'", what, v));
    return min;
  }
  if (*x < min || *x > max) {
    diags_.error(n.pos, fmt::format("'{}' must be between {} and {}", what, min, max));
    return min;
  }
  return static_cast<int>(*x);
}

std::vector<int> DefinitionReader::cells_named(const YNode& item, const char* if_none) {
  const Board& b = g_.board;
  std::vector<int> cells;
  if (size_t dots = item.scalar.find(".."); dots != std::string::npos) {
    const std::string lo = item.scalar.substr(0, dots), hi = item.scalar.substr(dots + 2);
    const int a = b.cell_index(lo), z = b.cell_index(hi);
    if (a < 0) unknown(item.pos, "cell", lo, b.cell_names);
    if (z < 0) unknown(item.pos, "cell", hi, b.cell_names);
    if (a < 0 || z < 0) return cells;
    for (int c = 0; c < b.ncells; ++c) {
      const bool inside = std::min(b.x[a], b.x[z]) <= b.x[c] && b.x[c] <= std::max(b.x[a], b.x[z]) &&
                          std::min(b.y[a], b.y[z]) <= b.y[c] && b.y[c] <= std::max(b.y[a], b.y[z]);
      if (inside && b.playable[c]) cells.push_back(c);
    }
    if (cells.empty()) diags_.warning(item.pos, fmt::format("'{}' holds no playable cell: {}", item.scalar, if_none));
    return cells;
  }
  const int cell = b.cell_index(item.scalar);
  if (cell < 0) unknown(item.pos, "cell", item.scalar, b.cell_names);
  else if (!b.playable[cell]) diags_.error(item.pos, fmt::format("cell '{}' is not playable", item.scalar));
  else cells.push_back(cell);
  return cells;
}

std::vector<int> DefinitionReader::edge_cells(int dir) const {
  const Board& b = g_.board;
  std::vector<int> cells;
  for (int c = 0; c < b.ncells; ++c)
    if (b.playable[c] && b.max_ray >= 1 && b.ray(c, dir, 1) < 0) cells.push_back(c);
  return cells;
}

void DefinitionReader::check_name(const SourcePos& pos, const char* what, const std::string& name) {
  const bool ok = !name.empty() && name.size() <= 32 && std::all_of(name.begin(), name.end(), [](unsigned char c) {
                    return c > ' ' && c < 0x7f && c != ':' && c != '=' && c != ',';
                  });
  if (!ok)
    diags_.error(pos, fmt::format("{} name '{}' must be one word of at most 32 printable characters, without ':', '=' "
                                  "or ','", what, escape_control(name)));
}

std::vector<std::string> DefinitionReader::player_names() const {
  std::vector<std::string> names;
  for (const auto& p : g_.players) names.push_back(p.name);
  return names;
}

int DefinitionReader::direction(const YNode& n) {
  const int d = g_.board.dir_index(n.scalar);
  if (d < 0) unknown(n.pos, "direction", n.scalar, g_.board.dir_names);
  return d;
}

int DefinitionReader::reserve(const YNode& n) {
  const auto it = std::find(g_.reserve_slots.begin(), g_.reserve_slots.end(), n.scalar);
  if (it == g_.reserve_slots.end()) unknown(n.pos, "reserve", n.scalar, g_.reserve_slots);
  return it == g_.reserve_slots.end() ? -1 : static_cast<int>(it - g_.reserve_slots.begin());
}

int DefinitionReader::kind(const std::string& name, const SourcePos& pos) {
  for (size_t k = 0; k < g_.kinds.size(); ++k)
    if (g_.kinds[k].name == name) return static_cast<int>(k);
  std::vector<std::string> names;
  for (const auto& pk : g_.kinds) names.push_back(pk.name);
  unknown(pos, "piece kind", name, names);
  return -1;
}

int DefinitionReader::player(const std::string& name, const SourcePos& pos) {
  const int p = g_.player_index(name);
  if (p < 0) unknown(pos, "player", name, player_names());
  return p;
}

uint8_t DefinitionReader::flags(const YNode* list) {
  uint8_t bits = 0;
  if (!list) return bits;
  std::vector<std::string> known = {"progress"};
  for (const auto& e : g_.events) known.push_back(e.name);
  for (const auto& item : list->items) {
    const auto it = std::find(known.begin(), known.end(), item->scalar);
    if (it == known.end()) unknown(item->pos, "flag", item->scalar, known);
    else bits |= it == known.begin() ? kProgressFlag : event_flag(static_cast<int>(it - known.begin()) - 1);
  }
  return bits;
}

bool DefinitionReader::boolean(const YNode& n) { return parse_bool(resolve(n)).value_or(false); }

void DefinitionReader::unknown(const SourcePos& pos, const char* what, const std::string& name,
                               const std::vector<std::string>& known) {
  std::string hint = closest(name, known);
  std::string list = known.size() <= 12 ? join(known, ", ") : join({known.begin(), known.begin() + 12}, ", ") + ", ...";
  diags_.error(pos, fmt::format("unknown {} '{}'{}", what, name,
                                hint.empty() ? " (expected one of: " + list + ")" : " (did you mean '" + hint + "'?)"));
}

}  // namespace boardlab
