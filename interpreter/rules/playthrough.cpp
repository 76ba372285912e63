// Golden playthroughs: seeded random games as reviewable text (playthrough.h).
#include "rules/playthrough.h"

#include <cstdint>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <sstream>
#include <stdexcept>

#include "core/rng.h"
#include "core/text.h"
#include "rules/game_loop.h"
#include "state/position_text.h"

namespace boardlab {

namespace {
// The command that writes the same text: `playouts --text` (cli/cmd_playouts.cpp).
constexpr const char* kCommand = "boardlab playouts";

// Each decision as three lines: the position, its legal moves, the one played; each roll as
// one line.
class Writer : public GameObserver {
 public:
  Writer(const Rules& rules, std::string& out) : rules_(rules), out_(out) {}
  void rolled(const State& s) override { out_ += fmt::format("roll: {}\n", dice_text(s)); }
  void moving(const State& s, const MoveList& legal, int chosen) override {
    const auto texts = rules_.move_texts(s, legal);
    out_ += fmt::format("position: {}\nmoves ({}): {}\nplay: {}\n", position_text(s), texts.size(), fmt::join(texts, " | "),
                        texts[static_cast<size_t>(chosen)]);
  }

 private:
  const Rules& rules_;
  std::string& out_;
};
}  // namespace

std::string PlaythroughSpec::command() const {
  std::string line = fmt::format("{} {} --text", kCommand, game);
  for (const auto& o : options) line += fmt::format(" --option {}", o);
  return line + fmt::format(" --games {} --seed {} --max-plies {}", games, seed, max_plies);
}

PlaythroughSpec PlaythroughSpec::parse(const std::string& command_line) {
  std::istringstream in(command_line);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  const std::vector<std::string> head = split_ws(kCommand);
  if (words.size() < head.size() + 1 || !std::equal(head.begin(), head.end(), words.begin()))
    throw std::invalid_argument(fmt::format("a playthrough starts with the line '{} GAME --text ...', not '{}'", kCommand, command_line));
  PlaythroughSpec spec;
  spec.game = words[head.size()];
  for (size_t i = head.size() + 1; i < words.size();) {
    const std::string& key = words[i++];
    if (key == "--text") continue;  // a flag: every playthrough has it
    if (i == words.size()) throw std::invalid_argument(fmt::format("'{}' has no value", key));
    const std::string& value = words[i++];
    auto number = [&](long long lo, long long hi) {
      const auto v = parse_int(value);
      if (!v || *v < lo || *v > hi) throw std::invalid_argument(fmt::format("{} {}: not a number from {} to {}", key, value, lo, hi));
      return *v;
    };
    if (key == "--option") spec.options.push_back(value);
    else if (key == "--games") spec.games = static_cast<int>(number(1, 1000));
    else if (key == "--seed") spec.seed = static_cast<uint64_t>(number(0, INT64_MAX));
    else if (key == "--max-plies") spec.max_plies = static_cast<int>(number(0, 100000));
    else throw std::invalid_argument(fmt::format("'{}' is not an option of a playthrough", key));
  }
  return spec;
}

std::string playthrough(const Rules& rules, const PlaythroughSpec& spec) {
  std::string out = spec.command() + "\n";
  GameLoop loop;
  for (int g = 0; g < spec.games; ++g) {
    const uint64_t seed = game_seed(spec.seed, g);
    out += fmt::format("\ngame {} (seed {})\n", g, seed);
    Rng rng(seed);
    RandomPlayer random(rng);
    std::vector<Player*> seats(static_cast<size_t>(rules.def().nplayers()), &random);
    State s = rules.initial();
    Writer writer(rules, out);
    const LoopEnd end = loop.play(rules, s, seats, rng, spec.max_plies, &writer);
    out += fmt::format("position: {}\n", position_text(s));
    const Outcome o = rules.outcome(s);
    out += o.over() ? fmt::format("result: {}\n", describe(rules.def(), o))
                    : fmt::format("stopped after {} plies\n", end.plies);
  }
  return out;
}

}  // namespace boardlab
