// Fuzz target: a definition from a stranger. The input is the YAML text, a NUL byte, then
// the Lua script (`script: game.lua` in the seeds names it). A clean load plays a few
// random plies with every legal move's notation. Any outcome but a located error
// (DefinitionError), a script error or a refused action is a finding.
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "core/diagnostics.h"
#include "core/rng.h"
#include "fuzz_support.h"
#include "rules/playout.h"

using namespace boardlab;

namespace {

void write(const std::filesystem::path& p, std::string_view text) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::filesystem::path dir = [] {
    char name[] = "/tmp/boardlab-fuzz-XXXXXX";
    return std::filesystem::path(mkdtemp(name));
  }();
  const std::string input = fuzz::text(data, size, 0);
  const size_t nul = input.find('\0');
  write(dir / "game.yaml", std::string_view(input).substr(0, nul));
  write(dir / "game.lua", nul == std::string::npos ? std::string_view() : std::string_view(input).substr(nul + 1));
  try {
    auto def = std::make_shared<GameDef>(*load_game_def((dir / "game.yaml").string()));
    // Fuzzing wants many short runs: the budgets a definition may ask for are cut down.
    def->tick_limit = std::min(def->tick_limit, 200'000);
    def->memory_limit = std::min<int64_t>(def->memory_limit, 64 << 20);
    ThreadRules rules(def);
    State s = rules.initial();
    Rng rng(size);
    MoveList moves;
    for (int ply = 0; ply < 6 && !s.outcome().over(); ++ply) {
      if (s.awaiting_roll()) rules.apply(s, rules.sample_chance(s, rng));
      rules.legal_moves(s, moves);
      if (moves.empty()) break;
      rules.move_texts(s, moves);
      rules.apply(s, moves[static_cast<int>(rng.next() % static_cast<uint64_t>(moves.size()))]);
    }
  } catch (const std::runtime_error&) {  // DefinitionError, ScriptError, a refused action
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
