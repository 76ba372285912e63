// Loading a GameDef: follow `extends:`, check the whole against the schema, then read the
// sections (read_*.cpp, sections.h) in the order their data depend on, and make the tables
// every position needs. Every problem found is reported, not just the first.
#include "definition/game_def.h"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>

#include "core/rng.h"
#include "core/text.h"
#include "definition/definition_hash.h"
#include "definition/definition_reader.h"
#include "definition/lint.h"
#include "definition/sections.h"

namespace boardlab {

namespace fs = std::filesystem;

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

std::string OptionDef::takes() const {
  if (!values.empty()) return "one of: " + join(values, ", ");
  if (type == Type::Bool) return "true or false";
  if (type == Type::String) return "a text";
  if (min && max) return fmt::format("a whole number from {} to {}", *min, *max);
  if (min) return fmt::format("a whole number, at least {}", *min);
  if (max) return fmt::format("a whole number, at most {}", *max);
  return "a whole number";
}

namespace {

// `from`: where the definition that extends this one says so (null for the one named).
// `names`: each extended definition's name, nearest first.
YPtr load_with_extends(const fs::path& path, Diagnostics& diags, std::vector<fs::path>& chain,
                       std::vector<std::string>& names, const YNode* from = nullptr) {
  const SourcePos here = from ? from->pos : SourcePos{display_path(path), 0, 0};
  std::error_code ec;
  fs::path canon = fs::weakly_canonical(path, ec);
  if (ec) canon = path.lexically_normal();
  if (std::find(chain.begin(), chain.end(), canon) != chain.end()) {
    diags.error(here, fmt::format("'{}' makes a cycle: {} extends itself", extends_key().name, display_path(path)));
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
  if (const YNode* n = name_key().in(*doc); from && n && n->is_scalar()) names.push_back(n->scalar);
  const YNode* ext = extends_key().in(*doc);
  if (!ext) return doc;
  if (!ext->is_scalar()) {
    diags.error(ext->pos, fmt::format("'{}' must be a path", extends_key().name));
    return nullptr;
  }
  fs::path base_path = path.parent_path() / ext->scalar;
  YPtr base = load_with_extends(base_path, diags, chain, names, ext);
  if (!base) return nullptr;
  YPtr base_options;
  for (const auto& [k, v] : base->fields)
    if (k == options_key().name) base_options = v;
  auto over = std::make_shared<YNode>(*doc);
  for (auto& [k, v] : over->fields)
    if (k == options_key().name) v = apply_option_values(base_options, v, diags);
  return merge_yaml(base, over);
}

void zobrist(GameDef& g) {
  Rng rng(0x0B0A4D1AB5EEDULL);
  g.z_piece.resize(static_cast<size_t>(g.board.ncells) * g.stack_cap * g.ncodes);
  for (auto& z : g.z_piece) z = rng.next();
  g.z_side.resize(g.players.size());
  for (auto& z : g.z_side) z = rng.next();
  g.z_reserve.resize(g.reserve_slots.size() * g.ncodes);
  for (auto& z : g.z_reserve) z = rng.next();
}

// Each section is read when it, and the sections it reads, are well formed: one run
// reports every error it can.
void build(DefinitionReader& r, const std::vector<std::pair<std::string, std::string>>& overrides) {
  GameDef& g = r.def();
  read_about(r);
  if (r.well_formed({&options_key()})) read_options(r, overrides);
  if (r.well_formed({&players_key()})) read_players(r);
  if (r.well_formed({&board_key(), &players_key(), &setup_key()})) {
    read_board(r);
    if (g.board.ncells == 0) r.refuse(board_key());  // its error is said: nothing reads the board
  }
  if (r.well_formed({&pieces_key(), &players_key()})) read_pieces(r);
  if (r.well_formed({&reserves_key()})) read_reserves(r);
  if (r.well_formed({&reserves_key(), &board_key()})) link_board(r);
  if (r.well_formed({&dice_key(), &players_key()})) read_dice(r);
  if (r.well_formed({&results_key(), &options_key(), &board_key(), &players_key()})) read_results(r);
  if (r.well_formed({&events_key()})) read_events(r);
  if (r.well_formed({&setup_key(), &board_key(), &pieces_key(), &players_key(), &reserves_key()})) read_setup(r);
  if (r.well_formed({&moves_key(), &board_key(), &pieces_key(), &players_key(), &reserves_key(), &events_key()}))
    read_moves(r);
  if (r.well_formed({&turn_key(), &repetition_key(), &options_key(), &players_key()})) read_turn(r);
  if (r.well_formed({&limits_key()})) read_limits(r);
  if (r.well_formed({&levels_key()})) read_levels(r);
  if (r.well_formed({&weights_key()})) read_weights(r);
  if (r.well_formed({&script_key(), &moves_key()})) read_script(r);
  if (r.well_formed({&api_key(), &script_key()})) read_api(r);
  check_moves_api(r);
  if (r.diags().has_errors()) return;
  // A key per (cell, level, piece): sized before it is made.
  const long long keys = static_cast<long long>(g.board.ncells) * g.stack_cap * g.ncodes;
  if (keys > kMaxTableEntries)
    r.error(board_key().in(r.root())->pos,
            fmt::format("the position keys would number {} (cells x max_stack x piece codes); at most {} are allowed: a "
                        "smaller board, max_stack or fewer kinds of piece",
                        keys, kMaxTableEntries));
  else
    zobrist(g);
}

}  // namespace

GameDefPtr load_game_def(const std::string& path, const std::vector<std::pair<std::string, std::string>>& overrides) {
  Diagnostics diags;
  std::vector<fs::path> chain;
  std::vector<std::string> extended_names;
  YPtr root = load_with_extends(path, diags, chain, extended_names);
  if (!root || diags.has_errors()) throw DefinitionError(diags);
  // Sections that are well formed are checked further even when others are not, so that
  // one run reports every error it can.
  auto malformed = validate_fields(*root, definition_schema(), "", diags);
  auto g = std::make_shared<GameDef>();
  g->source_file = display_path(path);
  g->extended_names = std::move(extended_names);
  DefinitionReader reader(*root, diags, std::move(malformed), *g);
  build(reader, overrides);
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
