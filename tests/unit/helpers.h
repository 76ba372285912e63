// Test helpers: games written to a temporary folder, and shortcuts for moves by notation.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "rules/rules.h"

namespace testing {

// A folder under the system's temp directory, removed with the object.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  std::string write(const std::string& name, const std::string& text) const;  // returns the path
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// A 3x3 grid game with one piece each, whose script is `lua`; `extra_yaml` is appended.
// The tiny game's setup: a piece each. A position can hold no more pieces than the setup has
// (no move adds one): tests of positions with more give a setup with room for them.
inline const std::string kTinySetup = "[{stack: x, cells: [a1]}, {stack: o, cells: [c3]}]";
inline const std::string kTinySetupOfSix = "[{stack: x, cells: [a1, b1, c1]}, {stack: o, cells: [a3, b3, c3]}]";
std::string tiny_definition(const TempDir& dir, const std::string& lua, const std::string& extra_yaml = "",
                            const std::string& setup = kTinySetup);

std::unique_ptr<boardlab::ThreadRules> bundled(const std::string& name,
                                        const std::vector<std::pair<std::string, std::string>>& options = {});

// The printed notation of every legal move of `s`.
std::vector<std::string> legal_texts(const boardlab::Rules& game, boardlab::State& s);
// The printed notation of every legal move of a position given as text.
std::set<std::string> texts_at(const boardlab::Rules& game, const std::string& position);
// The script error of generating the moves of `position`, or "".
std::string generate_error(const boardlab::Rules& game, const std::string& position);
// The error the tiny game's script raises when its generate is `function generate() BODY end`
// (one line), in the position a a1=x c3=o; "" if none.
std::string tiny_generate_error(const std::string& body);
// Plays a move given in notation; fails the test if it is not legal.
void play(const boardlab::Rules& game, boardlab::State& s, const std::string& text);

// The `# expect: ` lines of a test file (a bad definition, a failing rule test), one
// message a line, with {file} standing for its path.
std::string expected_messages(const std::string& file);

// The move-tree count of an independent generator's position: `Plain` has moves() (the
// legal moves' texts) and play(text) (the position after one).
template <class Plain>
uint64_t plain_perft(const Plain& p, int depth) {
  const auto ms = p.moves();
  if (depth == 1) return ms.size();
  uint64_t total = 0;
  for (const auto& m : ms) total += plain_perft(p.play(m), depth - 1);
  return total;
}

// How many random games the invariant tests play (fewer in the sanitized build).
int random_games(int full);

// Plays `games` random games (seeds 1, 2, ...) and shows `visit` each position on the way,
// the last one too; returns how many it showed.
long random_positions(const boardlab::Rules& game, int games, const std::function<void(const boardlab::State&)>& visit);

}  // namespace testing
