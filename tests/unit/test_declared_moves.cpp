// Moves declared in the definition (`moves:`, a registered block of interpreter/blocks/): the bundled
// Breakthrough, whose steps are data, plays move for move as the tutorial's with a script, a script beside
// declared moves defines the other hooks but not generate, and the declared Connect Four's
// rules are its drop block, its line result and its draw without moves.
#include <catch2/catch.hpp>

#include <algorithm>

#include "core/text.h"
#include "helpers.h"
#include "rules/playout.h"
#include "state/position_text.h"

using namespace boardlab;

namespace {

// The bundled Breakthrough (declared steps) with a script beside it for the other hooks.
std::string with_script(const testing::TempDir& dir, const std::string& script) {
  std::string yaml = read_text_file("definitions/breakthrough.yaml").value();
  // The weights file lies beside the bundled definition, not in the temporary folder.
  const size_t w = yaml.find("weights:");
  REQUIRE(w != std::string::npos);
  yaml.erase(w, yaml.find('\n', w) - w + 1);
  dir.write("extra.lua", script);
  return dir.write("breakthrough.yaml", yaml + "script: extra.lua\n");
}

}  // namespace

TEST_CASE("Declared steps: the bundled Breakthrough, without a script, plays exactly as the tutorial's with one",
          "[declared]") {
  ThreadRules declared(load_game_def("definitions/breakthrough.yaml"));
  CHECK(declared.def().script_file.empty());
  auto scripted = std::make_unique<ThreadRules>(load_game_def("docs/tutorial/breakthrough.yaml"));
  CHECK_FALSE(scripted->def().script_file.empty());
  State a = declared.initial(), b = scripted->initial();
  for (int d = 1; d <= 3; ++d) CHECK(perft(declared, a, d) == perft(*scripted, b, d));
  Rng rng(7);
  MoveList ma, mb;
  for (int g = 0; g < testing::random_games(30); ++g) {
    State x = declared.initial(), y = scripted->initial();
    while (!declared.outcome(x).over()) {
      REQUIRE(!scripted->outcome(y).over());
      declared.legal_moves(x, ma);
      scripted->legal_moves(y, mb);
      const auto tx = declared.move_texts(x, ma), ty = scripted->move_texts(y, mb);
      REQUIRE(tx == ty);
      for (int i = 0; i < ma.size(); ++i) REQUIRE(ma[i].flags == mb[i].flags);  // captures carry the event
      const auto i = static_cast<int>(rng.below(static_cast<uint32_t>(ma.size())));
      declared.apply(x, ma[i]);
      scripted->apply(y, mb[i]);
    }
    CHECK(declared.outcome(x) == scripted->outcome(y));
  }
}

TEST_CASE("Declared moves: a script beside them defines the other hooks, not generate", "[declared]") {
  testing::TempDir dir;
  ThreadRules with_notation(load_game_def(with_script(dir, "function notation(move) return board.name(move.from) .. '~' .. board.name(move.to) end\n")));
  State s = with_notation.initial();
  auto texts = testing::legal_texts(with_notation, s);
  CHECK(std::count(texts.begin(), texts.end(), "a2~a3") == 1);  // the script's notation
  testing::TempDir other;
  try {
    ThreadRules twice(load_game_def(with_script(other, "function generate() end\n")));
    FAIL("a script's generate beside declared moves was accepted");
  } catch (const ScriptError& e) {
    CHECK_THAT(e.what(), Catch::Contains("the definition declares its moves"));
  }
}

TEST_CASE("Declared drop: Connect Four has no script; its column letters name moves; a full board draws", "[declared]") {
  auto game = testing::bundled("connect-four");
  CHECK(game->def().script_file.empty());
  CHECK(game->def().declared_block == "drop");
  State s = game->initial();
  testing::play(*game, s, "d");
  testing::play(*game, s, "d");
  CHECK(position_text(s) == "red ply:2 d1=x d2=o");
  const State full = parse_position(game->def(), "red a1=x a2=o a3=x a4=o a5=x a6=o");
  CHECK_FALSE(testing::texts_at(*game, position_text(full)).count("a7"));
  CHECK(game->vm().lua_calls() == 0);  // no VM: the block writes and spells the moves
}
