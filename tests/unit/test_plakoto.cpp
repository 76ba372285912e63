// Plakoto (shared/rules/README.md section 7): the bundled game's legal turns against an
// independent generator written here from the rules text alone. The generator is naive on
// purpose: it tries every order of every die on every checker, keeps the turns that use the
// most dice (the larger die when only one of two can be used) and counts a turn as the
// position it leads to. It knows nothing of the script or its dice_turns library, so a
// shared mistake would have to be made twice. Compared: hand-made positions (pins, closed
// points, bearing off beside a pinned checker, the bear_off_while_pinned option, the larger
// die, a pass, the mother rule), every position of seeded random games, and perft.
// Its rule scenarios are data: definitions/plakoto.test.yaml.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>

#include "helpers.h"
#include "rules/playout.h"
#include "state/position_text.h"

using namespace boardlab;

namespace {

// What a position's end is, as a number both sides of the comparison can give.
constexpr int kGoingOn = -2, kDrawn = -1;  // otherwise the winner: 0 white, 1 black

// Plakoto as plain strings: each point's checkers bottom to top in position-text glyphs
// (w white, b black). A stack is one side's checkers, or one pinned checker at the bottom
// under the other side's. White's point p is cell p, black's is cell 25 - p; each side
// moves from its 24-point toward its 1-point and bears off past it.
struct PlainPlakoto {
  std::array<std::string, 25> col;  // col[cell], cells 1..24 (col[0] unused)
  std::array<int, 2> off{};         // borne off
  int side = 0;                     // 0 white, 1 black
  std::vector<int> dice;            // the roll to play, as rolled (a double once per die)
  bool pinned_may_bear_off = true;  // option bear_off_while_pinned
  bool mother_rule = true;          // option mother_rule

  static char glyph(int who) { return who == 0 ? 'w' : 'b'; }
  static int cell(int who, int point) { return who == 0 ? point : 25 - point; }
  static int point(int who, int cell) { return who == 0 ? cell : 25 - cell; }

  bool has(int c, int who) const { return col[c].find(glyph(who)) != std::string::npos; }
  // The bottom checker of `c` is `who`'s, held down by an enemy checker above it.
  bool pinned_at(int c, int who) const { return col[c].size() >= 2 && col[c][0] == glyph(who) && col[c][1] != glyph(who); }
  bool any_pinned(int who) const {
    for (int c = 1; c <= 24; ++c)
      if (pinned_at(c, who)) return true;
    return false;
  }
  // All of `who`'s checkers on the board (pinned ones too) stand on its points 1-6.
  bool all_home(int who) const {
    for (int c = 1; c <= 24; ++c)
      if (has(c, who) && point(who, c) > 6) return false;
    return true;
  }
  // The highest point holding a checker of `who` (a pinned one occupies its point), or 0.
  int highest(int who) const {
    int h = 0;
    for (int c = 1; c <= 24; ++c)
      if (has(c, who)) h = std::max(h, point(who, c));
    return h;
  }

  // The side to move plays one die with the checker on top of `from`, if it may.
  std::optional<PlainPlakoto> step(int from, int die) const {
    const char me = glyph(side);
    if (col[from].empty() || col[from].back() != me) return std::nullopt;  // none of ours, or ours is pinned
    const int p = point(side, from), q = p - die;
    PlainPlakoto next = *this;
    next.col[from].pop_back();  // leaving with the last checker frees a pinned one: it is on top now
    if (q >= 1) {
      const std::string& to = col[cell(side, q)];
      // Closed: two or more enemy checkers, or an enemy checker pinning one of ours; both
      // are a stack of height 2+ with an enemy on top. A lone enemy checker is pinned.
      if (!to.empty() && to.back() != me && to.size() >= 2) return std::nullopt;
      next.col[cell(side, q)].push_back(me);
      return next;
    }
    // Bearing off: every checker home, and (the option) none of ours pinned anywhere.
    if (!all_home(side)) return std::nullopt;
    if (!pinned_may_bear_off && any_pinned(side)) return std::nullopt;
    // An exact die bears off from its point; a higher one only from the highest point.
    if (q < 0 && p != highest(side)) return std::nullopt;
    ++next.off[static_cast<size_t>(side)];
    return next;
  }

  bool mother_pinned(int who) const { return pinned_at(cell(who, 24), who); }
  // The game's end by the rules text: all 15 borne off; both mothers pinned (a draw); a
  // pinned mother once its pinner has left its own starting point (the mother rule).
  int result() const {
    for (int who = 0; who < 2; ++who)
      if (off[static_cast<size_t>(who)] == 15) return who;
    if (mother_pinned(0) && mother_pinned(1)) return kDrawn;
    if (mother_rule)
      for (int who = 0; who < 2; ++who)
        if (mother_pinned(who) && !has(cell(1 - who, 24), 1 - who)) return 1 - who;
    return kGoingOn;
  }

  // Every sequence of single-die steps, each recorded where it cannot go on, keyed by
  // (dice used, the first die used, the position): the turn rules filter them afterwards.
  // Stopping only where no die can be played is no pruning: a shorter sequence that could
  // go on uses fewer dice than its continuation and would be dropped anyway.
  using Ends = std::map<std::tuple<int, int, std::string>, PlainPlakoto>;
  void walk(const std::vector<int>& left, int used, int first, Ends& ends) const {
    bool went_on = false;
    for (size_t i = 0; i < left.size(); ++i) {
      // Equal dice (a double) are one choice: trying each copy would give the same turns.
      const auto here = left.begin() + static_cast<long>(i);
      if (std::find(left.begin(), here, left[i]) != here) continue;
      std::vector<int> rest = left;
      rest.erase(rest.begin() + static_cast<long>(i));
      for (int c = 1; c <= 24; ++c) {
        auto next = step(c, left[i]);
        if (!next) continue;
        went_on = true;
        next->walk(rest, used + 1, used == 0 ? left[i] : first, ends);
      }
    }
    if (!went_on) ends.emplace(std::make_tuple(used, first, board_text()), *this);
  }

  // Every legal turn by the position it leads to (the other side to move, waiting for its
  // roll); a pass is the one turn that changes nothing. None once the game is over.
  std::map<std::string, PlainPlakoto> moves() const {
    std::map<std::string, PlainPlakoto> out;
    if (result() != kGoingOn) return out;
    std::vector<int> left = dice;
    if (dice.size() == 2 && dice[0] == dice[1]) left = {dice[0], dice[0], dice[0], dice[0]};
    Ends ends;
    walk(left, 0, 0, ends);
    int most = 0;
    for (const auto& [key, p] : ends) most = std::max(most, std::get<0>(key));
    // One die of two played: the larger one if any turn plays it.
    const int larger = *std::max_element(left.begin(), left.end());
    bool larger_played = false;
    for (const auto& [key, p] : ends) larger_played |= std::get<0>(key) == 1 && std::get<1>(key) == larger;
    const bool need_larger = most == 1 && left.size() == 2 && left[0] != left[1] && larger_played;
    for (const auto& [key, p] : ends) {
      if (std::get<0>(key) != most || (need_larger && std::get<1>(key) != larger)) continue;
      PlainPlakoto next = p;
      next.side = 1 - side;
      next.dice.clear();
      out.emplace(next.text(), next);
    }
    return out;
  }

  std::string board_text() const {
    std::string t;
    for (int c = 1; c <= 24; ++c)
      if (!col[c].empty()) t += " " + std::to_string(c) + "=" + col[c];
    for (int who = 0; who < 2; ++who) {
      const int n = off[static_cast<size_t>(who)];
      if (n) t += std::string(" off:") + glyph(who) + "=" + std::to_string(n);
    }
    return t;
  }
  std::string text() const {
    std::string t = side == 0 ? "white" : "black";
    if (!dice.empty()) t += " dice:" + std::to_string(dice[0]) + "," + std::to_string(dice[1]);
    return t + board_text();
  }
  PlainPlakoto rolled(int a, int b) const {
    PlainPlakoto p = *this;
    p.dice = {a, b};
    return p;
  }

  // perft as the runtime counts it: a roll is no ply, and the count sums over the 21
  // distinct rolls unweighted (rules/playout.cpp); finished games stop counting.
  uint64_t perft(int depth) const {
    const auto ms = moves();
    if (depth == 1) return ms.size();
    uint64_t n = 0;
    for (const auto& [t, next] : ms)
      if (next.result() == kGoingOn) n += next.perft_rolls(depth - 1);
    return n;
  }
  uint64_t perft_rolls(int depth) const {
    uint64_t n = 0;
    for (int a = 1; a <= 6; ++a)
      for (int b = 1; b <= a; ++b) n += rolled(a, b).perft(depth);
    return n;
  }

  // Reads a position text ("white dice:6,5 1=bbb 18=wb off:w=3"); fails the test on
  // anything else.
  static PlainPlakoto read(const std::string& text) {
    PlainPlakoto p;
    std::istringstream in(text);
    std::string word;
    in >> word;
    REQUIRE((word == "white" || word == "black"));
    p.side = word == "white" ? 0 : 1;
    while (in >> word) {
      if (word.rfind("dice:", 0) == 0) {
        REQUIRE(word.size() == 8);
        p.dice = {word[5] - '0', word[7] - '0'};
      } else if (word.rfind("off:", 0) == 0) {
        REQUIRE(word.size() > 6);
        p.off[word[4] == 'w' ? 0 : 1] = std::stoi(word.substr(6));
      } else {
        const auto eq = word.find('=');
        REQUIRE(eq != std::string::npos);
        const int c = std::stoi(word.substr(0, eq));
        REQUIRE((c >= 1 && c <= 24));
        p.col[static_cast<size_t>(c)] = word.substr(eq + 1);
      }
    }
    return p;
  }
};

int result_code(const Outcome& o) {
  if (!o.over()) return kGoingOn;
  return o.kind == Outcome::Kind::Draw ? kDrawn : o.winner;
}

// The runtime's legal turns of `s`: the position text each leads to -> how the game stands
// there. `distinct` says whether no two moves lead to the same position (they must not: two
// orders of the same steps are one move).
std::map<std::string, int> runtime_results(const Rules& game, const State& s, bool& distinct) {
  MoveList moves;
  game.legal_moves(s, moves);
  std::map<std::string, int> out;
  for (int i = 0; i < moves.size(); ++i) {
    State t = s;
    game.apply(t, moves[i]);
    out.emplace(position_text(t, WithPly::No), result_code(t.outcome()));
  }
  distinct = static_cast<int>(out.size()) == moves.size();
  return out;
}

// The generator's turns, their positions printed by the runtime's position text (read and
// printed again: the same words in the runtime's order).
std::map<std::string, int> plain_results(const GameDef& def, const PlainPlakoto& p) {
  std::map<std::string, int> out;
  for (const auto& [t, next] : p.moves()) out.emplace(position_text(parse_position(def, t)), next.result());
  return out;
}

bool option_on(const GameDef& def, const std::string& name) {
  const OptionDef* o = def.option(name);
  REQUIRE(o != nullptr);
  return o->value == "true";
}

// The generator's view of a runtime position, with the game's options.
PlainPlakoto plain_for(const Rules& game, const State& s) {
  PlainPlakoto p = PlainPlakoto::read(position_text(s, WithPly::No));
  p.pinned_may_bear_off = option_on(game.def(), "bear_off_while_pinned");
  p.mother_rule = option_on(game.def(), "mother_rule");
  return p;
}

std::string listing(const std::map<std::string, int>& results) {
  std::string t;
  for (const auto& [pos, r] : results) t += "\n  " + pos + (r == kGoingOn ? "" : "  (over: " + std::to_string(r) + ")");
  return t;
}

// Compares the runtime's turns of `s` with the generator's; on a difference, prints both.
void compare(const Rules& game, const State& s) {
  bool distinct = false;
  const auto ours = runtime_results(game, s, distinct);
  const auto want = plain_results(game.def(), plain_for(game, s));
  INFO("position: " << position_text(s) << "\nruntime's results:" << listing(ours)
                     << "\ngenerator's results:" << listing(want));
  CHECK(distinct);
  CHECK(ours == want);
}

// The invariants of every position: 15 checkers a side on the board and off; a stack is one
// side's checkers, or one pinned checker under the other side's.
void check_invariants(const State& s) {
  const GameDef& def = s.def();
  std::array<int, 2> total{};
  for (int p = 0; p < 2; ++p) total[static_cast<size_t>(p)] = s.reserve(def.off_slot, def.code(0, p));
  for (int c = 0; c < def.board.ncells; ++c) {
    const int h = s.height(c);
    for (int l = 0; l < h; ++l) {
      const int code = s.piece(c, l);
      REQUIRE((code == def.code(0, 0) || code == def.code(0, 1)));
      ++total[code == def.code(0, 0) ? 0 : 1];
      // Above level 0, all one side: at most one pinned checker, and only at the bottom.
      if (l >= 1) REQUIRE(code == s.piece(c, 1));
    }
  }
  REQUIRE(total[0] == 15);
  REQUIRE(total[1] == 15);
}

const std::string kStart = "1=bbbbbbbbbbbbbbb 24=wwwwwwwwwwwwwww";

}  // namespace

TEST_CASE("Plakoto: the start is the rules' start") {
  auto game = testing::bundled("plakoto");
  State s = game->initial();
  CHECK(s.opening_roll());
  // No dice in the text of a position waiting for its roll-off, but the board is the rules'.
  CHECK(position_text(game->initial()).find(kStart) != std::string::npos);
}

TEST_CASE("Plakoto: the opening turns, and every double from the start, equal the independent generator's") {
  auto game = testing::bundled("plakoto");
  State start = game->initial();
  int rolls = 0;
  // The roll-off: 15 rolls for each side, never a double; the winner plays both numbers.
  for (const auto& o : game->chance_outcomes(start)) {
    State s = start;
    game->apply(s, o);
    REQUIRE(s.side() == o.side);
    compare(*game, s);
    ++rolls;
  }
  CHECK(rolls == 30);
  // A double cannot open the game, but the start with one checks doubles on a full point.
  for (int d = 1; d <= 6; ++d) {
    State s = parse_position(game->def(), "white dice:" + std::to_string(d) + "," + std::to_string(d) + " " + kStart);
    compare(*game, s);
  }
}

TEST_CASE("Plakoto: hand-made positions equal the independent generator's") {
  auto game = testing::bundled("plakoto");
  // Pins, closed points (two enemies on 22, black pinning white on 18), pinned checkers that
  // cannot move, freeing a pinned checker by leaving; both sides, doubles.
  const std::string pins = "1=bbbbbbbbb 6=b 9=w 10=bw 13=ww 18=wb 20=b 22=bb 24=wwwwwwwwww";
  // Black adds to its pin on 18 or pins the lone white on 20; leaving 18 frees white's checker.
  const std::string adding = "1=bbbbbbbbbbbb 15=b 17=b 18=wb 20=w 24=wwwwwwwwwwwww";
  // Bearing off with white's checker pinned on its 5-point: the highest occupied point.
  const std::string pinned_high = "1=w 2=ww 3=www 5=wb 19=bbbbb 21=bbbbb 23=bbbb off:w=8";
  // ...and pinned on its 2-point, below the highest.
  const std::string pinned_low = "1=w 2=wb 3=www 4=ww 19=bbbbb 21=bbbbb 23=bbbb off:w=8";
  // A pinned checker outside home stops bearing off.
  const std::string pinned_out = "1=ww 2=ww 3=ww 4=ww 5=ww 6=ww 18=wb 19=bbbbb 21=bbbbb 23=bbbb off:w=2";
  // Either die alone, not both: the larger (10/4; 10/7 then 6 and 10/4 then 3 reach 1, closed).
  const std::string larger = "1=bb 10=w 20=bbbbbbbbbbbbb off:w=14";
  // Nothing moves 6: a pass.
  const std::string blocked = "1=bbbbbbbbbbbbb 18=bb 24=wwwwwwwwwwwwwww";
  // Black pins white's last checker on its starting point, having left its own: the mother rule.
  const std::string mother = "12=wwwwwwwwwwwwww 21=b 22=b 23=bbbbbbbbbbbbb 24=w";
  // White's mother is pinned; white pins black's last checker on 1 too: both mothers, a draw.
  const std::string mothers = "1=b 2=w 3=w 10=wwwwwwwwwwww 20=bbbbbbbbbbbbb 24=wb";

  const std::vector<std::string> positions = {
      "white dice:4,2 " + pins,        "white dice:6,6 " + pins,       "black dice:5,5 " + pins,
      "black dice:6,1 " + pins,        "black dice:3,1 " + adding,     "black dice:3,3 " + adding,
      "white dice:6,4 " + pinned_high, "white dice:3,1 " + pinned_high, "white dice:5,5 " + pinned_high,
      "white dice:6,5 " + pinned_low,  "white dice:2,1 " + pinned_low,  "white dice:4,4 " + pinned_low,
      "white dice:6,5 " + pinned_out,  "white dice:1,1 " + pinned_out,  "white dice:6,3 " + larger,
      "white dice:6,6 " + blocked,     "black dice:3,2 " + mother,      "white dice:2,1 " + mothers,
  };
  for (const auto& options : std::vector<std::vector<std::pair<std::string, std::string>>>{
           {}, {{"bear_off_while_pinned", "false"}}, {{"mother_rule", "false"}}}) {
    auto g = testing::bundled("plakoto", options);
    for (const auto& text : positions) {
      State s = parse_position(g->def(), text);
      check_invariants(s);
      compare(*g, s);
    }
  }

  // The generator itself, on what the rules text says outright about these positions.
  auto turns = [&](const std::string& text, bool pinned_may_bear_off = true) {
    PlainPlakoto p = PlainPlakoto::read(text);
    p.pinned_may_bear_off = pinned_may_bear_off;
    std::set<std::string> out;
    for (const auto& [t, next] : p.moves()) out.insert(next.board_text());
    return out;
  };
  auto board = [](const std::string& text) { return " " + text; };
  // 6 finds the pinned 5-point highest, 4 has nothing exact or higher: a pass.
  CHECK(turns("white dice:6,4 " + pinned_high) == std::set<std::string>{board(pinned_high)});
  // The 4-point is the highest: 6 and 5 both bear off from it.
  CHECK(turns("white dice:6,5 " + pinned_low) ==
        std::set<std::string>{board("1=w 2=wb 3=www 19=bbbbb 21=bbbbb 23=bbbb off:w=10")});
  // The FIBS rule: no bearing off at all, so 3 is unplayable and 1 moves inside.
  CHECK(turns("white dice:3,1 " + pinned_high, false) ==
        std::set<std::string>{board("1=ww 2=w 3=www 5=wb 19=bbbbb 21=bbbbb 23=bbbb off:w=8"),
                              board("1=w 2=www 3=ww 5=wb 19=bbbbb 21=bbbbb 23=bbbb off:w=8")});
  CHECK(turns("white dice:6,3 " + larger) == std::set<std::string>{board("1=bb 4=w 20=bbbbbbbbbbbbb off:w=14")});
  CHECK(turns("white dice:6,5 " + pinned_out) ==
        std::set<std::string>{board("1=www 2=ww 3=ww 4=ww 5=ww 6=w 18=wb 19=bbbbb 21=bbbbb 23=bbbb off:w=2")});
  CHECK(turns("white dice:6,6 " + blocked) == std::set<std::string>{board(blocked)});
  // The pins the rules allow and forbid.
  // 24/20* pins the lone black checker; 10/6* pins another and frees the one under 10.
  int pin20 = 0, pin6_free10 = 0;
  const auto pin_turns = turns("white dice:4,2 " + pins);
  for (const auto& t : pin_turns) {
    pin20 += t.find(" 20=bw ") != std::string::npos;
    pin6_free10 += t.find(" 6=bw ") != std::string::npos && t.find(" 10=b ") != std::string::npos;
    // Nothing lands on 18 (black pins white there) or 22 (two black), and the pinned
    // white checker on 18 never moves.
    CHECK(t.find(" 18=wb ") != std::string::npos);
    CHECK(t.find(" 22=bb ") != std::string::npos);
  }
  CHECK(pin20 > 0);
  CHECK(pin6_free10 > 0);
  // Black adds to its own pin on 18 (17/18, 15/18), pins the lone white on 20 (17/20*), and
  // frees white's checker on 18 by leaving it.
  int added = 0, pinned20 = 0, freed18 = 0;
  for (const auto& t : turns("black dice:3,1 " + adding)) {
    added += t.find(" 18=wbb ") != std::string::npos;
    pinned20 += t.find(" 20=wb ") != std::string::npos;
    freed18 += t.find(" 18=w ") != std::string::npos;
  }
  CHECK(added > 0);
  CHECK(pinned20 > 0);
  CHECK(freed18 > 0);
  // The mother rule: pinning white's last checker on 24 ends the game for black.
  int mother_wins = 0;
  for (const auto& [t, next] : PlainPlakoto::read("black dice:3,2 " + mother).moves()) mother_wins += next.result() == 1;
  CHECK(mother_wins > 0);
  int draws = 0;
  for (const auto& [t, next] : PlainPlakoto::read("white dice:2,1 " + mothers).moves()) draws += next.result() == kDrawn;
  CHECK(draws > 0);
}

namespace {

// What a run of random games went through, to show that they reached what the rules are about.
struct GamesSeen {
  int games = 0, positions = 0, finished = 0, passes = 0, pinned = 0, bear_offs = 0;
  int early_ends = 0, draws = 0;  // games that ended with neither side's 15 off (the mother rule), of them drawn
};

// Plays `n` seeded random games of `game` (each capped at 600 plies), comparing every
// position's turns (and how the game stands after each) with the generator's, and checking
// the invariants after every roll and move.
GamesSeen play_random_games(const Rules& game, int n, uint64_t seed) {
  GamesSeen seen;
  Rng rng(seed);
  MoveList moves;
  for (int g = 0; g < n; ++g) {
    State s = game.initial();
    ++seen.games;
    for (int ply = 0; ply < 600 && !s.outcome().over(); ++ply) {
      REQUIRE(s.awaiting_roll());
      game.apply(s, game.sample_chance(s, rng));  // the first is the roll-off
      check_invariants(s);
      bool distinct = false;
      const auto ours = runtime_results(game, s, distinct);
      const PlainPlakoto p = plain_for(game, s);
      REQUIRE(p.result() == kGoingOn);
      const auto want = plain_results(game.def(), p);
      INFO("game " << g << " ply " << ply << ": " << position_text(s) << "\nruntime's results:" << listing(ours)
                   << "\ngenerator's results:" << listing(want));
      REQUIRE(distinct);
      REQUIRE(ours == want);
      REQUIRE_FALSE(ours.empty());  // a side with no die to play passes
      ++seen.positions;
      // A random result, and the move that gives it.
      auto chosen = ours.begin();
      std::advance(chosen, rng.below(static_cast<uint32_t>(ours.size())));
      game.legal_moves(s, moves);
      for (int i = 0; i < moves.size(); ++i) {
        State t = s;
        game.apply(t, moves[i]);
        if (position_text(t, WithPly::No) == chosen->first) {
          s = t;
          break;
        }
      }
      REQUIRE(position_text(s, WithPly::No) == chosen->first);
      check_invariants(s);
      const PlainPlakoto after = PlainPlakoto::read(chosen->first);
      seen.passes += after.board_text() == p.board_text();
      for (int c = 1; c <= 24; ++c) seen.pinned += after.pinned_at(c, 0) || after.pinned_at(c, 1);
      seen.bear_offs += after.off[0] + after.off[1] > p.off[0] + p.off[1];
    }
    if (s.outcome().over()) {
      ++seen.finished;
      const PlainPlakoto end = PlainPlakoto::read(position_text(s, WithPly::No));
      seen.early_ends += end.off[0] < 15 && end.off[1] < 15;
      seen.draws += s.outcome().kind == Outcome::Kind::Draw;
    }
  }
  return seen;
}

}  // namespace

TEST_CASE("Plakoto: every position of random games equals the independent generator's") {
  auto game = testing::bundled("plakoto");
  const GamesSeen seen = play_random_games(*game, testing::random_games(200), 2026);
  const int n = seen.games;
  // The games reached what the rules are about: pins, passes, bearing off, both ends.
  CHECK(seen.finished > n * 9 / 10);
  CHECK(seen.positions > 40 * n);
  CHECK(seen.pinned > 50 * n);  // stacks with a pinned checker, summed over positions
  CHECK(seen.passes > n / 10);
  CHECK(seen.bear_offs > n);
  CHECK(seen.early_ends - seen.draws > n / 4);  // random play pins mothers often
}

TEST_CASE("Plakoto: random games without the mother rule and with the FIBS bearing off equal the generator's") {
  // Without the mother rule random games last to the bearing off, which the rule cuts short;
  // pinned checkers then block it (bear_off_while_pinned false).
  auto game = testing::bundled("plakoto", {{"mother_rule", "false"}, {"bear_off_while_pinned", "false"}});
  const GamesSeen seen = play_random_games(*game, testing::random_games(50), 7);
  const int n = seen.games;
  CHECK(seen.finished > n * 9 / 10);
  CHECK(seen.early_ends == seen.draws);  // both mothers pinned: still a draw
  CHECK(seen.bear_offs > 5 * n);
}

TEST_CASE("Plakoto: perft from the start with a given roll equals the independent generator's") {
  auto game = testing::bundled("plakoto");
  State start = game->initial();
  uint64_t total2 = 0;
  for (const auto& o : game->chance_outcomes(start)) {
    if (o.side != 0) continue;  // black's openings mirror white's
    State s = start;
    game->apply(s, o);
    const PlainPlakoto p = plain_for(*game, s);
    INFO(position_text(s));
    const uint64_t d1 = perft(*game, s, 1), d2 = perft(*game, s, 2);
    CHECK(d1 == p.perft(1));
    CHECK(d2 == p.perft(2));
    total2 += d2;
  }
  CHECK(total2 > 0);
  // One roll three plies deep (two rolls summed over).
  State s = start;
  for (const auto& o : game->chance_outcomes(start))
    if (o.side == 0 && o.dice[0] == 6 && o.dice[1] == 5) game->apply(s, o);
  REQUIRE(s.ndice() == 2);
  CHECK(perft(*game, s, 3) == plain_for(*game, s).perft(3));
}
