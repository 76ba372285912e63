// Position text: printing and reading the game-independent position format.
#include "state/position_text.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/text.h"

namespace boardlab {

std::string position_text(const State& s, WithPly ply) {
  const GameDef& g = s.def();
  std::string out = g.players[s.side()].name;
  if (ply == WithPly::Yes && s.ply() > 0) out += fmt::format(" ply:{}", s.ply());
  if (g.dice.count && s.opening_roll()) out += " dice:roll-off";
  if (g.dice.count && !s.awaiting_roll()) out += " dice:" + fmt::format("{}", fmt::join(s.rolled(), ","));
  for (int c = 0; c < g.board.ncells; ++c) {
    if (!s.height(c)) continue;
    out += ' ';
    out += g.board.cell_names[c];
    out += '=';
    for (int l = 0; l < s.height(c); ++l) out += g.glyph_of[s.piece(c, l)];
  }
  for (size_t slot = 0; slot < g.reserve_slots.size(); ++slot)
    for (int code = 1; code < g.ncodes; ++code)
      if (int n = s.reserve(static_cast<int>(slot), code); n && !g.is_unlimited(static_cast<int>(slot), code))
        out += fmt::format(" {}:{}={}", g.reserve_slots[slot], g.glyph_of[code], n);
  return out;
}

std::string dice_text(const State& s) {
  return s.def().dice.count && !s.awaiting_roll() ? fmt::format("{}", fmt::join(s.rolled(), "-")) : "";
}

std::vector<uint8_t> parse_dice(const GameDef& g, const std::string& text) {
  if (!g.dice.count) throw PositionError("this game has no dice");
  std::vector<uint8_t> out;
  size_t at = 0;
  while (at <= text.size()) {
    size_t comma = text.find_first_of(",-", at);
    if (comma == std::string::npos) comma = text.size();
    auto v = parse_int(text.substr(at, comma - at));
    if (!v || *v < 1 || *v > g.dice.sides)
      throw PositionError(fmt::format("'{}': each die is a number from 1 to {}", text, g.dice.sides));
    out.push_back(static_cast<uint8_t>(*v));
    at = comma + 1;
  }
  if (static_cast<int>(out.size()) != g.dice.count)
    throw PositionError(fmt::format("'{}': this game rolls {} dice", text, g.dice.count));
  return out;
}

State parse_position(const GameDef& g, const std::string& text) {
  auto tokens = split_ws(text);
  if (tokens.empty()) throw PositionError("empty position: expected the side to move first");
  State s(g);
  s.clear();
  int side = g.player_index(tokens[0]);
  if (side < 0) {
    std::vector<std::string> names;
    for (const auto& p : g.players) names.push_back(p.name);
    throw PositionError(fmt::format("'{}' is not a player (expected one of: {})", tokens[0], join(names, ", ")));
  }
  s.set_side(side);
  std::vector<bool> seen(g.board.ncells, false);
  long ply = 0;
  for (size_t i = 1; i < tokens.size(); ++i) {
    const std::string& t = tokens[i];
    if (t.rfind("ply:", 0) == 0) {
      const auto n = parse_int(t.substr(4));
      if (!n || *n < 0 || *n > kMaxPly) throw PositionError(fmt::format("'{}': the ply is a number from 0 to {}", t, kMaxPly));
      ply = static_cast<long>(*n);
      continue;
    }
    if (t.rfind("dice:", 0) == 0 && t.find('=') == std::string::npos) {
      if (!g.dice.count) throw PositionError(fmt::format("'{}': this game has no dice", t));
      const std::string v = t.substr(5);
      if (v == "roll-off") {
        if (!g.dice.roll_off) throw PositionError(fmt::format("'{}': this game has no roll-off", t));
        s.set_opening_roll();
        continue;
      }
      const auto dice = parse_dice(g, v);
      s.set_dice(dice.data(), static_cast<int>(dice.size()));
      continue;
    }
    size_t eq = t.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == t.size())
      throw PositionError(fmt::format("'{}': expected cell=pieces or reserve:glyph=count", t));
    std::string lhs = t.substr(0, eq), rhs = t.substr(eq + 1);
    if (size_t colon = lhs.find(':'); colon != std::string::npos) {
      std::string slot_name = lhs.substr(0, colon), glyph = lhs.substr(colon + 1);
      int slot = -1;
      for (size_t k = 0; k < g.reserve_slots.size(); ++k)
        if (g.reserve_slots[k] == slot_name) slot = static_cast<int>(k);
      if (slot < 0) throw PositionError(fmt::format("'{}': no reserve named '{}'", t, slot_name));
      int code = glyph.size() == 1 ? g.code_of_glyph(glyph[0]) : -1;
      if (code < 0) throw PositionError(fmt::format("'{}': '{}' is not a piece glyph", t, glyph));
      if (g.is_unlimited(slot, code)) throw PositionError(fmt::format("'{}': the hand of '{}' in {} is unlimited: it has no count", t, glyph, slot_name));
      auto n = parse_int(rhs);
      if (!n || *n < 0 || *n > kMaxStock)
        throw PositionError(fmt::format("'{}': the count is a number from 0 to {}", t, kMaxStock));
      s.set_reserve(slot, code, static_cast<int32_t>(*n));
      continue;
    }
    int cell = g.board.cell_index(lhs);
    if (cell < 0) throw PositionError(fmt::format("'{}': no cell named '{}'", t, lhs));
    if (!g.board.playable[cell]) throw PositionError(fmt::format("'{}': cell {} cannot hold pieces", t, lhs));
    if (seen[cell]) throw PositionError(fmt::format("'{}': cell {} is given twice", t, lhs));
    seen[cell] = true;
    if (static_cast<int>(rhs.size()) > g.stack_cap)
      throw PositionError(fmt::format("'{}': at most {} pieces fit on a cell", t, g.stack_cap));
    for (char ch : rhs) {
      int code = g.code_of_glyph(ch);
      if (code < 0) throw PositionError(fmt::format("'{}': '{}' is not a piece glyph", t, ch));
      s.push_piece(cell, static_cast<uint8_t>(code));
    }
  }
  if (g.setup_pieces >= 0 && s.total_pieces() > g.setup_pieces)
    throw PositionError(fmt::format("the position holds {} pieces, and this game has {} (its setup): no move adds any",
                                    s.total_pieces(), g.setup_pieces));
  s.reset_history();
  s.set_ply(static_cast<int>(ply));
  return s;
}

}  // namespace boardlab
