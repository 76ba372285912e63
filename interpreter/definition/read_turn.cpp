// The turn machine: the `turn`, `repetition` and `dice` sections, and every roll the dice
// can make, listed once at load (sections.h).
#include <algorithm>
#include <fmt/format.h>

#include "core/text.h"
#include "definition/sections.h"

namespace boardlab {

using namespace schema;

int DiceDef::played(const uint8_t* d) const {
  for (int i = 1; i < count; ++i)
    if (d[i] != d[0]) return count;
  return doubles;
}

namespace {

const Names<NoMovePolicy> kNoMovePolicies{
    {"lose", NoMovePolicy::Lose}, {"pass", NoMovePolicy::Pass}, {"draw", NoMovePolicy::Draw}};
const Names<RepetitionKey> kRepetitionKeys{{"board", RepetitionKey::Board}, {"board+side", RepetitionKey::BoardAndSide}};
const Names<bool> kFirstRolls{{"normal", false}, {"roll-off", true}};

const Field kFirst{"first", string(), false, "the player who moves first (a name or $option)"};
const Field kNoMoves{"no_moves", kNoMovePolicies.schema("", true), false,
                     "what happens to a side with no legal move: it loses, passes, or the game is drawn"};
const Field kMaxPlies{"max_plies", integer("", true), false, "the game is drawn after this many plies; 0 for no cap"};
const Field kLoseWithoutPieces{"lose_without_pieces", boolean(), false,
                               "a player with no piece on the board loses, checked for every player after every move"};
const Field kLoseWithoutStacks{"lose_without_stacks", boolean(), false,
                               "a player who owns no stack (no stack with their piece on top) loses, checked for every "
                               "player after every move"};
const Field kNoProgress{"no_progress", integer("", true), false,
                        "the game is drawn after this many plies in a row without a move flagged as progress"};
const Field kCount{"count", integer("", true), true, "the game is drawn when a position occurs this many times"};
const Field kKey{"key", kRepetitionKeys.schema(), false, "what makes two positions the same; default board+side"};
const Field kDiceCount{"count", integer(), true, "how many dice are rolled before each move"};
const Field kSides{"sides", integer(), false, "faces per die, numbered from 1; default 6"};
const Field kDoubles{"doubles", integer(), false,
                     "a roll whose dice all show the same number counts as this many dice; default count"};
const Field kFirstRoll{"first_roll", kFirstRolls.schema(), false,
                       "roll-off: each player rolls one die, ties are rolled again, and the higher roller moves first "
                       "with both numbers; default normal"};

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

const Field& turn_key() {
  static const Field f{"turn", structure({kFirst, kNoMoves, kMaxPlies, kLoseWithoutPieces, kLoseWithoutStacks, kNoProgress}),
                       false, "the turn machine"};
  return f;
}
const Field& repetition_key() {
  static const Field f{"repetition", structure({kCount, kKey}), false, "the repetition draw"};
  return f;
}
const Field& dice_key() {
  static const Field f{"dice", structure({kDiceCount, kSides, kDoubles, kFirstRoll}), false,
                       "dice rolled by the runtime before every move"};
  return f;
}

void read_turn(DefinitionReader& r) {
  GameDef& g = r.def();
  // Losing for having no move, or no piece, names a winner only between two players: a
  // game of more players passes, and its result() hook decides the end.
  const bool two = g.nplayers() == 2;
  g.no_moves = two ? NoMovePolicy::Lose : NoMovePolicy::Pass;
  auto two_only = [&](const YNode& n, const Field& rule, const char* value) {
    r.error(n.pos, fmt::format("'{}.{}{}' needs two players (this game has {}: one player's loss names no winner); "
                               "decide the end in the script's result() hook",
                               turn_key().name, rule.name, value, g.nplayers()));
  };
  if (const YNode* t = r.section(turn_key())) {
    if (const YNode* f = kFirst.in(*t)) {
      std::string who = r.resolve(*f);
      int p = g.player_index(who);
      if (p < 0 && !who.empty()) r.unknown(f->pos, "player", who, r.player_names());
      g.first_player = std::max(p, 0);
    }
    if (const YNode* n = kNoMoves.in(*t)) {
      const std::string v = r.resolve(*n);
      const auto policy = kNoMovePolicies.find(v);
      if (policy == NoMovePolicy::Lose && !two) two_only(*n, kNoMoves, ": lose");
      else if (policy) g.no_moves = *policy;
      else if (!v.empty())
        r.error(n->pos, fmt::format("'{}.{}' must be {}, not '{}'", turn_key().name, kNoMoves.name,
                                    kNoMovePolicies.alternatives(), v));
    }
    if (const YNode* m = kMaxPlies.in(*t)) g.max_plies = r.int_value(*m, "turn.max_plies", 0, kMaxPly);
    if (const YNode* m = kNoProgress.in(*t)) g.no_progress_plies = r.int_value(*m, "turn.no_progress", 0);
    for (auto [key, rule] : {std::pair{&kLoseWithoutPieces, &g.lose_without_pieces},
                             std::pair{&kLoseWithoutStacks, &g.lose_without_stacks}})
      if (const YNode* l = key->in(*t)) {
        *rule = *parse_bool(l->scalar);
        if (*rule && !two) two_only(*l, *key, "");
      }
  }
  if (const YNode* rep = r.section(repetition_key())) {
    g.repetition_count = r.int_value(*kCount.in(*rep), "repetition.count", 2, 1000);
    g.repetition_key = kRepetitionKeys.of(kKey.in(*rep), RepetitionKey::BoardAndSide);
  }
}

void read_dice(DefinitionReader& r) {
  GameDef& g = r.def();
  const YNode* d = r.section(dice_key());
  if (!d) return;
  g.dice.count = r.int_value(*kDiceCount.in(*d), "dice.count", 1, kMaxDice);
  if (const YNode* n = kSides.in(*d)) g.dice.sides = r.int_value(*n, "dice.sides", 2, 255);
  g.dice.doubles = g.dice.count;
  if (const YNode* n = kDoubles.in(*d)) g.dice.doubles = r.int_value(*n, "dice.doubles", 1, kMaxDice);
  if (const YNode* n = kFirstRoll.in(*d); kFirstRolls.of(n, false)) {
    g.dice.roll_off = true;
    if (g.players.size() != 2 || g.dice.count != 2) r.error(n->pos, "a roll-off needs two players and two dice");
  }
  // C(sides + count - 1, count) distinct rolls, counted before they are listed.
  double rolls = 1;
  for (int k = 1; k <= g.dice.count; ++k) rolls = rolls * (g.dice.sides + k - 1) / k;
  if (rolls > kMaxRolls) {
    r.error(d->pos, fmt::format("{} dice of {} sides have {:.0f} distinct rolls; at most {} are allowed", g.dice.count,
                                g.dice.sides, rolls, kMaxRolls));
    return;
  }
  list_rolls(g.dice);
}

}  // namespace boardlab
