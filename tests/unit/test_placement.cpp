// The placement and connection games (Hex, Connect Four): perft and the moves and results of
// random games against independent generators written here, the hex board's geometry,
// unlimited hands, and the position queries (state.connected, state.line,
// state.longest_line) against their Lua twins. Rule scenarios are data (definitions/*.test.yaml).
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>

#include "board/lines.h"
#include "core/rng.h"
#include "definition/bundled.h"
#include "helpers.h"
#include "rules/playout.h"
#include "state/position_text.h"

using namespace boardlab;

namespace {

std::string cell_name(int x, int y) { return file_name(x) + std::to_string(y + 1); }

// A second opinion on Hex: an n x n rhombus as a plain array (0 empty, 1 red, 2 blue).
struct PlainHex {
  int n, side = 1;
  bool swap = true;
  std::vector<int> cell;
  int at(int x, int y) const { return cell[static_cast<size_t>(y * n + x)]; }
  int stones(int who) const { return static_cast<int>(std::count(cell.begin(), cell.end(), who)); }
  std::vector<std::string> moves() const {
    std::vector<std::string> out;
    if (winner()) return out;
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x)
        if (!at(x, y)) out.push_back(cell_name(x, y));
    if (swap && side == 2 && stones(1) == 1 && stones(2) == 0) out.push_back("swap");
    std::sort(out.begin(), out.end());
    return out;
  }
  // Red (1) joins y = 0 to y = n - 1, blue (2) x = 0 to x = n - 1; by flood fill.
  int winner() const {
    static constexpr std::array<std::pair<int, int>, 6> kNear = {{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, -1}, {-1, 1}}};
    for (int who : {1, 2}) {
      std::vector<int> seen(cell.size(), 0), stack;
      for (int i = 0; i < n; ++i) {
        const int x = who == 1 ? i : 0, y = who == 1 ? 0 : i;
        if (at(x, y) == who) stack.push_back(y * n + x), seen[static_cast<size_t>(y * n + x)] = 1;
      }
      while (!stack.empty()) {
        const int c = stack.back(), x = c % n, y = c / n;
        stack.pop_back();
        if ((who == 1 ? y : x) == n - 1) return who;
        for (auto [dx, dy] : kNear) {
          const int tx = x + dx, ty = y + dy;
          if (tx < 0 || ty < 0 || tx >= n || ty >= n || at(tx, ty) != who || seen[static_cast<size_t>(ty * n + tx)]) continue;
          seen[static_cast<size_t>(ty * n + tx)] = 1;
          stack.push_back(ty * n + tx);
        }
      }
    }
    return 0;
  }
  PlainHex play(const std::string& m) const {
    PlainHex next = *this;
    if (m == "swap") {
      const int c = static_cast<int>(std::find(cell.begin(), cell.end(), 1) - cell.begin());
      next.cell[static_cast<size_t>(c)] = 0;
      next.cell[static_cast<size_t>((c % n) * n + c / n)] = 2;
    } else {
      next.cell[static_cast<size_t>((std::stoi(m.substr(1)) - 1) * n + (m[0] - 'a'))] = side;
    }
    next.side = 3 - side;
    return next;
  }
};

// A second opinion on Connect Four: columns as heights (0 empty, 1 red, 2 yellow).
struct PlainFour {
  int w, h, connect, side = 1;
  std::vector<int> cell;
  int at(int x, int y) const { return x < 0 || y < 0 || x >= w || y >= h ? 0 : cell[static_cast<size_t>(y * w + x)]; }
  int top(int x) const {
    int y = 0;
    while (y < h && at(x, y)) ++y;
    return y;
  }
  int winner() const {
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        for (auto [dx, dy] : {std::pair{1, 0}, {0, 1}, {1, 1}, {1, -1}}) {
          const int who = at(x, y);
          int k = 0;
          while (who && k < connect && at(x + k * dx, y + k * dy) == who) ++k;
          if (who && k == connect) return who;
        }
    return 0;
  }
  bool full() const { return std::count(cell.begin(), cell.end(), 0) == 0; }
  std::vector<std::string> moves() const {
    std::vector<std::string> out;
    if (winner()) return out;
    for (int x = 0; x < w; ++x)
      if (top(x) < h) out.push_back(cell_name(x, top(x)));
    std::sort(out.begin(), out.end());
    return out;
  }
  PlainFour play(const std::string& m) const {
    PlainFour next = *this;
    const int x = m[0] - 'a';
    next.cell[static_cast<size_t>(top(x) * w + x)] = side;
    next.side = 3 - side;
    return next;
  }
};

// Plays random games of `game`, each move also on `plain`; the legal moves must be the
// same at every position, and so must the winner at the end. Returns the winners' tally.
template <class Plain>
std::array<int, 3> compare_games(Rules& game, const Plain& start, int games, uint64_t seed) {
  Rng rng(seed);
  MoveList moves;
  std::array<int, 3> tally{};
  for (int g = 0; g < games; ++g) {
    State s = game.initial();
    Plain p = start;
    while (!game.outcome(s).over()) {  // the rules' verdict: a full board has no move
      auto ours = testing::legal_texts(game, s);
      std::sort(ours.begin(), ours.end());
      REQUIRE(ours == p.moves());
      game.legal_moves(s, moves);
      const auto i = static_cast<int>(rng.below(static_cast<uint32_t>(moves.size())));
      const std::string text = game.move_texts(s, moves)[static_cast<size_t>(i)];
      game.apply(s, moves[i]);
      p = p.play(text);
    }
    const Outcome o = game.outcome(s);
    REQUIRE(p.moves().empty());
    REQUIRE(p.winner() == (o.kind == Outcome::Kind::Win ? o.winner + 1 : 0));
    ++tally[static_cast<size_t>(p.winner())];
  }
  return tally;
}

}  // namespace

TEST_CASE("Hex boards: a rhombus and a hexagon, six neighbours, opposite directions", "[placement]") {
  const std::vector<std::string> names = {"e", "ne", "nw", "w", "sw", "se"};
  const std::vector<std::pair<int, int>> vecs = {{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}};
  const Board r = make_hex(HexShape::Rhombus, 4, 3, names, vecs, 1);
  CHECK(r.kind == BoardKind::Hex);
  CHECK(r.ncells == 12);
  const int b2 = r.cell_index("b2");
  std::vector<std::string> near;
  for (int d = 0; d < 6; ++d) near.push_back(r.ray(b2, d, 1) >= 0 ? r.cell_names[static_cast<size_t>(r.ray(b2, d, 1))] : "-");
  CHECK(near == std::vector<std::string>{"c2", "b3", "a3", "a2", "b1", "c1"});
  CHECK(r.ray(r.cell_index("a1"), 3, 1) == kNoCell);
  for (int d = 0; d < 6; ++d) CHECK(r.opposite[static_cast<size_t>(d)] == (d + 3) % 6);
  // A hexagon of side 3: 3 + 4 + 5 + 4 + 3 cells; its corners have three neighbours.
  const Board h = make_hex(HexShape::Hexagon, 5, 5, names, vecs, 1);
  CHECK(h.ncells == 19);
  CHECK(h.cell_index("a1") == -1);
  CHECK(h.cell_index("c1") == 0);
  CHECK(h.cell_index("e5") == -1);
  int corner = 0;
  for (int d = 0; d < 6; ++d) corner += h.ray(h.cell_index("c1"), d, 1) >= 0;
  CHECK(corner == 3);
  CHECK_THROWS(make_hex(HexShape::Hexagon, 4, 4, names, vecs, 1));
}

TEST_CASE("Lines and connection on a board: the C++ queries", "[placement]") {
  const std::vector<std::string> names = {"e", "ne", "nw", "w", "sw", "se"};
  const std::vector<std::pair<int, int>> vecs = {{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}};
  const Board b = make_hex(HexShape::Rhombus, 3, 3, names, vecs, 1);
  std::vector<int8_t> owner(9, -1);
  auto own = [&](const char* cell, int who) { owner[static_cast<size_t>(b.cell_index(cell))] = static_cast<int8_t>(who); };
  // a1, b1 and a2 are player 0's; b2 and c1 player 1's.
  own("a1", 0), own("b1", 0), own("a2", 0), own("b2", 1), own("c1", 1);
  CHECK(line_through(b, owner.data(), b.cell_index("a1"), 0) == 2);  // a1 b1 along e and w
  CHECK(line_through(b, owner.data(), b.cell_index("b1"), 3) == 2);
  CHECK(line_through(b, owner.data(), b.cell_index("c3"), 0) == 0);  // nobody's
  CHECK(longest_line(b, owner.data(), 0, nullptr) == 2);
  CHECK(longest_line(b, owner.data(), 1, nullptr) == 2);  // c1 and b2 along nw
  std::vector<uint8_t> bottom(9, 0), top(9, 0), dirs(6, 0);
  for (const char* c : {"a1", "b1", "c1"}) bottom[static_cast<size_t>(b.cell_index(c))] = 1;
  for (const char* c : {"a3", "b3", "c3"}) top[static_cast<size_t>(b.cell_index(c))] = 1;
  ConnectScratch scratch;
  CHECK_FALSE(connected(b, owner.data(), 0, bottom.data(), top.data(), nullptr, scratch));
  own("a3", 0);
  CHECK(connected(b, owner.data(), 0, bottom.data(), top.data(), nullptr, scratch));
  dirs[0] = dirs[3] = 1;  // along e and w only: no way up
  CHECK_FALSE(connected(b, owner.data(), 0, bottom.data(), top.data(), dirs.data(), scratch));
}

TEST_CASE("Hex: perft from the start equals an independent generator", "[placement]") {
  auto game = testing::bundled("hex", {{"size", "7"}, {"swap", "false"}});
  State s = game->initial();
  CHECK(perft(*game, s, 1) == 49);
  CHECK(perft(*game, s, 2) == 2352);
  CHECK(perft(*game, s, 3) == 110544);
  auto swap = testing::bundled("hex", {{"size", "5"}});
  State t = swap->initial();
  const PlainHex p{5, 1, true, std::vector<int>(25, 0)};
  CHECK(perft(*swap, t, 2) == 25 * 25);  // 24 empty cells and the swap
  CHECK(perft(*swap, t, 3) == testing::plain_perft(p, 3));
}

TEST_CASE("Hex: the moves and the winner of random games equal an independent generator's", "[placement]") {
  auto game = testing::bundled("hex", {{"size", "7"}});
  const auto tally = compare_games(*game, PlainHex{7, 1, true, std::vector<int>(49, 0)}, testing::random_games(60), 11);
  CHECK(tally[0] == 0);  // Hex has no draws
  CHECK(tally[1] > 0);
  CHECK(tally[2] > 0);
}

TEST_CASE("Connect Four: perft from the start equals an independent generator", "[placement]") {
  auto game = testing::bundled("connect-four");
  State s = game->initial();
  const std::vector<uint64_t> expected = {7, 49, 343, 2401, 16807, 117649};
  for (int d = 1; d <= static_cast<int>(expected.size()); ++d) CHECK(perft(*game, s, d) == expected[static_cast<size_t>(d - 1)]);
  CHECK(perft(*game, s, 5) == testing::plain_perft(PlainFour{7, 6, 4, 1, std::vector<int>(42, 0)}, 5));
  if (testing::random_games(10) >= 10) CHECK(perft(*game, s, 7) == 823536);
  auto small = testing::bundled("connect-four", {{"columns", "5"}, {"rows", "4"}, {"connect", "3"}});
  State t = small->initial();
  CHECK(perft(*small, t, 6) == testing::plain_perft(PlainFour{5, 4, 3, 1, std::vector<int>(20, 0)}, 6));
}

TEST_CASE("Connect Four: the moves and the result of random games equal an independent generator's", "[placement]") {
  auto game = testing::bundled("connect-four");
  const auto tally = compare_games(*game, PlainFour{7, 6, 4, 1, std::vector<int>(42, 0)}, testing::random_games(150), 3);
  CHECK(tally[1] > 0);
  CHECK(tally[2] > 0);
  // A small board fills up: draws happen.
  auto small = testing::bundled("connect-four", {{"columns", "4"}, {"rows", "4"}});
  const auto draws = compare_games(*small, PlainFour{4, 4, 4, 1, std::vector<int>(16, 0)}, testing::random_games(150), 5);
  CHECK(draws[0] > 0);
}

TEST_CASE("Unlimited hands: placing leaves the count, the position text leaves them out, the invariants hold",
          "[placement]") {
  auto game = testing::bundled("connect-four");
  State s = game->initial();
  const int hand = 0, red = s.def().code_of_glyph('x');
  CHECK(s.reserve(hand, red) == kUnlimitedStock);
  CHECK(position_text(s) == "red");
  const uint64_t before = s.hash();
  testing::play(*game, s, "d");
  CHECK(s.reserve(hand, red) == kUnlimitedStock);
  CHECK(s.total_pieces() == s.def().total_pieces);
  CHECK(position_text(s) == "yellow ply:1 d1=x");
  s.undo();
  CHECK(s.hash() == before);
  CHECK_THROWS_WITH(parse_position(s.def(), "red hand:x=3"), Catch::Contains("unlimited"));
  const State back = parse_position(s.def(), "yellow d1=x");
  CHECK(back.reserve(hand, red) == kUnlimitedStock);
}

TEST_CASE("Line and connection results judged through the cells a move touched are the whole board's verdict",
          "[placement]") {
  // Rules::apply looks for new lines and connections only through the move's cells; a copy
  // whose verdict is forgotten (reset_history) is judged by scanning the whole board.
  using Options = std::vector<std::pair<std::string, std::string>>;
  for (const auto& [name, options] : std::vector<std::pair<std::string, Options>>{
           {"connect-four", {}},
           {"connect-four", {{"columns", "5"}, {"rows", "4"}, {"connect", "3"}}},
           {"hex", {{"size", "5"}}},
           {"hex", {}}}) {
    auto game = testing::bundled(name, options);
    Rng rng(11);
    MoveList moves;
    int wins = 0;
    for (int g = 0; g < testing::random_games(200); ++g) {
      State s = game->initial();
      while (!game->outcome(s).over()) {
        game->legal_moves(s, moves);
        game->apply(s, moves[static_cast<int>(rng.below(static_cast<uint32_t>(moves.size())))]);
        State fresh = s;
        fresh.reset_history();
        REQUIRE(game->outcome(s) == game->outcome(fresh));
      }
      wins += game->outcome(s).kind == Outcome::Kind::Win;
    }
    CHECK(wins > testing::random_games(200) / 2);
  }
}

TEST_CASE("group_touches_bits, the word-parallel flood, answers as group_touches, the breadth-first one",
          "[placement]") {
  // Every bundled board, random owners and sets; the boards whose steps are not one fixed
  // index difference (or that are too big) keep the breadth-first search alone.
  Rng rng(5);
  int flooded = 0, refused = 0, joined = 0;
  for (const std::string& file : bundled_definitions()) {
    const GameDefPtr def = load_game_def(file);
    const Board& b = def->board;
    const StepShifts sh = step_shifts(b);
    if (!sh.words) {
      ++refused;
      continue;
    }
    ++flooded;
    const int words = sh.words;
    ConnectScratch scratch;
    for (int round = 0; round < 200; ++round) {
      std::vector<int8_t> owner(static_cast<size_t>(b.ncells));
      std::vector<uint64_t> owned(static_cast<size_t>(words), 0);
      std::vector<uint8_t> sets(static_cast<size_t>(b.ncells), 0);
      const int nsets = 2 + static_cast<int>(rng.below(3)), dense = 30 + static_cast<int>(rng.below(50));
      std::vector<uint64_t> set_bits(static_cast<size_t>(nsets * words), 0);
      for (int c = 0; c < b.ncells; ++c) {
        owner[static_cast<size_t>(c)] = static_cast<int8_t>(b.playable[c] && static_cast<int>(rng.below(100)) < dense ? rng.below(2) : -1);
        if (owner[static_cast<size_t>(c)] == 0) owned[static_cast<size_t>(c / 64)] |= uint64_t{1} << (c % 64);
        for (int k = 0; k < nsets; ++k)
          if (rng.below(8) == 0) {
            sets[static_cast<size_t>(c)] |= static_cast<uint8_t>(1u << k);
            set_bits[static_cast<size_t>(k * words + c / 64)] |= uint64_t{1} << (c % 64);
          }
      }
      std::vector<int16_t> starts;
      for (int k = 0; k < 1 + static_cast<int>(rng.below(4)); ++k) starts.push_back(static_cast<int16_t>(rng.below(static_cast<uint32_t>(b.ncells))));
      const auto need = static_cast<uint8_t>((1u << nsets) - 1);
      const bool bfs = group_touches(b, owner.data(), 0, starts.data(), static_cast<int>(starts.size()), sets.data(), need, scratch);
      REQUIRE(group_touches_bits(sh, owned.data(), starts.data(), static_cast<int>(starts.size()), set_bits.data(), nsets) == bfs);
      joined += bfs;
    }
  }
  CHECK(flooded >= 5);  // grids and hex boards
  CHECK(refused >= 1);  // the backgammon track's steps wrap around, Fanorona's lattice...
  CHECK(joined > 100);
}

TEST_CASE("results.NAME.connect: a group joining every list, sets of cells or edges, and its errors", "[placement]") {
  testing::TempDir dir;
  // Pieces step one cell in any direction, or stay as they are; the two players join three
  // lists: a joins the west edge, the east edge and c2; b the cells a3 and c1.
  const std::string lua = "local all = {}\nfor d = 0, board.ndirs - 1 do all[#all + 1] = d end\n"
                          "local rules = { steps = function() return { { dirs = all } } end }\n"
                          "function generate() steps.generate(rules) end\n";
  const std::string results = "results: {joined: {doc: joined, connect: {a: [[edge w], [edge e], [c2]], b: [[a3], [c1]]}}}\n";
  dir.write("tiny.lua", lua);
  const std::string head = "name: tiny\nscript: tiny.lua\nplayers: [{name: a}, {name: b}]\n"
                           "board: {kind: grid, size: [3, 3]}\npieces: {p: {glyphs: {a: x, b: o}}}\n";
  const std::string path = dir.write("tiny.yaml", head + results);
  ThreadRules game(load_game_def(path));
  State s = parse_position(game.def(), "a a1=x b1=x c1=x b3=x");
  CHECK_FALSE(game.outcome(s).over());  // the west and east edges, not c2
  testing::play(game, s, "b3-c2");
  CHECK(describe(game.def(), s.outcome()) == "a wins (joined)");
  // b's pieces touch both lists in one group along a diagonal: a3 b2 c1.
  s = parse_position(game.def(), "b a3=o c1=o a2=o");
  testing::play(game, s, "a2-b2");
  CHECK(describe(game.def(), s.outcome()) == "b wins (joined)");
  // Two groups, each touching one list, are no connection until a piece joins them.
  s = parse_position(game.def(), "b a3=o c1=o c3=o");
  CHECK_FALSE(game.outcome(s).over());
  testing::play(game, s, "c3-b2");
  CHECK(describe(game.def(), s.outcome()) == "b wins (joined)");

  // Mistakes, at their lines.
  auto error_of = [&](const std::string& connect) {
    try {
      load_game_def(dir.write("tiny.yaml", head + "results: {joined: {connect: " + connect + "}}\n"));
    } catch (const DefinitionError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK_THAT(error_of("{c: [[a1], [c3]]}"), Catch::Contains("tiny.yaml:6:30: error: unknown player 'c'"));
  CHECK_THAT(error_of("{a: [[a1]]}"), Catch::Contains("error: a connection joins 2 to 8 lists of cells; 'a' has 1"));
  CHECK_THAT(error_of("{a: [[edge up], [c3]]}"), Catch::Contains("unknown direction 'up'"));
  CHECK_THAT(error_of("{a: [[z9], [c3]]}"), Catch::Contains("unknown cell 'z9'"));
  CHECK_THAT(error_of("{a: [[a1], []]}"), Catch::Contains("error: this list holds no cell: the connection could never be made"));
  CHECK_THAT(error_of("{a: [a1, c3]}"), Catch::Contains("6:34: error: 'results.joined.connect.a[1]' must be a list, not a scalar"));
}

TEST_CASE("drop.generate's C++ search writes drop.generate_lua's moves, in order", "[placement]") {
  // Checking mode runs both at every position and fails on any difference: the bundled
  // placing games, and a small game that drops along a direction over unplayable cells,
  // with flags given by name, and with a cells function (written by the Lua loop alone).
  testing::TempDir dir;
  dir.write("drops.lua",
            "local HAND, S = game.reserve('hand'), board.dir('s')\n"
            "local turn = 0\n"
            "function generate()\n"
            "  turn = turn + 1\n"
            "  if turn % 3 == 0 then drop.generate({ from = HAND, cells = function(c) return c % 2 == 0 end })\n"
            "  elseif turn % 3 == 1 then drop.generate({ from = HAND, fall = S, flags = { 'progress' } })\n"
            "  else drop.generate({ from = HAND, flags = game.flags('progress') }) end\n"
            "end\n"
            "notation = drop.notation\n");
  ThreadRules drops(load_game_def(dir.write("drops.yaml",
                                            "name: drops\nscript: drops.lua\nplayers: [{name: a}, {name: b}]\n"
                                            "board: {kind: grid, size: [4, 4], playable: dark}\n"
                                            "reserves: [hand]\n"
                                            "pieces: {p: {glyphs: {a: x, b: o}}}\n"
                                            "setup: [{reserve: hand, pieces: {x: 5, o: 5}}]\n"
                                            "turn: {no_moves: pass, max_plies: 30}\n")));
  auto hex = testing::bundled("hex", {{"size", "5"}});
  auto four = testing::bundled("connect-four", {{"columns", "5"}, {"rows", "4"}});
  for (ThreadRules* game : {&drops, hex.get(), four.get()}) {
    INFO(game->def().name);
    game->vm().set_checking(true);
    MoveList moves;
    long placements = 0;
    testing::random_positions(*game, testing::random_games(30), [&](const State& s) {
      State copy = s;
      game->legal_moves(copy, moves);
      for (int i = 0; i < moves.size(); ++i) placements += !moves[i].is_pass() && moves[i].actions[0].op == Op::FromReserve;
    });
    CHECK(placements > 0);
  }
  // A board of more cells than a new move list has room for: the search grows the buffer
  // move by move at first, then has room for every cell at once.
  auto big = testing::bundled("hex", {{"size", "19"}});
  big->vm().set_checking(true);
  for (int round = 0; round < 2; ++round) {
    State s = big->initial();
    MoveList moves;
    if (round == 1) big->legal_moves(s, moves);
    big->legal_moves(s, moves);
    CHECK(moves.size() == 361);
  }
  // An unknown flag name is the script's error, at its line.
  testing::TempDir bad;
  ThreadRules wrong(load_game_def(testing::tiny_definition(
      bad, "function generate() drop.generate({ from = game.reserve('hand'), flags = { 'nope' } }) end\n",
      "reserves: [hand]\n")));
  CHECK_THAT(testing::generate_error(wrong, "a a1=x c3=o"), Catch::Contains("tiny.lua:1: drop.generate: no flag named 'nope'"));
}

TEST_CASE("board.cell_set: state.connected answers for a set as for its list, and the set stays as made", "[placement]") {
  // generate compares the answers for sets, lists and one of each; result() uses the sets.
  // The list a set was made from changes afterwards: the set keeps what it was given.
  testing::TempDir dir;
  ThreadRules game(load_game_def(testing::tiny_definition(
      dir,
      "local BOTTOM_LIST = { board.cell('a1'), board.cell('b1'), board.cell('c1') }\n"
      "local BOTTOM, TOP = board.cell_set(BOTTOM_LIST), board.cell_set({ board.cell('a3'), board.cell('b3'), board.cell('c3') })\n"
      "BOTTOM_LIST[1], BOTTOM_LIST[2], BOTTOM_LIST[3] = board.cell('a3'), board.cell('b3'), board.cell('c3')\n"
      "local function list(y) return { board.cell('a' .. y), board.cell('b' .. y), board.cell('c' .. y) } end\n"
      "function generate()\n"
      "  for p = 0, 1 do\n"
      "    local by_list = state.connected(p, list(1), list(3))\n"
      "    if state.connected(p, BOTTOM, TOP) ~= by_list or state.connected(p, BOTTOM, list(3)) ~= by_list\n"
      "       or state.connected(p, list(1), TOP) ~= by_list then error('a set and its list differ for ' .. p) end\n"
      "  end\n"
      "end\n"
      "function result()\n"
      "  for p = 0, 1 do if state.connected(p, BOTTOM, TOP) then return p end end\n"
      "end\n",
      "turn: {no_moves: pass}\n", testing::kTinySetupOfSix)));
  game.vm().set_checking(true);  // the Lua twin answers too, from the set's own copy of its list
  for (const auto& [position, winner] : {std::pair{"a a1=x a2=x a3=x c3=o", 0}, {"b c1=o c2=o c3=o a1=x", 1},
                                         {"a a1=x a3=x c2=o", -1}, {"a b1=x b2=o b3=x", -1}}) {
    INFO(position);
    CHECK(testing::generate_error(game, position).empty());
    const Outcome o = game.outcome(parse_position(game.def(), position));
    CHECK(o.over() == (winner >= 0));
    if (winner >= 0) CHECK(o.winner == winner);
  }
  // A script's mistakes, at its line.
  const auto error_of = testing::tiny_generate_error;
  CHECK_THAT(error_of("board.cell_set({ 0, 99 })"), Catch::Contains("tiny.lua:1: board.cell_set:"));
  CHECK_THAT(error_of("board.cell_set(7)"), Catch::Contains("tiny.lua:1: board.cell_set: the list is 7, not a list"));
  CHECK_THAT(error_of("local s = board.cell_set({ 0 }) s[2] = 1"), Catch::Contains("tiny.lua:1: a cell set cannot be changed"));
  CHECK_THAT(error_of("setmetatable(board.cell_set({ 0 }), {})"), Catch::Contains("tiny.lua:1:"));
  CHECK_THAT(error_of("state.connected(0, 7, { 1 })"), Catch::Contains("tiny.lua:1: state.connected: from is 7, not a list"));
  CHECK_THAT(error_of("state.connected(0, { 0 }, { 1 }, { 99 })"),
             Catch::Contains("tiny.lua:1: state.connected: dirs[1] 99 is out of range"));
  CHECK_THAT(error_of("state.longest_line(0, { -1 })"), Catch::Contains("tiny.lua:1: state.longest_line: dirs[1] -1 is out of range"));
}
