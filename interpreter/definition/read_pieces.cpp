// Who plays and with what: the `players`, `pieces`, `reserves` and `events` sections, and
// the piece codes made of them (sections.h).
#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <set>

#include "core/text.h"
#include "definition/sections.h"

namespace boardlab {

using namespace schema;

namespace {

const Field kPlayerName{"name", string(), true, "the player's name, used in positions and on the command line"};
const Field kForward{"forward", string(), false, "the direction this player calls forward (a direction name)"};
const Field kColour = outside_rules({"colour", string(), false, "the colour pictures of the board give this player's pieces"});
const Field kGlyphs{"glyphs", dict(string()), true, "one character per player, used in positions and on the board"};
const Field kRank{"rank", integer(), false, "a number the script may compare (higher is stronger); default 0"};
const Field kPieceDoc = outside_rules({"doc", string(), false, "what the piece is"});
const Field kEventDoc = outside_rules({"doc", string(), false, "what it counts, for people reading the definition"});

// A CSS colour name or #rgb / #rrggbb: pictures of the board use it as it is.
bool is_colour(const std::string& c) {
  const bool name = !c.empty() && c.size() <= 24 && std::all_of(c.begin(), c.end(), [](char ch) { return ch >= 'a' && ch <= 'z'; });
  const bool hex = (c.size() == 4 || c.size() == 7) && c[0] == '#' &&
                   std::all_of(c.begin() + 1, c.end(), [](unsigned char ch) { return std::isxdigit(ch); });
  return name || hex;
}

}  // namespace

const Field& players_key() {
  static const Field f{"players", list(structure({kPlayerName, kForward, kColour})), true, "the players, in turn order"};
  return f;
}
const Field& pieces_key() {
  static const Field f{"pieces", dict(structure({kGlyphs, kRank, kPieceDoc})), true, "the kinds of piece"};
  return f;
}
const Field& reserves_key() {
  static const Field f{"reserves", list(string()), false, "named off-board places per player (bar, off, captured)"};
  return f;
}
const Field& events_key() {
  static const Field f{"events", dict(structure({kEventDoc})), false,
                       "named events a move may carry (moves.begin({'capture'})), counted by simulate; at most 7"};
  return f;
}

void read_players(DefinitionReader& r) {
  GameDef& g = r.def();
  const YNode& list = *r.section(players_key());
  for (const auto& p : list.items) {
    PlayerDef pd;
    const YNode& name = *kPlayerName.in(*p);
    pd.name = name.scalar;
    r.check_name(name.pos, "player", pd.name);
    if (g.player_index(pd.name) >= 0) r.error(name.pos, fmt::format("duplicate player '{}'", pd.name));
    if (const YNode* c = kColour.in(*p)) {
      pd.colour = c->scalar;
      if (!is_colour(pd.colour))
        r.error(c->pos, fmt::format("colour '{}' should be a colour name (crimson) or #rrggbb", escape_control(pd.colour)));
    }
    g.players.push_back(pd);
  }
  if (g.players.empty()) r.error(list.pos, "a game needs at least one player");
  if (g.players.size() > kMaxPlayers) r.error(list.pos, fmt::format("at most {} players are supported", kMaxPlayers));
}

// Each player's forward direction, once the board has its directions.
void read_forward(DefinitionReader& r) {
  GameDef& g = r.def();
  const auto& items = r.section(players_key())->items;
  for (size_t i = 0; i < items.size() && i < g.players.size(); ++i)
    if (const YNode* f = kForward.in(*items[i])) g.players[i].forward = r.direction(*f);
}

void read_pieces(DefinitionReader& r) {
  GameDef& g = r.def();
  const YNode& pcs = *r.section(pieces_key());
  const std::vector<std::string> pnames = r.player_names();
  std::set<char> used;
  for (const auto& [name, decl] : pcs.fields) {
    PieceKind k;
    k.name = name;
    if (const YNode* rank = kRank.in(*decl)) k.rank = r.bounded(*rank, -1000, 1000, "a piece's rank is from -1000 to 1000");
    k.glyphs.assign(g.players.size(), '?');
    const YNode& glyphs = *kGlyphs.in(*decl);
    for (const auto& [pname, gl] : glyphs.fields) {
      int p = g.player_index(pname);
      if (p < 0) {
        r.unknown(*glyphs.key_position(pname), "player", pname, pnames);
        continue;
      }
      if (gl->scalar.size() != 1 || !std::isgraph(static_cast<unsigned char>(gl->scalar[0])) ||
          std::string("=.,;:/#").find(gl->scalar[0]) != std::string::npos) {
        r.error(gl->pos, "a glyph must be one printable character other than = . , ; : / #");
        continue;
      }
      if (!used.insert(gl->scalar[0]).second) r.error(gl->pos, fmt::format("glyph '{}' is used twice", gl->scalar));
      k.glyphs[p] = gl->scalar[0];
    }
    for (size_t p = 0; p < g.players.size(); ++p)
      if (k.glyphs[p] == '?' && !glyphs.get(g.players[p].name))
        r.error(glyphs.pos, fmt::format("missing key '{}' in 'pieces.{}.{}'", g.players[p].name, name, kGlyphs.name));
    g.kinds.push_back(k);
  }
  // Piece codes: 0 is empty; code = 1 + kind * nplayers + owner.
  const int np = g.nplayers();
  g.ncodes = 1 + static_cast<int>(g.kinds.size()) * np;
  if (g.ncodes > 255) r.error(pcs.pos, "too many kinds of piece");
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

void read_reserves(DefinitionReader& r) {
  GameDef& g = r.def();
  if (const YNode* list = r.section(reserves_key()))
    for (const auto& s : list->items) {
      r.check_name(s->pos, "reserve", s->scalar);
      if (std::find(g.reserve_slots.begin(), g.reserve_slots.end(), s->scalar) != g.reserve_slots.end())
        r.error(s->pos, fmt::format("duplicate reserve '{}'", s->scalar));
      g.reserve_slots.push_back(s->scalar);
    }
}

void read_events(DefinitionReader& r) {
  GameDef& g = r.def();
  const YNode* e = r.section(events_key());
  if (!e) return;
  for (size_t i = 0; i < e->fields.size(); ++i) {
    const auto& [name, v] = e->fields[i];
    if (name == "progress")
      r.error(e->key_pos[i], "'progress' is the name of the progress flag, not an event: choose another name");
    EventDef ed{name, name};
    if (const YNode* doc = kEventDoc.in(*v)) ed.doc = doc->scalar;
    g.events.push_back(ed);
  }
  if (g.events.size() > static_cast<size_t>(kMaxEvents))
    r.error(e->pos, fmt::format("at most {} named events (a move's flags have room for no more)", kMaxEvents));
}

}  // namespace boardlab
