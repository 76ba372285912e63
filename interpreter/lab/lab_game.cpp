// Lab games as records.
#include "lab/lab_game.h"

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
  // Each move written as the record's line, in the mover's notation.
  class Writer : public GameObserver {
   public:
    Writer(const GameDef& def, Record& r) : def_(def), r_(r) {}
    void reads_by(Replayer& walk) { walk_ = &walk; }
    void moving(const State& s, const MoveList&, int chosen) override {
      r_.plies.push_back(record_ply(def_, s, walk_->notation().texts()[static_cast<size_t>(chosen)]));
    }

   private:
    const GameDef& def_;
    Record& r_;
    Replayer* walk_ = nullptr;
  } writer(def, r);
  State s = rules.initial();
  Replayer walk(rules, s, &writer);
  writer.reads_by(walk);
  for (size_t i = 0; i < g.moves.size(); ++i) {
    const int m = g.moves[i];
    // The folder names who moved first: the roll-off's winner where a roll-off starts the game.
    const WrittenPly ply{i == 0 ? g.starter : -1, i < g.dice.size() ? g.dice[i] : "", "", m};
    const std::string why = m < 0 ? fmt::format("there is no move number {}", m) : walk.play(ply);
    if (!why.empty())
      throw std::invalid_argument(fmt::format("game {}, move {}: {} (the folder was written under another definition, "
                                              "or edited)", g.index, i + 1, why));
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
