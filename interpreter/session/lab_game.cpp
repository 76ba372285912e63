// Lab games as records.
#include "session/lab_game.h"

#include <fmt/format.h>

#include <stdexcept>

#include "core/text.h"
#include "state/position_text.h"

namespace boardlab {

Record lab_game_record(const Rules& rules, const lab::RunInfo& run, const lab::GameStats& g) {
  const GameDef& def = rules.def();
  if (g.moves.empty() && g.plies > 0)
    throw std::invalid_argument(fmt::format("game {} was written without its moves (by an older boardlab)", g.index));
  Record r;
  r.game = run.game;
  r.definition_hash = run.definition_hash;
  for (const auto& o : run.options) r.options.push_back(parse_key_value(o, "an option"));
  r.seed = g.seed;
  const int n = def.nplayers();
  for (int p = 0; p < n; ++p) {
    const auto k = static_cast<size_t>((p - g.first_seat + n) % n);  // the agent in seat p
    r.players.emplace_back(def.players[static_cast<size_t>(p)].name, k < run.agents.size() ? run.agents[k] : "?");
  }
  r.result = g.capped ? "*" : g.result;
  State s = rules.initial();
  MoveList legal;
  for (size_t i = 0; i < g.moves.size(); ++i) {
    auto fail = [&](const std::string& why) {
      return std::invalid_argument(fmt::format("game {}, move {}: {}", g.index, i + 1, why));
    };
    if (s.outcome().over()) throw fail("the game was already over: " + describe(def, s.outcome()));
    if (s.awaiting_roll()) {
      if (i >= g.dice.size()) throw fail("no roll is recorded");
      try {
        const auto dice = parse_dice(def, g.dice[i]);
        s.roll(dice.data(), s.opening_roll() ? g.starter : -1);
      } catch (const PositionError& e) {
        throw fail(e.what());
      }
    }
    if (!rules.start_turn(s, legal)) throw fail("the side to move has no move to make");
    const int m = g.moves[i];
    if (m < 0 || m >= legal.size())
      throw fail(fmt::format("it is number {} of {} legal moves (from 0): the folder was written under another "
                             "definition, or edited", m, legal.size()));
    r.plies.push_back(record_ply(def, s, rules.notation(s, legal).texts()[static_cast<size_t>(m)]));
    rules.apply(s, legal[m]);
  }
  return r;
}

lab::GameStats find_lab_game(const std::string& dir, const GameDef& def, long index) {
  long low = -1, high = -1;
  for (auto& g : lab::read_games(dir, def)) {
    if (g.index == index) return std::move(g);
    low = low < 0 ? g.index : std::min(low, g.index);
    high = std::max(high, g.index);
  }
  if (low < 0) throw std::invalid_argument(fmt::format("{} holds no games", dir));
  throw std::invalid_argument(fmt::format("{} holds no game {}: its games are numbered {} to {}", dir, index, low, high));
}

}  // namespace boardlab
