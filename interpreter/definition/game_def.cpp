// Loading a GameDef: follow `extends:`, validate against the schema, resolve names to ids,
// and precompute tables. Every problem found is reported, not just the first.
#include "definition/game_def.h"
#include "definition/lint.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fmt/format.h>
#include <initializer_list>
#include <set>

#include "core/rng.h"
#include "core/text.h"
#include "definition/definition_hash.h"
#include "definition/lint.h"

namespace boardlab {

namespace fs = std::filesystem;

int DiceDef::played(const uint8_t* d) const {
  for (int i = 1; i < count; ++i)
    if (d[i] != d[0]) return count;
  return doubles;
}

namespace {

void list_rolls(DiceDef& d) {
  // Every multiset of faces, highest first, with its multinomial probability.
  std::array<uint8_t, kMaxDice> faces{};
  double total = 1;
  for (int i = 0; i < d.count; ++i) total *= d.sides;
  auto rec = [&](auto&& self, int i, int max_face) -> void {
    if (i == d.count) {
      double ways = 1;  // count! / prod(run lengths!)
      for (int k = 2; k <= d.count; ++k) ways *= k;
      for (int a = 0; a < d.count;) {
        int b = a;
        while (b < d.count && faces[static_cast<size_t>(b)] == faces[static_cast<size_t>(a)]) ++b;
        for (int k = 2; k <= b - a; ++k) ways /= k;
        a = b;
      }
      d.outcomes.push_back(ChanceOutcome{faces, -1, ways / total});
      return;
    }
    for (int f = max_face; f >= 1; --f) {
      faces[static_cast<size_t>(i)] = static_cast<uint8_t>(f);
      self(self, i + 1, f);
    }
  };
  rec(rec, 0, d.sides);
  if (!d.roll_off) return;
  // One die each, ties rolled again: the unequal pairs are equally likely, and the higher
  // roller (player 0 rolled the first die) plays both.
  for (int hi = d.sides; hi >= 1; --hi)
    for (int lo = hi - 1; lo >= 1; --lo)
      for (int8_t side = 0; side < 2; ++side) {
        ChanceOutcome o;
        o.dice[0] = static_cast<uint8_t>(hi), o.dice[1] = static_cast<uint8_t>(lo);
        o.side = side;
        o.probability = 1.0 / (d.sides * (d.sides - 1));
        d.opening_outcomes.push_back(o);
      }
}

}  // namespace

int GameDef::code_of_glyph(char g) const {
  for (int c = 1; c < ncodes; ++c)
    if (glyph_of[c] == g) return c;
  return -1;
}

int GameDef::player_index(const std::string& n) const {
  for (int i = 0; i < nplayers(); ++i)
    if (players[i].name == n) return i;
  return -1;
}

const OptionDef* GameDef::option(const std::string& n) const {
  for (const auto& o : options)
    if (o.name == n) return &o;
  return nullptr;
}

std::string OptionDef::why_not(const std::string& text) const {
  if (type == Type::Int && !parse_int(text)) return fmt::format("option '{}' takes a whole number, not '{}'", name, text);
  if (type == Type::Bool && !parse_bool(text)) return fmt::format("option '{}' takes true/false, not '{}'", name, text);
  if (!values.empty() && std::find(values.begin(), values.end(), text) == values.end())
    return fmt::format("option '{}' must be one of: {}; not '{}'", name, join(values, ", "), text);
  if (type == Type::Int) {
    const long long n = *parse_int(text);
    if ((min && n < *min) || (max && n > *max)) {
      const std::string range = min && max ? fmt::format("{} to {}", *min, *max)
                                : min      ? fmt::format("at least {}", *min)
                                           : fmt::format("at most {}", *max);
      return fmt::format("option '{}' must be {}, not {}", name, range, n);
    }
  }
  return {};
}

namespace {

// The paths come from definitions: the non-throwing calls (a name too long for the file
// system is then a file that cannot be read, reported at its line).
std::string display_path(const fs::path& p) {
  std::error_code ec;
  auto rel = fs::relative(p, ec);
  std::string r = rel.empty() ? p.lexically_normal().string() : rel.lexically_normal().string();
  return r.rfind("../../", 0) == 0 ? p.lexically_normal().string() : r;
}

// A variant may set an option to a plain value: that replaces the base option's default.
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
      std::string hint = closest(name, known);
      diags.error(out->key_pos[i], fmt::format("unknown option '{}'{}", name,
                                          hint.empty() ? "" : " (did you mean '" + hint + "'?)"));
      value = nullptr;
      continue;
    }
    auto replaced = std::make_shared<YNode>(*decl);
    for (auto& [k, v] : replaced->fields)
      if (k == "default") v = value;
    value = replaced;
  }
  for (size_t i = out->fields.size(); i-- > 0;)
    if (!out->fields[i].second) {
      out->fields.erase(out->fields.begin() + static_cast<long>(i));
      out->key_pos.erase(out->key_pos.begin() + static_cast<long>(i));
    }
  return out;
}

// `from`: where the definition that extends this one says so (null for the one named).
// `names`: each extended definition's name, nearest first.
YPtr load_with_extends(const fs::path& path, Diagnostics& diags, std::vector<fs::path>& chain,
                       std::vector<std::string>& names, const YNode* from = nullptr) {
  const SourcePos here = from ? from->pos : SourcePos{display_path(path), 0, 0};
  std::error_code ec;
  fs::path canon = fs::weakly_canonical(path, ec);
  if (ec) canon = path.lexically_normal();
  if (std::find(chain.begin(), chain.end(), canon) != chain.end()) {
    diags.error(here, fmt::format("'extends' makes a cycle: {} extends itself", display_path(path)));
    return nullptr;
  }
  chain.push_back(canon);
  std::string why;
  auto text = read_text_file(display_path(path), kMaxTextFile, &why);
  if (!text) {
    diags.error(here, from ? fmt::format("cannot read '{}' to extend: {}", from->scalar, why) : why);
    return nullptr;
  }
  YPtr doc = load_yaml_string(*text, display_path(path), diags);
  if (!doc) return nullptr;
  if (!doc->is_map()) {
    diags.error(doc->pos, "a definition must be a map of keys");
    return nullptr;
  }
  if (const YNode* n = doc->get("name"); from && n && n->is_scalar()) names.push_back(n->scalar);
  const YNode* ext = doc->get("extends");
  if (!ext) return doc;
  if (!ext->is_scalar()) {
    diags.error(ext->pos, "'extends' must be a path");
    return nullptr;
  }
  fs::path base_path = path.parent_path() / ext->scalar;
  YPtr base = load_with_extends(base_path, diags, chain, names, ext);
  if (!base) return nullptr;
  YPtr base_options;
  for (const auto& [k, v] : base->fields)
    if (k == "options") base_options = v;
  auto over = std::make_shared<YNode>(*doc);
  for (auto& [k, v] : over->fields)
    if (k == "options") v = apply_option_values(base_options, v, diags);
  return merge_yaml(base, over);
}

class Builder {
 public:
  Builder(const YNode& root, Diagnostics& diags, std::set<std::string> bad)
      : root_(root), diags_(diags), bad_(std::move(bad)) {}

  // Each step needs its own section, and the sections it reads, to be well formed.
  void build(GameDef& g, const std::vector<std::pair<std::string, std::string>>& overrides) {
    g_ = &g;
    g.name = str("name");
    g.title = root_.get("title") ? str("title") : g.name;
    g.description = str("description");
    g.rules_text = str("rules");
    if (ok({"options"})) options(g, overrides);
    if (ok({"players"})) players(g);
    if (ok({"board", "players", "setup"})) board(g);
    if (ok({"pieces", "players"})) pieces(g);
    if (ok({"reserves", "board"})) reserves(g);
    if (ok({"dice", "players"})) dice(g);
    if (ok({"results", "options", "board", "players"})) results(g);
    if (ok({"events"})) events(g);
    if (ok({"setup", "board", "pieces", "players", "reserves"})) setup(g);
    if (ok({"moves", "board", "pieces", "players", "reserves", "events"})) moves(g);
    if (ok({"turn", "repetition", "options", "players"})) turn(g);
    if (ok({"limits"})) limits(g);
    if (ok({"levels"})) levels(g);
    if (ok({"weights"})) weights(g);
    if (ok({"script", "moves"})) script(g);
    if (ok({"api", "script"})) api(g);
    if (const YNode* m = root_.get("moves"); m && g.api < 2)
      diags_.error(m->pos, "'moves' is API 2's: the definition says `api: 2` (docs/changelog.md)");
    if (!diags_.has_errors()) {
      // A key per (cell, level, piece): sized before it is made.
      const long long keys = static_cast<long long>(g.board.ncells) * g.stack_cap * g.ncodes;
      if (keys > kMaxTableEntries)
        diags_.error(root_.get("board")->pos,
                     fmt::format("the position keys would number {} (cells x max_stack x piece codes); at most {} are "
                                 "allowed: a smaller board, max_stack or fewer kinds of piece",
                                 keys, kMaxTableEntries));
      else
        zobrist(g);
    }
  }

 private:
  const YNode& root_;
  Diagnostics& diags_;
  const std::set<std::string> bad_;
  const GameDef* g_ = nullptr;

  bool ok(std::initializer_list<const char*> sections) const {
    for (const char* s : sections)
      if (bad_.count(s)) return false;
    return true;
  }
  std::string str(const char* key) const {
    const YNode* n = root_.get(key);
    return n && n->is_scalar() && !bad_.count(key) ? n->scalar : "";
  }

  // A scalar that may be written `$option`.
  std::string resolve(const YNode& n) {
    if (n.scalar.empty() || n.scalar[0] != '$') return n.scalar;
    std::string name = n.scalar.substr(1);
    if (const OptionDef* o = g_->option(name)) return o->value;
    std::vector<std::string> known;
    for (const auto& o : g_->options) known.push_back(o.name);
    std::string hint = closest(name, known);
    diags_.error(n.pos, fmt::format("unknown option '{}'{}", name, hint.empty() ? "" : " (did you mean '" + hint + "'?)"));
    return {};
  }

  void options(GameDef& g, const std::vector<std::pair<std::string, std::string>>& overrides) {
    if (const YNode* opts = root_.get("options")) {
      for (const auto& [name, decl] : opts->fields) {
        OptionDef o;
        o.name = name;
        const YNode* def = decl->get("default");
        o.value = def->scalar;
        const YNode* type = decl->get("type");
        if (type) {
          o.type = type->scalar == "integer" ? OptionDef::Type::Int
                   : type->scalar == "boolean" ? OptionDef::Type::Bool
                                               : OptionDef::Type::String;
        } else {
          o.type = parse_int(o.value) ? OptionDef::Type::Int
                   : parse_bool(o.value) ? OptionDef::Type::Bool
                                         : OptionDef::Type::String;
        }
        if (const YNode* doc = decl->get("doc")) o.doc = doc->scalar;
        if (const YNode* values = decl->get("values"))
          for (const auto& v : values->items) {
            // Each allowed value is a value of the option's type.
            if (const std::string why = OptionDef{name, o.type, "", "", {}, {}, {}}.why_not(v->scalar); !why.empty())
              diags_.error(v->pos, why);
            o.values.push_back(v->scalar);
          }
        for (auto [key, bound] : {std::pair{"min", &o.min}, std::pair{"max", &o.max}}) {
          const YNode* b = decl->get(key);
          if (!b) continue;
          if (o.type != OptionDef::Type::Int)
            diags_.error(b->pos, type ? fmt::format("option '{}': {} bounds a whole-number option, and this one is "
                                                    "declared {}", name, key, type->scalar)
                                      : fmt::format("option '{}': {} bounds a whole-number option, and its default "
                                                    "is '{}'", name, key, o.value));
          else *bound = parse_int(b->scalar);
        }
        if (o.min && o.max && *o.min > *o.max)
          diags_.error(decl->get("max")->pos, fmt::format("option '{}': max {} is below min {}", name, *o.max, *o.min));
        else if (const std::string why = o.why_not(o.value); !why.empty())
          diags_.error(def->pos, why);
        g.options.push_back(o);
      }
    }
    for (const auto& [name, value] : overrides) {
      OptionDef* o = nullptr;
      for (auto& x : g.options)
        if (x.name == name) o = &x;
      if (!o) {
        std::vector<std::string> known;
        for (const auto& x : g.options) known.push_back(x.name);
        std::string hint = closest(name, known);
        diags_.error({g.source_file, 0, 0},
                     fmt::format("unknown option '{}'{}", name, hint.empty() ? "" : " (did you mean '" + hint + "'?)"));
        continue;
      }
      if (const std::string why = o->why_not(value); !why.empty()) {
        diags_.error({g.source_file, 0, 0}, why);
        continue;
      }
      o->value = value;
    }
  }

  // Player and reserve names are words of position text ("red bar:r=2"): one word each.
  void check_name(const SourcePos& pos, const char* what, const std::string& name) {
    const bool ok = !name.empty() && name.size() <= 32 &&
                    std::all_of(name.begin(), name.end(), [](unsigned char c) { return c > ' ' && c < 0x7f && c != ':' && c != '=' && c != ','; });
    if (!ok) diags_.error(pos, fmt::format("{} name '{}' must be one word of at most 32 printable characters, without ':', '=' or ','", what, escape_control(name)));
  }

  void players(GameDef& g) {
    for (const auto& p : root_.get("players")->items) {
      PlayerDef pd;
      pd.name = p->get("name")->scalar;
      check_name(p->get("name")->pos, "player", pd.name);
      if (g.player_index(pd.name) >= 0) diags_.error(p->get("name")->pos, fmt::format("duplicate player '{}'", pd.name));
      if (const YNode* c = p->get("colour")) {
        pd.colour = c->scalar;
        // A CSS colour name or #rgb / #rrggbb: pictures of the board use it as it is.
        const bool name = !pd.colour.empty() && pd.colour.size() <= 24 &&
                          std::all_of(pd.colour.begin(), pd.colour.end(), [](char ch) { return ch >= 'a' && ch <= 'z'; });
        const bool hex = (pd.colour.size() == 4 || pd.colour.size() == 7) && pd.colour[0] == '#' &&
                         std::all_of(pd.colour.begin() + 1, pd.colour.end(), [](unsigned char ch) { return std::isxdigit(ch); });
        if (!name && !hex)
          diags_.error(c->pos, fmt::format("colour '{}' should be a colour name (crimson) or #rrggbb", escape_control(pd.colour)));
      }
      g.players.push_back(pd);
    }
    if (g.players.empty()) diags_.error(root_.get("players")->pos, "a game needs at least one player");
    if (g.players.size() > kMaxPlayers)
      diags_.error(root_.get("players")->pos, fmt::format("at most {} players are supported", kMaxPlayers));
  }

  void board(GameDef& g) {
    const YNode& b = *root_.get("board");
    const YNode& size = *b.get("size");
    int w = 0, h = 0;
    const std::string kind = b.get("kind")->scalar;
    const YNode* shape = b.get("shape");
    const bool hexagon = shape && shape->scalar == "hexagon";
    if (shape && kind != "hex") diags_.error(shape->pos, "'board.shape' is for hex boards (board.kind: hex)");
    if (kind == "track" && size.items.size() == 1) {
      w = bounded(*size.items[0], 2, 4096, "a track has between 2 and 4096 points");
      h = w ? 1 : 0;
    } else if (kind == "track") {
      diags_.error(size.pos, "'board.size' of a track must be [points]");
    } else if (hexagon && size.items.size() == 1) {
      w = h = 2 * bounded(*size.items[0], 1, 32, "a hexagon's side is from 1 to 32 cells") - 1;
      if (w < 0) w = h = 0;
    } else if (hexagon) {
      diags_.error(size.pos, "'board.size' of a hexagon must be [side]");
    } else if (size.items.size() != 2) {
      diags_.error(size.pos, "'board.size' must be [width, height]");
    } else {
      w = bounded(*size.items[0], 1, 64, "'board.size' must be between 1x1 and 64x64");
      h = bounded(*size.items[1], 1, 64, "'board.size' must be between 1x1 and 64x64");
      if (!w || !h) w = h = 0;
    }
    auto policy = [&](const char* key, auto def, auto map) {
      const YNode* n = b.get(key);
      return n ? map(n->scalar) : def;
    };
    PlayableMask mask = policy("playable", PlayableMask::All, [](const std::string& s) {
      return s == "dark" ? PlayableMask::Dark : s == "light" ? PlayableMask::Light : PlayableMask::All;
    });
    EdgePolicy edges = policy("edges", EdgePolicy::Stop, [](const std::string& s) {
      return s == "off" ? EdgePolicy::Off : s == "reflect" ? EdgePolicy::Reflect : EdgePolicy::Stop;
    });
    std::vector<std::string> names;
    std::vector<std::pair<int, int>> vecs;
    if (const YNode* dirs = b.get("directions")) {
      for (const auto& [name, v] : dirs->fields) {
        if (v->items.size() != 2) {
          diags_.error(v->pos, fmt::format("direction '{}' must be [dx, dy]", name));
          continue;
        }
        names.push_back(name);
        const char* why = "a direction's steps are from -64 to 64";  // no board is wider
        vecs.emplace_back(bounded(*v->items[0], -64, 64, why), bounded(*v->items[1], -64, 64, why));
      }
    } else if (kind == "track") {
      names = {"up", "down"};
      vecs = {{1, 0}, {-1, 0}};
    } else if (kind == "hex") {
      names = {"e", "ne", "nw", "w", "sw", "se"};
      vecs = {{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}};
    } else {
      names = {"n", "ne", "e", "se", "s", "sw", "w", "nw"};
      vecs = {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
    }
    // Stack capacity needs the setup; count pieces first (glyph strings' lengths), before the
    // board exists: a range counts as its whole rectangle, which may overcount (harmless).
    long long total = 0;
    if (const YNode* setup = root_.get("setup"))
      for (const auto& e : setup->items) {
        if (const YNode* cells = e->get("cells"); cells && e->get("stack")) {
          const YNode* rep = e->get("repeat");
          const long long times = rep ? std::clamp<long long>(parse_int(resolve(*rep)).value_or(1), 1, 255) : 1;
          for (const auto& cell : cells->items)
            total += static_cast<long long>(e->get("stack")->scalar.size()) * times * range_size(cell->scalar);
        }
        if (const YNode* pieces = e->get("pieces"))  // pieces in hand, which may all end on one stack
          for (const auto& [glyph, count] : pieces->fields)
            total += std::clamp<long long>(parse_int(resolve(*count)).value_or(0), 0, kMaxStock);
      }
    g.total_pieces = static_cast<int>(std::min<long long>(total, 1'000'000));
    g.stack_cap = static_cast<int>(std::clamp<long long>(total, 1, 255));
    if (const YNode* ms = b.get("max_stack")) g.stack_cap = bounded(*ms, 1, 255, "'board.max_stack' is from 1 to 255");
    const bool lattice = kind == "lattice", track = kind == "track", hex = kind == "hex";
    // The ray table holds a cell per (cell, direction, length): sized before it is made.
    const long long rays = static_cast<long long>(w) * h * static_cast<long long>(names.size()) *
                           (std::max({g.stack_cap, w, h}) + 1);
    if (rays > kMaxTableEntries) {
      const YNode* at = b.get("directions") ? b.get("directions") : &b;
      diags_.error(at->pos, fmt::format("the ray table would hold {} cells (cells x directions x lengths up to {}); at "
                                        "most {} are allowed: fewer directions, or a smaller board or max_stack",
                                        rays, std::max({g.stack_cap, w, h}), kMaxTableEntries));
      w = h = 0;
    }
    for (const char* key : {"bar", "off"})
      if (const YNode* n = b.get(key); n && !track) diags_.error(n->pos, fmt::format("'board.{}' is for tracks", key));
    if (track) {
      if (const YNode* n = b.get("playable")) diags_.error(n->pos, "'board.playable' is for grids: every point of a track is playable");
      if (const YNode* n = b.get("edges"); n && n->scalar != "off")
        diags_.error(n->pos, "a track's rays leave it at either end (edges: off)");
      if (w > 0) g.board = make_track(w, names, vecs, g.stack_cap);
    }
    if (hex) {
      for (const char* key : {"playable", "edges"})
        if (const YNode* n = b.get(key); n && !(std::string(key) == "edges" && n->scalar == "stop"))
          diags_.error(n->pos, fmt::format("'board.{}' is for grids: every cell of a hex board is playable, and its rays stop at the edge", key));
      if (w > 0) g.board = make_hex(hexagon ? HexShape::Hexagon : HexShape::Rhombus, w, h, names, vecs, g.stack_cap);
    }
    const YNode* points = b.get("points");
    if (lattice) {
      if (!points) diags_.error(b.pos, "a lattice needs 'board.points': the classes of points and their lines");
      for (const char* key : {"playable", "edges"})
        if (const YNode* n = b.get(key); n && !(std::string(key) == "edges" && n->scalar == "stop"))
          diags_.error(n->pos, fmt::format("'board.{}' is for grids: every point of a lattice is playable, and its rays stop at the edge", key));
    } else if (points) {
      diags_.error(points->pos, "'board.points' is for lattices (board.kind: lattice)");
    }
    if (w > 0 && !lattice && !track && !hex) g.board = make_grid(w, h, mask, edges, names, vecs, g.stack_cap);
    if (w > 0 && lattice && points) {
      std::vector<PointClass> classes;
      auto parity = [](const YNode* n) {
        return !n || n->scalar == "any" ? Parity::Any : n->scalar == "even" ? Parity::Even : Parity::Odd;
      };
      bool ok = true;
      for (const auto& [name, pc] : points->fields) {
        PointClass c{name, parity(pc->get("x")), parity(pc->get("y")), parity(pc->get("sum")), {}};
        for (const auto& st : pc->get("steps")->items) {
          int d = static_cast<int>(std::find(names.begin(), names.end(), st->scalar) - names.begin());
          if (d == static_cast<int>(names.size())) {
            unknown(st->pos, "direction", st->scalar, names);
            ok = false;
          }
          c.steps.push_back(d);
        }
        classes.push_back(std::move(c));
      }
      try {
        if (ok) g.board = make_lattice(w, h, classes, names, vecs, g.stack_cap);
      } catch (const std::invalid_argument& e) {
        diags_.error(points->pos, fmt::format("board.points: {}", e.what()));
      }
    }

    for (auto& [pnode, pd] : zip_players(g)) {
      if (const YNode* f = pnode->get("forward")) {
        pd->forward = g.board.dir_index(f->scalar);
        if (pd->forward < 0) unknown(f->pos, "direction", f->scalar, g.board.dir_names);
      }
    }
  }

  // How many cells a setup entry names: 1, or for "a1..c3" (or "1..6" on a track) the
  // rectangle's area.
  static int range_size(const std::string& item) {
    const size_t dots = item.find("..");
    if (dots == std::string::npos) return 1;
    auto coords = [](const std::string& name) {
      size_t i = 0;
      int x = 0;
      // Names far past any board's are held at 10,000: the range is refused later anyway.
      while (i < name.size() && std::islower(static_cast<unsigned char>(name[i]))) x = std::min(x * 26 + (name[i++] - 'a' + 1), 10'000);
      return std::pair{x, static_cast<int>(std::clamp<long long>(parse_int(name.substr(i)).value_or(0), 0, 10'000))};
    };
    auto [x0, y0] = coords(item.substr(0, dots));
    auto [x1, y1] = coords(item.substr(dots + 2));
    return std::clamp((std::abs(x1 - x0) + 1) * (std::abs(y1 - y0) + 1), 1, 4096);
  }

  std::vector<std::pair<const YNode*, PlayerDef*>> zip_players(GameDef& g) {
    std::vector<std::pair<const YNode*, PlayerDef*>> out;
    const auto& items = root_.get("players")->items;
    for (size_t i = 0; i < items.size() && i < g.players.size(); ++i) out.emplace_back(items[i].get(), &g.players[i]);
    return out;
  }

  static std::vector<std::string> player_names(const GameDef& g) {
    std::vector<std::string> names;
    for (const auto& p : g.players) names.push_back(p.name);
    return names;
  }

  void unknown(const SourcePos& pos, const char* what, const std::string& name, const std::vector<std::string>& known) {
    std::string hint = closest(name, known);
    std::string list = known.size() <= 12 ? join(known, ", ") : join({known.begin(), known.begin() + 12}, ", ") + ", ...";
    diags_.error(pos, fmt::format("unknown {} '{}'{}", what, name,
                                  hint.empty() ? " (expected one of: " + list + ")" : " (did you mean '" + hint + "'?)"));
  }

  void pieces(GameDef& g) {
    const YNode& pcs = *root_.get("pieces");
    const std::vector<std::string> pnames = player_names(g);
    std::set<char> used;
    for (const auto& [name, decl] : pcs.fields) {
      PieceKind k;
      k.name = name;
      if (const YNode* r = decl->get("rank")) k.rank = bounded(*r, -1000, 1000, "a piece's rank is from -1000 to 1000");
      k.glyphs.assign(g.players.size(), '?');
      const YNode& glyphs = *decl->get("glyphs");
      for (const auto& [pname, gl] : glyphs.fields) {
        int p = g.player_index(pname);
        if (p < 0) {
          unknown(*glyphs.key_position(pname), "player", pname, pnames);
          continue;
        }
        if (gl->scalar.size() != 1 || !std::isgraph(static_cast<unsigned char>(gl->scalar[0])) ||
            std::string("=.,;:/#").find(gl->scalar[0]) != std::string::npos) {
          diags_.error(gl->pos, "a glyph must be one printable character other than = . , ; : / #");
          continue;
        }
        if (!used.insert(gl->scalar[0]).second) diags_.error(gl->pos, fmt::format("glyph '{}' is used twice", gl->scalar));
        k.glyphs[p] = gl->scalar[0];
      }
      for (size_t p = 0; p < g.players.size(); ++p)
        if (k.glyphs[p] == '?' && !glyphs.get(g.players[p].name))
          diags_.error(glyphs.pos, fmt::format("missing key '{}' in 'pieces.{}.glyphs'", g.players[p].name, name));
      g.kinds.push_back(k);
    }
    const int np = g.nplayers();
    g.ncodes = 1 + static_cast<int>(g.kinds.size()) * np;
    if (g.ncodes > 255) diags_.error(pcs.pos, "too many kinds of piece");
    g.owner_of.assign(g.ncodes, 0xFF);
    g.kind_of.assign(g.ncodes, 0xFF);
    g.glyph_of.assign(g.ncodes, '.');
    for (size_t k = 0; k < g.kinds.size(); ++k)
      for (int p = 0; p < np; ++p) {
        int c = g.code(static_cast<int>(k), p);
        g.owner_of[c] = static_cast<uint8_t>(p);
        g.kind_of[c] = static_cast<uint8_t>(k);
        g.glyph_of[c] = g.kinds[k].glyphs[p];
      }
  }

  void reserves(GameDef& g) {
    if (const YNode* r = root_.get("reserves"))
      for (const auto& s : r->items) {
        check_name(s->pos, "reserve", s->scalar);
        if (std::find(g.reserve_slots.begin(), g.reserve_slots.end(), s->scalar) != g.reserve_slots.end())
          diags_.error(s->pos, fmt::format("duplicate reserve '{}'", s->scalar));
        g.reserve_slots.push_back(s->scalar);
      }
    const YNode& b = *root_.get("board");
    for (auto [key, slot] : {std::pair{"bar", &g.bar_slot}, std::pair{"off", &g.off_slot}}) {
      const YNode* n = b.get(key);
      if (!n) continue;
      auto it = std::find(g.reserve_slots.begin(), g.reserve_slots.end(), n->scalar);
      if (it == g.reserve_slots.end()) unknown(n->pos, "reserve", n->scalar, g.reserve_slots);
      else *slot = static_cast<int>(it - g.reserve_slots.begin());
    }
  }

  void dice(GameDef& g) {
    const YNode* d = root_.get("dice");
    if (!d) return;
    g.dice.count = int_value(*d->get("count"), "dice.count", 1, kMaxDice);
    if (const YNode* n = d->get("sides")) g.dice.sides = int_value(*n, "dice.sides", 2, 255);
    g.dice.doubles = g.dice.count;
    if (const YNode* n = d->get("doubles")) g.dice.doubles = int_value(*n, "dice.doubles", 1, kMaxDice);
    if (const YNode* n = d->get("first_roll"); n && n->scalar == "roll-off") {
      g.dice.roll_off = true;
      if (g.players.size() != 2 || g.dice.count != 2)
        diags_.error(n->pos, "a roll-off needs two players and two dice");
    }
    // C(sides + count - 1, count) distinct rolls, counted before they are listed.
    double rolls = 1;
    for (int k = 1; k <= g.dice.count; ++k) rolls = rolls * (g.dice.sides + k - 1) / k;
    if (rolls > kMaxRolls) {
      diags_.error(d->pos, fmt::format("{} dice of {} sides have {:.0f} distinct rolls; at most {} are allowed",
                                       g.dice.count, g.dice.sides, rolls, kMaxRolls));
      return;
    }
    list_rolls(g.dice);
  }

  void results(GameDef& g) {
    const YNode* r = root_.get("results");
    if (!r) return;
    for (const auto& [name, v] : r->fields) {
      ResultDef rd;
      rd.name = rd.doc = name;
      if (const YNode* doc = v->get("doc")) rd.doc = doc->scalar;
      if (const YNode* sc = v->get("score")) rd.score = int_value(*sc, "results.score", 0, 1000);
      if (const YNode* line = v->get("line")) rd.line = int_value(*line, "results.line", 2, 64);
      if (const YNode* reach = v->get("reach")) {
        const int words = g.cell_words();
        rd.reach.assign(static_cast<size_t>(g.nplayers() * words), 0);
        for (size_t i = 0; i < reach->fields.size(); ++i) {
          const auto& [player, cells] = reach->fields[i];
          const int p = g.player_index(player);
          if (p < 0) {
            unknown(reach->key_pos[i], "player", player, player_names(g));
            continue;
          }
          for (const auto& item : cells->items)
            for (int c : item->scalar == "far_edge" ? far_edge(*item, g, p) : cells_named(*item, g, "no cell to reach there"))
              rd.reach[static_cast<size_t>(p * words + c / 64)] |= uint64_t{1} << (c % 64);
        }
      }
      if (const YNode* connect = v->get("connect")) connect_sets(g, *connect, rd);
      g.results.push_back(rd);
    }
    if (g.results.size() > 250) diags_.error(r->pos, "at most 250 named results");
  }

  // connect: per player, 2 to kMaxConnectSets lists of cells, each item a cell, a range or
  // `edge DIR`.
  void connect_sets(const GameDef& g, const YNode& connect, ResultDef& rd) {
    const int n = g.board.ncells, words = g.cell_words();
    rd.connect.assign(static_cast<size_t>(g.nplayers() * n), 0);
    rd.connect_bits.assign(static_cast<size_t>(g.nplayers() * kMaxConnectSets * words), 0);
    rd.connect_need.assign(static_cast<size_t>(g.nplayers()), 0);
    rd.connect_first.assign(static_cast<size_t>(g.nplayers()), {});
    for (size_t i = 0; i < connect.fields.size(); ++i) {
      const auto& [player, sets] = connect.fields[i];
      const int p = g.player_index(player);
      if (p < 0) {
        unknown(connect.key_pos[i], "player", player, player_names(g));
        continue;
      }
      if (sets->items.size() < 2 || sets->items.size() > static_cast<size_t>(kMaxConnectSets)) {
        diags_.error(sets->pos, fmt::format("a connection joins 2 to {} lists of cells; '{}' has {}", kMaxConnectSets,
                                            player, sets->items.size()));
        continue;
      }
      uint8_t* mine = &rd.connect[static_cast<size_t>(p * n)];
      for (size_t k = 0; k < sets->items.size(); ++k) {
        const uint8_t bit = static_cast<uint8_t>(1u << k);
        uint64_t* set_bits = &rd.connect_bits[(static_cast<size_t>(p) * kMaxConnectSets + k) * static_cast<size_t>(words)];
        for (const auto& item : sets->items[k]->items) {
          const std::vector<int> cells = item->scalar.rfind("edge ", 0) == 0 ? edge(*item, g, item->scalar.substr(5))
                                                                              : cells_named(*item, g, "no cell to connect there");
          for (int c : cells) mine[c] |= bit, set_bits[c / 64] |= uint64_t{1} << (c % 64);
        }
        if (std::none_of(mine, mine + n, [&](uint8_t m) { return m & bit; }))
          diags_.error(sets->items[k]->pos, "this list holds no cell: the connection could never be made");
        rd.connect_need[static_cast<size_t>(p)] |= bit;
      }
      for (int c = 0; c < n; ++c)
        if (mine[c] & 1) rd.connect_first[static_cast<size_t>(p)].push_back(static_cast<int16_t>(c));
    }
    rd.shifts = step_shifts(g.board);
  }

  void events(GameDef& g) {
    const YNode* e = root_.get("events");
    if (!e) return;
    for (size_t i = 0; i < e->fields.size(); ++i) {
      const auto& [name, v] = e->fields[i];
      if (name == "progress")
        diags_.error(e->key_pos[i], "'progress' is the name of the progress flag, not an event: choose another name");
      EventDef ed{name, name};
      if (const YNode* doc = v->get("doc")) ed.doc = doc->scalar;
      g.events.push_back(ed);
    }
    if (g.events.size() > static_cast<size_t>(kMaxEvents))
      diags_.error(e->pos, fmt::format("at most {} named events (a move's flags have room for no more)", kMaxEvents));
  }

  void setup(GameDef& g) {
    const YNode* setup = root_.get("setup");
    if (!setup || g.board.ncells == 0) return;
    std::vector<int> seen(g.board.ncells, 0);
    for (const auto& e : setup->items) {
      if (e->get("reserve")) {
        stock(g, *e);
        continue;
      }
      if (!e->get("stack") || !e->get("cells")) {
        diags_.error(e->pos, "a setup entry gives a stack and its cells (`{stack: xx, cells: [a1]}`), or a reserve "
                             "and its pieces (`{reserve: hand, pieces: {x: 61}}`)");
        continue;
      }
      const YNode& st = *e->get("stack");
      std::vector<uint8_t> stack;
      for (char ch : st.scalar) {
        int c = g.code_of_glyph(ch);
        if (c < 0) {
          std::vector<std::string> glyphs;
          for (int x = 1; x < g.ncodes; ++x)
            if (g.glyph_of[x] != '?') glyphs.emplace_back(1, g.glyph_of[x]);
          unknown(st.pos, "piece glyph", std::string(1, ch), glyphs);
          stack.clear();
          break;
        }
        stack.push_back(static_cast<uint8_t>(c));
      }
      if (const YNode* rep = e->get("repeat")) {  // the stack `repeat` times over: seeds by an option
        const int times = int_value(*rep, "setup.repeat", 1, 255);
        std::vector<uint8_t> one = stack;
        for (int t = 1; t < times && stack.size() <= 255; ++t) stack.insert(stack.end(), one.begin(), one.end());
      }
      if (static_cast<int>(stack.size()) > g.stack_cap)
        diags_.error(st.pos, fmt::format("the stack is taller than board.max_stack ({})", g.stack_cap));
      for (const auto& cn : e->get("cells")->items)
        for (int c : cells_named(*cn, g, "nothing is set up there")) {
          if (seen[c]++) diags_.error(cn->pos, fmt::format("cell '{}' is set up twice", g.board.cell_names[c]));
          if (!stack.empty()) g.setup.push_back({c, stack});
        }
    }
  }

  // A reserve stocked at the start: pieces in hand.
  void stock(GameDef& g, const YNode& e) {
    if (e.get("stack") || e.get("cells")) {
      diags_.error(e.pos, "a setup entry stocks a reserve (`reserve`, `pieces`) or sets up cells (`stack`, `cells`), "
                          "not both");
      return;
    }
    const YNode& r = *e.get("reserve");
    const auto it = std::find(g.reserve_slots.begin(), g.reserve_slots.end(), r.scalar);
    if (it == g.reserve_slots.end()) {
      unknown(r.pos, "reserve", r.scalar, g.reserve_slots);
      return;
    }
    const int slot = static_cast<int>(it - g.reserve_slots.begin());
    const YNode* pieces = e.get("pieces");
    if (!pieces) {
      diags_.error(e.pos, "a stocked reserve lists its pieces: `pieces: {x: 61, o: 61}`");
      return;
    }
    for (const auto& [glyph, count] : pieces->fields) {
      const int code = glyph.size() == 1 ? g.code_of_glyph(glyph[0]) : -1;
      if (code < 0) {
        diags_.error(count->pos, fmt::format("'{}' is no piece glyph", glyph));
        continue;
      }
      for (const ReserveStock& s : g.stock)
        if (s.slot == slot && s.code == code)
          diags_.error(count->pos, fmt::format("reserve '{}' is stocked with '{}' twice", r.scalar, glyph));
      const bool unlimited = count->scalar == "unlimited";
      g.stock.push_back({slot, static_cast<uint8_t>(code), unlimited ? kUnlimitedStock : int_value(*count, "setup.pieces", 1, kMaxStock)});
      if (unlimited) {
        g.unlimited.resize(g.reserve_slots.size() * static_cast<size_t>(g.ncodes), 0);
        g.unlimited[static_cast<size_t>(slot) * g.ncodes + code] = 1;
      }
    }
  }

  // reach's "far_edge": the playable cells from which a step in player p's forward direction
  // leaves the board (a grid's far rank).
  std::vector<int> far_edge(const YNode& item, const GameDef& g, int p) {
    const int forward = g.players[static_cast<size_t>(p)].forward;
    if (forward < 0) {
      diags_.error(item.pos, fmt::format("far_edge needs a forward direction for player '{}' (players[].forward)", g.players[static_cast<size_t>(p)].name));
      return {};
    }
    std::vector<int> cells = edge_cells(g.board, forward);
    if (cells.empty()) diags_.warning(item.pos, "far_edge holds no cell: no step forward leaves this board");
    return cells;
  }

  // connect's "edge DIR": the playable cells from which a step along DIR leaves the board.
  std::vector<int> edge(const YNode& item, const GameDef& g, const std::string& dir) {
    const int d = g.board.dir_index(dir);
    if (d < 0) {
      unknown(item.pos, "direction", dir, g.board.dir_names);
      return {};
    }
    return edge_cells(g.board, d);
  }

  static std::vector<int> edge_cells(const Board& b, int dir) {
    std::vector<int> cells;
    for (int c = 0; c < b.ncells; ++c)
      if (b.playable[c] && b.max_ray >= 1 && b.ray(c, dir, 1) < 0) cells.push_back(c);
    return cells;
  }

  // The cells a list item names: one cell, or for "a1..k5" every playable cell of the
  // rectangle between the two corners. An unknown or unplayable cell is an error; a range
  // with no playable cell is a warning that ends with `if_none`.
  std::vector<int> cells_named(const YNode& item, const GameDef& g, const char* if_none) {
    const Board& b = g.board;
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

  void turn(GameDef& g) {
    // Losing for having no move, or no piece, names a winner only between two players: a
    // game of more players passes, and its result() hook decides the end.
    const bool two = g.nplayers() == 2;
    g.no_moves = two ? NoMovePolicy::Lose : NoMovePolicy::Pass;
    auto two_only = [&](const YNode& n, const char* rule) {
      diags_.error(n.pos, fmt::format("{} needs two players (this game has {}: one player's loss names no winner); "
                                      "decide the end in the script's result() hook", rule, g.nplayers()));
    };
    if (const YNode* t = root_.get("turn")) {
      if (const YNode* f = t->get("first")) {
        std::string who = resolve(*f);
        int p = g.player_index(who);
        if (p < 0 && !who.empty()) unknown(f->pos, "player", who, player_names(g));
        g.first_player = std::max(p, 0);
      }
      if (const YNode* n = t->get("no_moves")) {
        std::string v = resolve(*n);
        if (v == "pass") g.no_moves = NoMovePolicy::Pass;
        else if (v == "draw") g.no_moves = NoMovePolicy::Draw;
        else if (v == "lose" && !two) two_only(*n, "'turn.no_moves: lose'");
        else if (v == "lose") g.no_moves = NoMovePolicy::Lose;
        else if (!v.empty()) diags_.error(n->pos, fmt::format("'turn.no_moves' must be lose, pass or draw, not '{}'", v));
      }
      if (const YNode* m = t->get("max_plies")) g.max_plies = int_value(*m, "turn.max_plies", 0);
      if (const YNode* m = t->get("no_progress")) g.no_progress_plies = int_value(*m, "turn.no_progress", 0);
      if (const YNode* l = t->get("lose_without_pieces")) {
        g.lose_without_pieces = *parse_bool(l->scalar);
        if (g.lose_without_pieces && !two) two_only(*l, "'turn.lose_without_pieces'");
      }
      if (const YNode* l = t->get("lose_without_stacks")) {
        g.lose_without_stacks = *parse_bool(l->scalar);
        if (g.lose_without_stacks && !two) two_only(*l, "'turn.lose_without_stacks'");
      }
    }
    if (const YNode* r = root_.get("repetition")) {
      g.repetition_count = int_value(*r->get("count"), "repetition.count", 2, 1000);
      g.repetition_key = RepetitionKey::BoardAndSide;
      if (const YNode* k = r->get("key"); k && k->scalar == "board") g.repetition_key = RepetitionKey::Board;
    }
  }

  // A whole number the schema has checked, in [min, max]; else `why` at its place, and 0.
  int bounded(const YNode& n, long long min, long long max, const char* why) {
    const std::string v = resolve(n);
    const auto x = parse_int(v);
    if (x && *x >= min && *x <= max) return static_cast<int>(*x);
    if (!v.empty()) diags_.error(n.pos, fmt::format("{}, not '{}'{}", why, v, v == n.scalar ? "" : " (" + n.scalar + ")"));
    return 0;
  }

  int int_value(const YNode& n, const char* what, int min, int max = 100'000'000) {
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

  void limits(GameDef& g) {
    if (const YNode* l = root_.get("limits")) {
      if (const YNode* t = l->get("ticks")) g.tick_limit = int_value(*t, "limits.ticks", 1000, kMaxTicks);
      if (const YNode* m = l->get("memory_mb")) g.memory_limit = int64_t{int_value(*m, "limits.memory_mb", 16, 65536)} << 20;
    }
  }

  // The agents check the specs themselves when they are made (this layer knows none).
  void levels(GameDef& g) {
    if (const YNode* l = root_.get("levels"))
      for (size_t i = 0; i < g.levels.size(); ++i)
        if (const YNode* spec = l->get(std::to_string(i + 1))) {
          g.levels[i] = spec->scalar;
          g.level_pos[i] = spec->pos;
        }
  }

  // Weights are learned for one definition: a variant that extends it names its own (which
  // may be those of a definition it extends, named again: LearnedEval::read).
  void weights(GameDef& g) {
    const YNode* w = root_.get("weights");
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
      if (!fs::is_regular_file(p, ec)) diags_.error(w->pos, fmt::format("cannot find the weights file '{}'", display_path(p)));
    }
  }

  // The api belongs with the script: a variant inherits its base's, unless the variant names
  // a script of its own and no api (that script is then taken as written for the first).
  void api(GameDef& g) {
    const YNode* a = root_.get("api");
    const YNode* s = root_.get("script");
    g.api_pos = root_.pos;
    if (!a || (s && a->pos.file != s->pos.file && a->pos.file != g.source_file)) return;
    g.api_pos = a->pos;
    g.api = int_value(*a, "api", kFirstApi, 1'000'000);
    if (g.api > kApiVersion)
      diags_.error(a->pos, fmt::format("api: {}: this boardlab reads definitions written for API {} to {}; the file "
                                       "needs a newer boardlab (docs/changelog.md lists the versions)",
                                       g.api, kFirstApi, kApiVersion));
  }

  // A flag list: "progress" and the definition's events, as a move's flags.
  uint8_t flag_list(const YNode* list, const GameDef& g) {
    uint8_t bits = 0;
    if (!list) return bits;
    std::vector<std::string> known = {"progress"};
    for (const auto& e : g.events) known.push_back(e.name);
    for (const auto& item : list->items) {
      const auto it = std::find(known.begin(), known.end(), item->scalar);
      if (it == known.end()) unknown(item->pos, "flag", item->scalar, known);
      else bits |= it == known.begin() ? kProgressFlag : event_flag(static_cast<int>(it - known.begin()) - 1);
    }
    return bits;
  }

  int direction(const YNode& n, const GameDef& g) {
    const int d = g.board.dir_index(n.scalar);
    if (d < 0) unknown(n.pos, "direction", n.scalar, g.board.dir_names);
    return d;
  }

  int reserve_slot(const YNode& n, const GameDef& g) {
    const auto it = std::find(g.reserve_slots.begin(), g.reserve_slots.end(), n.scalar);
    if (it == g.reserve_slots.end()) unknown(n.pos, "reserve", n.scalar, g.reserve_slots);
    return it == g.reserve_slots.end() ? -1 : static_cast<int>(it - g.reserve_slots.begin());
  }

  // The kind named `name`, or -1 after an error at `pos`.
  int kind_index(const std::string& name, const SourcePos& pos, const GameDef& g) {
    for (size_t k = 0; k < g.kinds.size(); ++k)
      if (g.kinds[k].name == name) return static_cast<int>(k);
    std::vector<std::string> names;
    for (const auto& pk : g.kinds) names.push_back(pk.name);
    unknown(pos, "piece kind", name, names);
    return -1;
  }

  // Moves declared as one building block with data (`moves:`): the registered block of that
  // name reads its keys (definition/move_block.h).
  void moves(GameDef& g) {
    const YNode* m = root_.get("moves");
    if (!m) return;
    if (m->fields.size() != 1) {
      // Named by what it holds, not by every block there is: the list grows with the registry.
      std::vector<std::string> given;
      for (const auto& [name, _] : m->fields) given.push_back("`" + name + "`");
      diags_.error(m->pos, m->fields.empty() ? std::string("'moves' declares no building block: it names one")
                                             : fmt::format("'moves' declares one building block, not {} ({})",
                                                           m->fields.size(), join(given, ", ")));
      return;
    }
    const auto& [name, node] = m->fields.front();
    const MoveBlockType* type = find_move_block(name);
    if (!type) return;  // the schema said so
    BlockKeys reader(*this, g);
    g.declared = type->read(*node, reader);
    g.declared_block = name;
  }

  // The loader's look-ups, as a block's reader asks for them.
  class BlockKeys final : public BlockReader {
   public:
    BlockKeys(Builder& b, const GameDef& g) : b_(b), g_(g) {}
    const GameDef& game() const override { return g_; }
    int direction(const YNode& n) override { return b_.direction(n, g_); }
    int reserve(const YNode& n) override { return b_.reserve_slot(n, g_); }
    int kind(const std::string& name, const SourcePos& pos) override { return b_.kind_index(name, pos, g_); }
    int player(const std::string& name, const SourcePos& pos) override {
      const int p = g_.player_index(name);
      if (p < 0) b_.unknown(pos, "player", name, player_names(g_));
      return p;
    }
    uint8_t flags(const YNode* list) override { return b_.flag_list(list, g_); }
    int integer(const YNode& n, const char* what, int min, int max) override { return b_.int_value(n, what, min, max); }
    bool boolean(const YNode& n) override { return parse_bool(b_.resolve(n)).value_or(false); }
    void error(const SourcePos& pos, std::string message) override { b_.diags_.error(pos, std::move(message)); }
    void unknown(const SourcePos& pos, const char* what, const std::string& name,
                 const std::vector<std::string>& known) override {
      b_.unknown(pos, what, name, known);
    }

   private:
    Builder& b_;
    const GameDef& g_;
  };

  void script(GameDef& g) {
    if (!root_.get("script")) {
      // No script: the moves are declared, and messages about them name the definition.
      if (!root_.get("moves"))
        diags_.error(root_.pos, "a definition needs a script (`script: NAME.lua`) or moves declared in `moves:`");
      g.script_display = g.source_file;
      return;
    }
    const YNode& s = *root_.get("script");
    fs::path p = fs::path(s.pos.file).parent_path() / s.scalar;
    g.script_display = display_path(p);
    g.script_file = p.string();
    std::error_code ec;
    if (!fs::is_regular_file(p, ec)) diags_.error(s.pos, fmt::format("cannot find the script '{}'", g.script_display));
  }

  static void zobrist(GameDef& g) {
    Rng rng(0x0B0A4D1AB5EEDULL);
    g.z_piece.resize(static_cast<size_t>(g.board.ncells) * g.stack_cap * g.ncodes);
    for (auto& z : g.z_piece) z = rng.next();
    g.z_side.resize(g.players.size());
    for (auto& z : g.z_side) z = rng.next();
    g.z_reserve.resize(g.reserve_slots.size() * g.ncodes);
    for (auto& z : g.z_reserve) z = rng.next();
  }
};

}  // namespace

GameDefPtr load_game_def(const std::string& path, const std::vector<std::pair<std::string, std::string>>& overrides) {
  Diagnostics diags;
  std::vector<fs::path> chain;
  std::vector<std::string> extended_names;
  YPtr root = load_with_extends(path, diags, chain, extended_names);
  if (!root || diags.has_errors()) throw DefinitionError(diags);
  // Sections that are well formed are checked further even when others are not, so that
  // one run reports every error it can.
  auto bad = validate_fields(*root, definition_schema(), "", diags);
  auto g = std::make_shared<GameDef>();
  g->source_file = display_path(path);
  g->extended_names = std::move(extended_names);
  Builder(*root, diags, bad).build(*g, overrides);
  if (diags.has_errors()) throw DefinitionError(diags);
  for (const auto& d : diags.items())
    if (d.warning) g->warnings.push_back(d);
  for (auto& w : lint_definition(*g, *root)) g->warnings.push_back(std::move(w));
  std::vector<std::pair<std::string, std::string>> options;
  for (const auto& o : g->options) options.emplace_back(o.name, o.value);
  std::vector<std::string> texts;
  for (const auto& file : chain) texts.push_back(read_text_file(file.string()).value_or(""));
  texts.push_back(read_text_file(g->script_file).value_or(""));
  g->content_hash = rules_hash(*root, texts.back(), options);
  g->file_hash = file_bytes_hash(texts, options);
  return g;
}

}  // namespace boardlab
