// Test helpers.
#include "helpers.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>

#include "definition/bundled.h"
#include "state/position_text.h"

namespace testing {

namespace fs = std::filesystem;

TempDir::TempDir() {
  std::random_device rd;
  path_ = (fs::temp_directory_path() / ("boardlab-test-" + std::to_string(rd()))).string();
  fs::create_directories(path_);
}
TempDir::~TempDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}
std::string TempDir::write(const std::string& name, const std::string& text) const {
  std::string p = path_ + "/" + name;
  std::ofstream(p) << text;
  return p;
}

std::string tiny_definition(const TempDir& dir, const std::string& lua, const std::string& extra_yaml,
                            const std::string& setup) {
  dir.write("tiny.lua", lua);
  return dir.write("tiny.yaml",
                   "api: 2\n"
                   "name: tiny\n"
                   "script: tiny.lua\n"
                   "players: [{name: a}, {name: b}]\n"
                   "board: {kind: grid, size: [3, 3]}\n"
                   "pieces: {p: {glyphs: {a: x, b: o}}}\n"
                   "setup: " + setup + "\n" + extra_yaml);
}

std::unique_ptr<boardlab::ThreadRules> bundled(const std::string& name,
                                        const std::vector<std::pair<std::string, std::string>>& options) {
  return std::make_unique<boardlab::ThreadRules>(boardlab::load_game_def(boardlab::resolve_game(name), options));
}

std::vector<std::string> legal_texts(const boardlab::Rules& game, boardlab::State& s) {
  boardlab::MoveList moves;
  game.legal_moves(s, moves);
  return game.move_texts(s, moves);
}

std::set<std::string> texts_at(const boardlab::Rules& game, const std::string& position) {
  boardlab::State s = boardlab::parse_position(game.def(), position);
  auto t = legal_texts(game, s);
  return {t.begin(), t.end()};
}

std::string generate_error(const boardlab::Rules& game, const std::string& position) {
  try {
    boardlab::State s = boardlab::parse_position(game.def(), position);
    boardlab::MoveList moves;
    game.legal_moves(s, moves);
    return "";
  } catch (const boardlab::ScriptError& e) {
    return e.what();
  }
}

std::string tiny_generate_error(const std::string& body) {
  TempDir dir;
  boardlab::ThreadRules game(boardlab::load_game_def(tiny_definition(dir, "function generate() " + body + " end\n")));
  return generate_error(game, "a a1=x c3=o");
}

void play(const boardlab::Rules& game, boardlab::State& s, const std::string& text) {
  boardlab::MoveList moves;
  game.legal_moves(s, moves);
  auto parsed = game.notation(s, moves).parse(text);
  INFO(parsed.error);
  REQUIRE(parsed.index >= 0);
  game.apply(s, moves[parsed.index]);
}

long random_positions(const boardlab::Rules& game, int games, const std::function<void(const boardlab::State&)>& visit) {
  using namespace boardlab;
  MoveList moves;
  long positions = 0;
  for (uint64_t seed = 1; seed <= static_cast<uint64_t>(games); ++seed) {
    Rng rng(seed);
    State s = game.initial();
    for (;;) {
      game.legal_moves(s, moves);
      if (moves.empty()) break;  // over
      visit(s);
      ++positions;
      game.apply(s, moves[static_cast<int>(rng.below(static_cast<uint32_t>(moves.size())))]);
    }
  }
  return positions;
}

int random_games(int full) {
#ifdef BOARDLAB_SANITIZED_BUILD
  return full / 10;
#else
  return full;
#endif
}

std::string expected_messages(const std::string& file) {
  std::ifstream in(file);
  std::string line, expected;
  while (std::getline(in, line)) {
    if (line.rfind("# expect: ", 0) != 0) continue;
    std::string msg = line.substr(10);
    if (auto at = msg.find("{file}"); at != std::string::npos) msg.replace(at, 6, file);
    expected += msg + "\n";
  }
  return expected;
}

}  // namespace testing
