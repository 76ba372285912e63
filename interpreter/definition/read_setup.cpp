// The `setup` section: the stacks the board starts with, and the reserves stocked with
// pieces in hand (sections.h).
#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <limits>

#include "core/text.h"
#include "definition/sections.h"

namespace boardlab {

using namespace schema;

namespace {

const Field kStack{"stack", string(), false, "the pieces, bottom to top, as glyphs (with `cells`)"};
const Field kRepeat{"repeat", integer("", true), false,
                    "the stack this many times over (`{stack: s, repeat: $seeds}`); default 1"};
const Field kCells{"cells", list(string()), false,
                   "the cells that start with this stack; `a1..h3` is every playable cell of that rectangle"};
const Field kReserve{"reserve", string(), false,
                     "a reserve that starts stocked (pieces in hand), with `pieces`, instead of `stack` and `cells`"};
const Field kPieces{"pieces", dict(scalar()), false,
                    "how many of each piece (by glyph) the reserve starts with: `{x: 61, o: 61}`, or `unlimited` (a "
                    "hand that never runs out)"};
constexpr const char* kUnlimited = "unlimited";

// How many cells a setup entry names: 1, or for "a1..c3" (or "1..6" on a track) the
// rectangle's area.
int range_size(const std::string& item) {
  const size_t dots = item.find("..");
  if (dots == std::string::npos) return 1;
  auto coords = [](const std::string& name) {
    size_t i = 0;
    int x = 0;
    // Names far past any board's are held at 10,000: the range is refused later anyway.
    while (i < name.size() && std::islower(static_cast<unsigned char>(name[i])))
      x = std::min(x * 26 + (name[i++] - 'a' + 1), 10'000);
    return std::pair{x, static_cast<int>(std::clamp<long long>(parse_int(name.substr(i)).value_or(0), 0, 10'000))};
  };
  auto [x0, y0] = coords(item.substr(0, dots));
  auto [x1, y1] = coords(item.substr(dots + 2));
  return std::clamp((std::abs(x1 - x0) + 1) * (std::abs(y1 - y0) + 1), 1, 4096);
}

// A reserve stocked at the start: pieces in hand.
void stock(DefinitionReader& r, const YNode& e) {
  GameDef& g = r.def();
  if (kStack.in(e) || kCells.in(e)) {
    r.error(e.pos, "a setup entry stocks a reserve (`reserve`, `pieces`) or sets up cells (`stack`, `cells`), not both");
    return;
  }
  const YNode& res = *kReserve.in(e);
  const int slot = r.reserve(res);
  if (slot < 0) return;
  const YNode* pieces = kPieces.in(e);
  if (!pieces) {
    r.error(e.pos, "a stocked reserve lists its pieces: `pieces: {x: 61, o: 61}`");
    return;
  }
  for (const auto& [glyph, count] : pieces->fields) {
    const int code = glyph.size() == 1 ? g.code_of_glyph(glyph[0]) : -1;
    if (code < 0) {
      r.error(count->pos, fmt::format("'{}' is no piece glyph", glyph));
      continue;
    }
    for (const ReserveStock& s : g.stock)
      if (s.slot == slot && s.code == code)
        r.error(count->pos, fmt::format("reserve '{}' is stocked with '{}' twice", res.scalar, glyph));
    const bool unlimited = count->scalar == kUnlimited;
    g.stock.push_back({slot, static_cast<uint8_t>(code),
                       unlimited ? kUnlimitedStock : r.int_value(*count, "setup.pieces", 1, kMaxStock)});
    if (unlimited) {
      g.unlimited.resize(g.reserve_slots.size() * static_cast<size_t>(g.ncodes), 0);
      g.unlimited[static_cast<size_t>(slot) * g.ncodes + code] = 1;
    }
  }
}

// A stack of glyphs as piece codes, bottom to top; empty after an error.
std::vector<uint8_t> stack_of(DefinitionReader& r, const YNode& st) {
  const GameDef& g = r.game();
  std::vector<uint8_t> stack;
  for (char ch : st.scalar) {
    const int c = g.code_of_glyph(ch);
    if (c < 0) {
      std::vector<std::string> glyphs;
      for (int x = 1; x < g.ncodes; ++x)
        if (g.glyph_of[x] != '?') glyphs.emplace_back(1, g.glyph_of[x]);
      r.unknown(st.pos, "piece glyph", std::string(1, ch), glyphs);
      return {};
    }
    stack.push_back(static_cast<uint8_t>(c));
  }
  return stack;
}

}  // namespace

const Field& setup_key() {
  static const Field f{"setup", list(structure({kStack, kRepeat, kCells, kReserve, kPieces})), false,
                       "the starting position"};
  return f;
}

long long setup_piece_count(DefinitionReader& r) {
  long long total = 0;
  const YNode* setup = r.section(setup_key());
  if (!setup) return total;
  for (const auto& e : setup->items) {
    if (const YNode* cells = kCells.in(*e); cells && kStack.in(*e)) {
      const YNode* rep = kRepeat.in(*e);
      const long long times = rep ? std::clamp<long long>(parse_int(r.resolve(*rep)).value_or(1), 1, 255) : 1;
      for (const auto& cell : cells->items)
        total += static_cast<long long>(kStack.in(*e)->scalar.size()) * times * range_size(cell->scalar);
    }
    if (const YNode* pieces = kPieces.in(*e))  // pieces in hand, which may all end on one stack
      for (const auto& [glyph, count] : pieces->fields)
        total += std::clamp<long long>(parse_int(r.resolve(*count)).value_or(0), 0, kMaxStock);
  }
  return total;
}

void read_setup(DefinitionReader& r) {
  GameDef& g = r.def();
  const YNode* setup = r.section(setup_key());
  if (!setup || g.board.ncells == 0) return;
  std::vector<int> seen(g.board.ncells, 0);
  for (const auto& e : setup->items) {
    if (kReserve.in(*e)) {
      stock(r, *e);
      continue;
    }
    const YNode* st = kStack.in(*e);
    const YNode* cells = kCells.in(*e);
    if (!st || !cells) {
      r.error(e->pos, "a setup entry gives a stack and its cells (`{stack: xx, cells: [a1]}`), or a reserve and its "
                      "pieces (`{reserve: hand, pieces: {x: 61}}`)");
      continue;
    }
    std::vector<uint8_t> stack = stack_of(r, *st);
    if (const YNode* rep = kRepeat.in(*e)) {  // the stack `repeat` times over: seeds by an option
      const int times = r.int_value(*rep, "setup.repeat", 1, 255);
      std::vector<uint8_t> one = stack;
      for (int t = 1; t < times && stack.size() <= 255; ++t) stack.insert(stack.end(), one.begin(), one.end());
    }
    if (static_cast<int>(stack.size()) > g.stack_cap)
      r.error(st->pos, fmt::format("the stack is taller than board.max_stack ({})", g.stack_cap));
    for (const auto& cn : cells->items)
      for (int c : r.cells_named(*cn, "nothing is set up there")) {
        if (seen[c]++) r.error(cn->pos, fmt::format("cell '{}' is set up twice", g.board.cell_names[c]));
        if (!stack.empty()) g.setup.push_back({c, stack});
      }
  }
  long long pieces = 0;
  for (const SetupEntry& e : g.setup) pieces += static_cast<long long>(e.stack.size());
  for (const ReserveStock& s : g.stock)
    if (!g.is_unlimited(s.slot, s.code)) pieces += s.count;
  // Any hand may gather every piece: a game holds no more than a hand may.
  if (pieces > kMaxStock)
    r.error(setup->pos, fmt::format("the setup holds {} pieces (on the board and in limited hands); a game holds at most {}",
                                    pieces, kMaxStock));
  if (g.unlimited.empty()) g.setup_pieces = static_cast<int>(std::min<long long>(pieces, kMaxStock));
}

}  // namespace boardlab
