// The flank block (interpreter/blocks/flank.cpp) on Othello's board: the published perft
// counts, and the moves and positions of random games against an independent generator
// written here; its errors at the definition's lines.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>

#include "core/rng.h"
#include "helpers.h"
#include "rules/playout.h"
#include "state/position_text.h"

using namespace boardlab;

namespace {

// Othello by the rules of ../shared/rules/README.md section 12, but for its end (a side
// with no placement passes; the cap ends the game).
std::string othello(const std::string& extra = "") {
  return R"(api: 2
name: flank-othello
players: [{name: black}, {name: white}]
board: {kind: grid, size: [8, 8], max_stack: 1}
reserves: [hand]
pieces: {disc: {glyphs: {black: b, white: w}}}
setup:
  - {stack: w, cells: [d4, e5]}
  - {stack: b, cells: [d5, e4]}
  - {reserve: hand, pieces: {b: unlimited, w: unlimited}}
turn: {first: black, no_moves: pass, max_plies: 130}
)" + (extra.empty() ? "moves:\n  flank: {from: hand, flags: [progress]}\n" : extra);
}

// A second opinion: the board as a plain array (0 empty, 1 black, 2 white), squares a1..h8.
struct PlainOthello {
  std::array<int, 64> at{};
  int side = 1;
  static constexpr int kDx[8] = {0, 1, 1, 1, 0, -1, -1, -1}, kDy[8] = {1, 1, 0, -1, -1, -1, 0, 1};
  // The squares a disc of `side` on (x, y) turns over.
  std::vector<int> turned(int x, int y) const {
    std::vector<int> out;
    if (at[static_cast<size_t>(y * 8 + x)]) return out;
    for (int d = 0; d < 8; ++d) {
      std::vector<int> run;
      int cx = x + kDx[d], cy = y + kDy[d];
      while (cx >= 0 && cx < 8 && cy >= 0 && cy < 8 && at[static_cast<size_t>(cy * 8 + cx)] == 3 - side)
        run.push_back(cy * 8 + cx), cx += kDx[d], cy += kDy[d];
      if (!run.empty() && cx >= 0 && cx < 8 && cy >= 0 && cy < 8 && at[static_cast<size_t>(cy * 8 + cx)] == side)
        out.insert(out.end(), run.begin(), run.end());
    }
    return out;
  }
  std::vector<std::string> moves() const {
    std::vector<std::string> out;
    for (int y = 0; y < 8; ++y)
      for (int x = 0; x < 8; ++x)
        if (!turned(x, y).empty()) out.push_back(std::string(1, static_cast<char>('a' + x)) + std::to_string(y + 1));
    if (out.empty()) out.push_back("pass");
    std::sort(out.begin(), out.end());
    return out;
  }
  void play(const std::string& m) {
    if (m != "pass") {
      const int x = m[0] - 'a', y = m[1] - '1';
      for (int c : turned(x, y)) at[static_cast<size_t>(c)] = side;
      at[static_cast<size_t>(y * 8 + x)] = side;
    }
    side = 3 - side;
  }
};

}  // namespace

TEST_CASE("flank: Othello's published perft counts", "[flank]") {
  testing::TempDir dir;
  ThreadRules game(load_game_def(dir.write("othello.yaml", othello())));
  State s = game.initial();
  const std::vector<uint64_t> published = {4, 12, 56, 244, 1396, 8200, 55092};
  for (size_t d = 1; d <= published.size(); ++d) CHECK(perft(game, s, static_cast<int>(d)) == published[d - 1]);
  CHECK(game.vm().lua_calls() == 0);  // declared: no VM on the way
}

TEST_CASE("flank: random games move for move and square for square as an independent generator", "[flank]") {
  testing::TempDir dir;
  ThreadRules game(load_game_def(dir.write("othello.yaml", othello())));
  Rng rng(81);
  MoveList legal;
  int passes = 0, plies = 0;
  const int games = testing::random_games(40);
  for (int g = 0; g < games; ++g) {
    State s = game.initial();
    PlainOthello plain;
    plain.at[3 * 8 + 3] = plain.at[4 * 8 + 4] = 2;
    plain.at[4 * 8 + 3] = plain.at[3 * 8 + 4] = 1;
    while (!game.over(s)) {
      auto texts = testing::legal_texts(game, s);
      std::sort(texts.begin(), texts.end());
      REQUIRE(texts == plain.moves());
      const std::string m = texts[rng.below(static_cast<uint32_t>(texts.size()))];
      passes += m == "pass";
      testing::play(game, s, m);
      plain.play(m);
      ++plies;
      for (int c = 0; c < 64; ++c) REQUIRE(s.owner(c) == plain.at[static_cast<size_t>(c)] - 1);
    }
  }
  CHECK(passes > 0);  // the games reached positions with no placement
  CHECK(plies > 40 * games);  // whole games, not a few plies each
}

TEST_CASE("flank: directions of the author's choosing, and errors at their lines", "[flank]") {
  testing::TempDir dir;
  // The start's four brackets run along a rank or a file: along the diagonals alone there is
  // none, and Black passes.
  ThreadRules orthogonal(load_game_def(dir.write("rook.yaml", othello("moves:\n  flank: {from: hand, dirs: [n, e, s, w]}\n"))));
  State s = orthogonal.initial();
  auto texts = testing::legal_texts(orthogonal, s);
  std::sort(texts.begin(), texts.end());
  CHECK(texts == std::vector<std::string>{"c4", "d3", "e6", "f5"});
  ThreadRules diagonal(load_game_def(dir.write("bishop.yaml", othello("moves:\n  flank: {from: hand, dirs: [ne, se, sw, nw]}\n"))));
  State d = diagonal.initial();
  CHECK(testing::legal_texts(diagonal, d) == std::vector<std::string>{"pass"});
  const std::string bad = dir.write("bad.yaml", othello("moves:\n  flank: {from: hnd, dirs: [north]}\n"));
  try {
    load_game_def(bad);
    FAIL("a flank with an unknown reserve and direction was accepted");
  } catch (const DefinitionError& e) {
    CHECK_THAT(e.what(), Catch::Contains("bad.yaml:13:17: error: unknown reserve 'hnd'") &&
                             Catch::Contains("bad.yaml:13:29: error: unknown direction 'north'"));
  }
}

TEST_CASE("flank from a script: blocks.flank plays as the declared block, its errors at the script's line", "[flank]") {
  testing::TempDir dir;
  ThreadRules declared(load_game_def(dir.write("othello.yaml", othello())));
  dir.write("othello.lua", R"(local flank = blocks.flank { from = game.reserve("hand"), flags = { "progress" } }
function generate() flank.generate() end
function notation(move) return flank.notation() end
)");
  ThreadRules scripted(load_game_def(dir.write("scripted.yaml", othello("script: othello.lua\n"))));
  State a = declared.initial(), b = scripted.initial();
  for (int d = 1; d <= 5; ++d) CHECK(perft(declared, a, d) == perft(scripted, b, d));
  CHECK(testing::legal_texts(scripted, b) == testing::legal_texts(declared, a));
  Rng rng(82);
  int passes = 0;
  for (int g = 0; g < testing::random_games(10); ++g) {  // to the end, passes and all
    State x = declared.initial(), y = scripted.initial();
    while (!declared.over(x)) {
      const auto texts = testing::legal_texts(declared, x);
      REQUIRE(testing::legal_texts(scripted, y) == texts);
      const std::string m = texts[rng.below(static_cast<uint32_t>(texts.size()))];
      passes += m == "pass";
      testing::play(declared, x, m);
      testing::play(scripted, y, m);
    }
  }
  CHECK(passes > 0);
  auto error_of = [&](const std::string& lua) {
    dir.write("bad.lua", lua);
    try {
      ThreadRules bad(load_game_def(dir.write("bad.yaml", othello("script: bad.lua\n"))));
      State s = bad.initial();
      MoveList moves;
      bad.legal_moves(s, moves);
      return std::string();
    } catch (const ScriptError& e) {
      return std::string(e.what());
    }
  };
  CHECK_THAT(error_of("local f = blocks.flank { from = \"hnd\" }\nfunction generate() f.generate() end\n"),
             Catch::Contains("bad.lua:1: blocks.flank: unknown reserve 'hnd' (did you mean 'hand'?)"));
  CHECK_THAT(error_of("\nlocal f = blocks.flank { frm = 0 }\nfunction generate() f.generate() end\n"),
             Catch::Contains("bad.lua:2: blocks.flank:") && Catch::Contains("'frm'"));
  CHECK_THAT(error_of("local f = blocks.flnk { from = 0 }\nfunction generate() f.generate() end\n"),
             Catch::Contains("bad.lua:1: blocks: no block named 'flnk'; did you mean 'flank'?"));
  CHECK_THAT(error_of("function generate() for i = 1, 65 do blocks.flank { from = 0 } end end\n"),
             Catch::Contains("bad.lua:1: blocks.flank: a script may make at most 64 blocks"));
  CHECK_THAT(error_of("local f = blocks.flank { from = 0 }\nfunction generate() end\nf.generate()\n"),
             Catch::Contains("bad.lua:3: blocks.flank.generate: moves can only be written by generate()"));
}
