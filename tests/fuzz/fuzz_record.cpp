// Fuzz target: a game record from a stranger (`replay`, `play --load`). The text is read;
// a record of a bundled game is replayed by its rules (only bundled games: a record cannot
// name a file). It must read, or be refused naming the line; a replay ends or stops with a
// reason; a record that reads prints and reads back to itself.
#include <map>
#include <memory>

#include "core/diagnostics.h"
#include "definition/bundled.h"
#include "fuzz_support.h"
#include "session/game_record.h"
#include "state/position_text.h"

using namespace boardlab;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Record r;
  try {
    r = parse_record(fuzz::text(data, size, 0));
  } catch (const std::invalid_argument&) {
    return 0;
  }
  const std::string printed = format_record(r);
  fuzz::require(format_record(parse_record(printed)) == printed, "a record prints and reads back to itself");
  // The rules of each game and option set seen, kept for the next inputs (a bounded number).
  static std::map<std::string, std::unique_ptr<ThreadRules>> cache;
  std::string key = r.game;
  std::vector<std::string> options;
  for (const auto& [k, v] : r.options) options.push_back(k + "=" + v), key += " " + k + "=" + v;
  try {
    if (cache.size() > 64 && !cache.count(key)) cache.clear();
    auto& rules = cache[key];
    if (!rules) rules = std::make_unique<ThreadRules>(open_named_definition(r.game, options));
    replay(*rules, r);
  } catch (const std::invalid_argument&) {  // not a bundled game, a bad option
  } catch (const DefinitionError&) {        // an option value the definition refuses
  } catch (const PositionError&) {          // a bad [Start]
  } catch (const ScriptError&) {
  }
  return 0;
}
