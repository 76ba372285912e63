// Hypergammon (shared/rules/README.md section 3) against GNU Backgammon's legal moves: for
// every oracle position and roll (tests/data/gnubg/), our set of resulting positions must
// equal gnubg's. The rule scenarios are in definitions/hypergammon.test.yaml; here, what they
// cannot say: the notation as printed (and backgammon's), checks over every legal move, the
// options' scores, the dice's probabilities, and replay from a seed.
#include <catch2/catch.hpp>

#include <filesystem>
#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "bench/handwritten_hypergammon.h"
#include "helpers.h"
#include "rules/playout.h"
#include "state/position_text.h"
#include "state/track_sides.h"

using namespace boardlab;
using nlohmann::json;
using testing::texts_at;

namespace {

// Every distinct position the legal moves of `s` lead to, as track sides.
std::set<TrackSides> results(const Rules& game, State& s) {
  MoveList moves;
  game.legal_moves(s, moves);
  std::set<TrackSides> out;
  for (int i = 0; i < moves.size(); ++i) {
    State after = s;
    game.apply(after, moves[i]);
    out.insert(track_sides(after));
  }
  return out;
}

std::vector<json> read_lines(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in.good());
  std::vector<json> out;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(json::parse(line));
  return out;
}

}  // namespace

TEST_CASE("Hypergammon: every oracle position's legal results equal GNU Backgammon's") {
  auto game = testing::bundled("hypergammon");
  int positions = 0, results_seen = 0, passes = 0;
  for (const json& q : read_lines("tests/data/gnubg/hypergammon_moves.jsonl")) {
    const int to_move = q["to_move"];
    State s = state_from_track_sides(game->def(), q["sides"].get<TrackSides>(), to_move, q["dice"].get<std::vector<int>>());
    std::set<TrackSides> want;
    for (const json& r : q["results"]) want.insert(r["sides"].get<TrackSides>());
    INFO("oracle id " << q["id"] << ": " << position_text(s));
    CHECK(results(*game, s) == want);  // a pass: the one unchanged position
    passes += q["pass"].get<bool>();
    ++positions;
    results_seen += static_cast<int>(want.size());
  }
  CHECK(positions == 355);
  CHECK(results_seen == 1449);
  CHECK(passes == 10);
}

TEST_CASE("Hypergammon: GNU Backgammon's move texts read as the moves that give its results") {
  auto game = testing::bundled("hypergammon");
  int read = 0, printed_alike = 0;
  MoveList moves;
  for (const json& q : read_lines("tests/data/gnubg/hypergammon_moves.jsonl")) {
    if (q["pass"].get<bool>()) continue;
    State s = state_from_track_sides(game->def(), q["sides"].get<TrackSides>(), q["to_move"], q["dice"].get<std::vector<int>>());
    game->legal_moves(s, moves);
    auto notation = game->notation(s, moves);
    for (const json& r : q["results"]) {
      const std::string text = r["move"];
      auto parsed = notation.parse(text);
      INFO(position_text(s) << ": gnubg's '" << text << "': " << parsed.error);
      REQUIRE(parsed.index >= 0);
      State after = s;
      game->apply(after, moves[parsed.index]);
      CHECK(track_sides(after) == r["sides"].get<TrackSides>());
      ++read;
      printed_alike += notation.texts()[static_cast<size_t>(parsed.index)] == text;
    }
  }
  CHECK(read == 1439);
  // We print what gnubg prints but for two moves from one point, whose order gnubg takes
  // from the order the dice were given in (4 of the 1,439).
  CHECK(printed_alike >= 1435);
}

TEST_CASE("Hypergammon: the hand-made tricky positions equal GNU Backgammon's answers") {
  auto game = testing::bundled("hypergammon");
  int n = 0;
  for (const json& q : read_lines("tests/data/gnubg/tricky_answers.jsonl")) {
    // "me" is the side to move; play it as white.
    TrackSides sides{q["me"].get<std::vector<int>>(), q["opp"].get<std::vector<int>>()};
    State s = state_from_track_sides(game->def(), sides, 0, q["dice"].get<std::vector<int>>());
    std::set<TrackSides> want;
    for (const json& m : q["moves"]) want.insert(TrackSides{m["me"].get<std::vector<int>>(), m["opp"].get<std::vector<int>>()});
    INFO("tricky case " << q["id"] << ": " << position_text(s));
    CHECK(results(*game, s) == want);
    ++n;
  }
  CHECK(n == 18);
}

TEST_CASE("Hypergammon: the notation read and printed") {
  auto game = testing::bundled("hypergammon");
  CHECK(texts_at(*game, "white dice:6,5 22=w 23=w 24=w 1=b 2=b 3=b") ==
        std::set<std::string>{"24/18 23/18", "24/19 23/17", "24/18 22/17", "23/17 22/17", "24/19 22/16", "23/18 22/16",
                              "24/13", "23/12", "22/11"});
  // Black's numbering mirrors white's: black's 24-point is cell 1.
  CHECK(texts_at(*game, "black dice:6,5 22=w 23=w 24=w 1=b 2=b 3=b").count("24/13"));
  // Hits marked, a hit on the way shown, repeats counted, bearing off.
  auto bg = testing::bundled("backgammon");
  State t = parse_position(bg->def(), "white dice:2,2 6=wwwww 8=www 13=wwwww 24=ww 1=bb 12=bbbbb 17=bbb 19=bbbbb");
  testing::play(*bg, t, "8/4(2)");  // 8/6(2) 6/4(2): two checkers from 8 to 4
  CHECK(position_text(t) == "black ply:1 1=bb 4=ww 6=wwwww 8=w 12=bbbbb 13=wwwww 17=bbb 19=bbbbb 24=ww");
  CHECK(texts_at(*game, "white dice:4,1 bar:w=1 23=w 24=w 21=b 20=b 1=b").count("bar/21*/20*"));
  CHECK(texts_at(*game, "white dice:6,3 6=w 5=w 1=b 2=b 3=b off:w=1").count("6/off 5/2*"));
}

// Why a move typed is refused: the notation of `position` parses `typed`.
static std::string refusal(const Rules& game, const std::string& position, const std::string& typed) {
  State s = parse_position(game.def(), position);
  MoveList moves;
  game.legal_moves(s, moves);
  const auto parsed = game.notation(s, moves).parse(typed);
  CHECK(parsed.index < 0);
  return parsed.error;
}

TEST_CASE("Hypergammon: a move refused says why: part of a turn, one die only, turns listed apart") {
  auto game = testing::bundled("hypergammon");
  const char* start = "white dice:5,4 1=bb 2=b 22=w 23=w 24=w";
  // One die of a turn that must use both: the whole turns that hold it, each apart.
  CHECK(refusal(*game, start, "24/19") ==
        "'24/19' is only part of a turn: type the whole turn, using as many dice as the rules require; those with it: "
        "24/19 23/19, 24/19 22/18, 24/15");
  // Turns from one point, separated by commas (two turns never read as four moves).
  CHECK(refusal(*game, start, "22/20") == "'22/20' is not a legal move; from 22: 22/13");
  // Only one die can be played (the 5: the 4 is blocked before and after it).
  CHECK(refusal(*game, "white dice:5,4 24=w 20=bb 15=bb", "24/20") ==
        "'24/20' is not a legal move: only one die can be played with this roll (the rules say which): 24/19");
  CHECK(refusal(*game, start, "1/off") == "'1/off' is not a legal move: nothing of yours can move from 1");
  CHECK(refusal(*game, "white dice:6,6 24=w 18=bb 1=b", "24/18") ==
        "'24/18' is not a legal move: the piece on 24 cannot move with this roll");
}

TEST_CASE("Hypergammon: moves read as gnubg players type them, and printed for another viewer") {
  auto game = testing::bundled("hypergammon");
  State s = parse_position(game->def(), "white dice:6,5 22=w 23=w 24=w 1=b 2=b 3=b");
  MoveList moves;
  game->legal_moves(s, moves);
  const auto notation = game->notation(s, moves);
  auto text_of = [&](const std::string& typed) {
    const auto parsed = notation.parse(typed);
    return parsed.index < 0 ? "error: " + parsed.error : notation.texts()[static_cast<size_t>(parsed.index)];
  };
  CHECK(text_of("24/18/13") == "24/13");        // one checker's path, point by point
  CHECK(text_of("24/19/13") == "24/13");        // the other die first
  CHECK_THAT(text_of("24/99/13"), Catch::StartsWith("error: "));  // a stop that is no point
  CHECK(text_of("24/18 18/13") == "24/13");     // the steps one by one
  CHECK(text_of("23/18 24/18") == "24/18 23/18");  // the checkers in another order
  CHECK_THAT(text_of("24/18/12"), Catch::StartsWith("error: '24/18/12' is not a legal move"));
  // Black's view of white's moves: black's point k is white's 25 - k.
  const auto for_black = game->notation(s, moves, 1);
  for (int i = 0; i < moves.size(); ++i)
    if (notation.texts()[static_cast<size_t>(i)] == "24/13") CHECK(for_black.texts()[static_cast<size_t>(i)] == "1/12");
}

TEST_CASE("Hypergammon: the pip count, wherever a checker stands") {
  auto game = testing::bundled("hypergammon");
  State start = parse_position(game->def(), "white 22=w 23=w 24=w 1=b 2=b 3=b");
  CHECK(pip_count(start, 0) == 69);  // 24 + 23 + 22
  CHECK(pip_count(start, 1) == 69);
  State hit = parse_position(game->def(), "white 6=w 20=w bar:w=1 1=b 2=b off:b=1");
  CHECK(pip_count(hit, 0) == 6 + 20 + 25);
  CHECK(pip_count(hit, 1) == 24 + 23);
  // A pinned checker under another side's counts for its owner (Plakoto).
  auto plakoto = testing::bundled("plakoto");
  State pinned = parse_position(plakoto->def(), "white 6=bw 24=wwwwwwwwwwwwww 1=bbbbbbbbbbbbbb");
  CHECK(pip_count(pinned, 0) == 6 + 14 * 24);
  CHECK(pip_count(pinned, 1) == 19 + 14 * 24);
}

TEST_CASE("Hypergammon: a checker on the bar enters first") {
  auto game = testing::bundled("hypergammon");
  // Every move starts from the bar (entering with a hit is a scenario in
  // definitions/hypergammon.test.yaml).
  auto texts = texts_at(*game, "white dice:3,1 bar:w=1 23=w 24=w 22=b 1=b 2=b");
  REQUIRE_FALSE(texts.empty());
  for (const auto& t : texts) CHECK(t.rfind("bar/", 0) == 0);
}

TEST_CASE("Hypergammon: closed points block") {
  auto game = testing::bundled("hypergammon");
  // 6 away is closed (two black checkers on white's 18), 5 away is a blot (its hits are a
  // scenario in definitions/hypergammon.test.yaml): no move lands on 18 from 24.
  auto texts = texts_at(*game, "white dice:6,5 24=w 23=w 22=w 18=bb 19=b");
  for (const auto& t : texts) CHECK(t.find("24/18") == std::string::npos);
}

TEST_CASE("Hypergammon: what gammons and backgammons score is an option") {
  // The results themselves (single game, gammon, backgammon) are scenarios in
  // definitions/hypergammon.test.yaml.
  auto money = testing::bundled("hypergammon", {{"gammon", "2"}, {"backgammon", "3"}});
  CHECK(money->def().results[1].score == 2);
  CHECK(money->def().results[2].score == 3);
}

TEST_CASE("Dice: the opening roll-off and ordinary rolls, with their probabilities") {
  auto game = testing::bundled("hypergammon");
  State s = game->initial();
  auto opening = game->chance_outcomes(s);
  CHECK(opening.size() == 30);
  double total = 0;
  for (const auto& o : opening) {
    CHECK(o.dice[0] > o.dice[1]);  // never a double
    CHECK((o.side == 0 || o.side == 1));
    total += o.probability;
  }
  CHECK(total == Approx(1.0));
  Rng rng(7);
  for (int i = 0; i < 200; ++i) {
    State t = game->initial();
    game->apply(t, game->sample_chance(t, rng));
    CHECK(t.ndice() == 2);
    CHECK(t.die(0) != t.die(1));
    CHECK_FALSE(t.opening_roll());
  }
  State mid = parse_position(game->def(), "white 24=w 23=w 22=w 1=b 2=b 3=b");
  auto rolls = game->chance_outcomes(mid);
  CHECK(rolls.size() == 21);
  double sum = 0, doubles = 0;
  for (const auto& o : rolls) {
    sum += o.probability;
    if (o.dice[0] == o.dice[1]) doubles += o.probability;
  }
  CHECK(sum == Approx(1.0));
  CHECK(doubles == Approx(1.0 / 6));
  game->apply(mid, rolls[0]);  // 6-6
  CHECK(mid.ndice() == 4);
  CHECK(position_text(mid) == "white dice:6,6 1=b 2=b 3=b 22=w 23=w 24=w");
  mid.undo();
  CHECK(mid.awaiting_roll());
}

TEST_CASE("Hypergammon: random games keep 3 checkers a side and replay exactly from their seed") {
  auto game = testing::bundled("hypergammon");
  MoveList moves;
  for (uint64_t seed = 1; seed <= static_cast<uint64_t>(testing::random_games(1000)); ++seed) {
    State a = game->initial();
    Rng ra(seed);
    while (!a.outcome().over()) {
      if (a.awaiting_roll()) game->apply(a, game->sample_chance(a, ra));
      game->legal_moves(a, moves);
      game->apply(a, moves[static_cast<int>(ra.below(static_cast<uint32_t>(moves.size())))]);
      for (const auto& side : track_sides(a)) {
        int n = 0;
        for (int c : side) n += c;
        REQUIRE(n == 3);
      }
    }
    State b = game->initial();
    Rng rb(seed);
    random_playout(*game, b, rb);
    CHECK(position_text(a) == position_text(b));
    CHECK(a.ply() == b.ply());
  }
}

namespace {
handwritten_hypergammon::Position hand_position(const State& s) {
  handwritten_hypergammon::Position p;
  const GameDef& def = s.def();
  p.side = s.side();
  if (def.bar_slot < 0) {  // pins: a stack's bottom checker of the other side than its top's is pinned
    p.pins = true;
    for (int side = 0; side < 2; ++side) {
      p.count[side][25] = static_cast<int8_t>(s.reserve(def.off_slot, def.code(0, side)));
      for (int k = 1; k <= 24; ++k) {
        const int c = track_cell(def, side, k), h = s.height(c);
        if (h == 0) continue;
        const bool bottom_mine = def.owner_of[s.piece(c, 0)] == side, top_mine = s.owner(c) == side;
        if (top_mine) p.count[side][k] = static_cast<int8_t>(h - (bottom_mine ? 0 : 1));
        else if (bottom_mine) p.pinned[side][k] = 1;
      }
    }
    return p;
  }
  const TrackSides sides = track_sides(s);
  for (int side = 0; side < 2; ++side)
    for (int k = 0; k < 26; ++k) p.count[side][k] = static_cast<int8_t>(sides[static_cast<size_t>(side)][static_cast<size_t>(k)]);
  p.side = s.side();
  return p;
}
}  // namespace

namespace {
struct Coverage {
  long positions = 0, entering = 0, bearing_off = 0, pinned = 0;
};
// Plays `games` random games of `name` and compares the turns of every position with the
// hand-written generator's.
Coverage compare_with_handwritten(const std::string& name, int games) {
  auto game = testing::bundled(name);
  MoveList moves;
  std::vector<handwritten_hypergammon::Position> hand;
  Coverage c;
  for (uint64_t seed = 1; seed <= static_cast<uint64_t>(games); ++seed) {
    Rng rng(seed);
    State s = game->initial();
    while (!s.outcome().over()) {
      if (s.awaiting_roll()) game->apply(s, game->sample_chance(s, rng));
      game->legal_moves(s, moves);
      if (moves.empty()) break;
      const auto dice = s.rolled();
      std::set<handwritten_hypergammon::Position> mine;
      for (int i = 0; i < moves.size(); ++i) {
        State t = s;
        game->apply(t, moves[i]);
        auto q = hand_position(t);
        q.side = s.side();
        mine.insert(q);
      }
      handwritten_hypergammon::turns(hand_position(s), dice[0], dice[1], hand);
      INFO(name << ", seed " << seed << ", " << position_text(s));
      REQUIRE(mine == std::set<handwritten_hypergammon::Position>(hand.begin(), hand.end()));
      ++c.positions;
      const auto here = hand_position(s);
      const int8_t* me = here.count[s.side()];
      c.entering += me[0] > 0;
      c.bearing_off += me[0] == 0 && std::all_of(me + 7, me + 25, [](int8_t n) { return n == 0; });
      c.pinned += std::any_of(here.pinned[0], here.pinned[0] + 26, [](int8_t n) { return n != 0; });
      game->apply(s, moves[static_cast<int>(rng.below(static_cast<uint32_t>(moves.size())))]);
    }
  }
  return c;
}
}  // namespace

TEST_CASE("Hypergammon: the turns of every position of 300 random games equal a hand-written generator's") {
  const int games = testing::random_games(300);
  const Coverage c = compare_with_handwritten("hypergammon", games);
  CHECK(c.positions > 15 * games);  // random games last about 23 turns
  CHECK(c.entering > 2 * games);    // checkers on the bar were compared (about 4 a game),
  CHECK(c.bearing_off > games);     // and bearing off (about 2 a game)
}

TEST_CASE("Backgammon, nackgammon and Plakoto: the turns of every position of random games equal the hand-written generator's") {
  for (const char* name : {"backgammon", "nackgammon", "plakoto"}) {
    const int games = testing::random_games(100);
    const Coverage c = compare_with_handwritten(name, games);
    INFO(name);
    CHECK(c.positions > 60 * games);  // random games last 70 to 100 turns
    CHECK((std::string(name) == "plakoto" ? c.pinned : c.entering) > games);  // pins, or the bar
    CHECK(c.bearing_off > games);
  }
}

TEST_CASE("dice_turns.race's C++ search writes race.generate_lua's moves, in order, in every race game (hits and pins)") {
  // Checking mode runs both searches at every position and fails on any difference.
  const std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>> games = {
      {"hypergammon", {}}, {"backgammon", {}}, {"nackgammon", {}}, {"plakoto", {}},
      {"plakoto", {{"bear_off_while_pinned", "false"}}}};
  for (const auto& [name, options] : games) {
    INFO(name << (options.empty() ? "" : " without bearing off while pinned"));
    auto game = testing::bundled(name, options);
    game->vm().set_checking(true);
    MoveList moves;
    long hits = 0, positions = 0;
    for (uint64_t seed = 1; seed <= static_cast<uint64_t>(testing::random_games(20)); ++seed) {
      Rng rng(seed);
      State s = game->initial();
      while (!s.outcome().over()) {
        if (s.awaiting_roll()) game->apply(s, game->sample_chance(s, rng));
        game->legal_moves(s, moves);
      if (moves.empty()) break;
        ++positions;
        for (int i = 0; i < moves.size(); ++i) hits += moves.flags(i) != 0;
        game->apply(s, moves[static_cast<int>(rng.below(static_cast<uint32_t>(moves.size())))]);
      }
    }
    CHECK(positions > 15 * testing::random_games(20));
    CHECK(hits > 0);
  }
}

namespace {
// A race game extending the bundled backgammon with `yaml` added and `lua` as its script.
std::string race_variant(const testing::TempDir& dir, const std::string& yaml, const std::string& lua = "") {
  const std::string base = std::filesystem::absolute("definitions/backgammon.yaml").string();
  if (!lua.empty()) dir.write("race.lua", lua);
  return dir.write("race.yaml", "extends: " + base + "\nname: race-variant\n" + (lua.empty() ? "" : "script: race.lua\n") + yaml);
}
std::string load_error(const std::string& file) {
  try {
    ThreadRules game(load_game_def(file));
    return "";
  } catch (const std::exception& e) {
    return e.what();
  }
}
}  // namespace

TEST_CASE("dice_turns.race: a double played eight times, as the definition may say, agrees with its Lua twin") {
  testing::TempDir dir;
  ThreadRules game(load_game_def(race_variant(dir, "dice: {count: 2, sides: 6, doubles: 8, first_roll: roll-off}\n")));
  game.vm().set_checking(true);
  MoveList moves;
  State s = parse_position(game.def(), "white dice:1,1 24=ww 13=wwwww 8=www 6=wwwww 1=bb 12=bbbbb 17=bbb 19=bbbbb");
  game.legal_moves(s, moves);  // both searches, compared
  REQUIRE(moves.size() > 0);
  CHECK(moves[0].count == 8);  // every die played
}

TEST_CASE("dice_turns.race: bad rules are errors at the script's line, and its search counts against the loop budget") {
  const std::string head = "local c = { game.piece('checker', 0), game.piece('checker', 1) }\n";
  for (const auto& [rules, message] : std::vector<std::pair<std::string, std::string>>{
           {"{ checkers = c, bar = 0, off = 1, home = -1 }", "race.lua:2: dice_turns.race: rules.home is -1, not a point from 0 to 24"},
           {"{ checkers = c, bar = 0, off = 1, home = 6, capture_flags = 300 }", "race.lua:2: dice_turns.race: rules.capture_flags is 300"},
           {"{ checkers = c, bar = 0, off = 1, home = 6, capture = 'eat' }", "race.lua:2: dice_turns.race: capture is \"hit\" or \"pin\", not eat"},
           {"{ checkers = c, off = 1, home = 6 }", "race.lua:2: dice_turns.race: rules.bar must be a number"}}) {
    testing::TempDir dir;
    INFO(rules);
    CHECK_THAT(load_error(race_variant(dir, "", head + "local race = dice_turns.race " + rules + "\nfunction generate() race.generate() end\n")),
               Catch::Contains(message));
  }
  testing::TempDir dir;
  ThreadRules game(load_game_def(race_variant(dir, "limits: {ticks: 1000}\n")));
  MoveList moves;
  // Fifteen single checkers and a double of 1: thousands of positions on the way.
  State s = parse_position(game.def(), "white dice:1,1 1=w 2=w 3=w 4=w 5=w 6=w 7=w 8=w 9=w 10=w 11=w 12=w 13=w 14=w 15=w "
                                       "20=bbbbbbbbbbbbbbb");
  CHECK_THROWS_WITH(game.legal_moves(s, moves), Catch::Contains("the script ran too long: more than 1000 loop steps in one call (race.generate's search counts too)"));
}
