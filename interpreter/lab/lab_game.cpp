// Lab games as records.
#include "lab/lab_game.h"

#include <fmt/format.h>

#include <filesystem>
#include <regex>
#include <stdexcept>

#include "core/text.h"
#include "definition/bundled.h"
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

RecordToReplay open_record(const std::string& path, long index, const std::string& definition) {
  RecordToReplay out;
  auto open = [&](const std::string& name, const std::vector<std::string>& options) {
    out.rules = std::make_unique<ThreadRules>(definition.empty() ? open_named_definition(name, options)
                                                                 : open_definition(definition, options));
    return out.rules->def();
  };
  if (std::filesystem::is_directory(path)) {
    if (index < 0) throw std::invalid_argument(fmt::format("{} is a folder: name one of its games with --game N", path));
    const lab::RunInfo run = lab::read_run_info(path);
    const GameDef& def = open(run.game, run.options);
    if (!def.same_rules(run.definition_hash))
      throw std::invalid_argument(fmt::format("{} was made under a different definition of {} ({}, now {}): its moves are "
                                              "numbers in that definition's move lists, which this one cannot read",
                                              path, def.name, run.definition_hash, def.content_hash));
    out.record = lab_game_record(*out.rules, run, find_lab_game(path, def, index));
    return out;
  }
  if (index >= 0) throw std::invalid_argument(fmt::format("--game N picks a game of a lab folder; {} is a file", path));
  std::string why;
  auto text = read_text_file(path, kMaxTextFile, &why);
  if (!text) throw std::invalid_argument(fmt::format("cannot read {}: {}", path, why));
  try {
    out.record = parse_record(*text);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(fmt::format("{}: {}", path, e.what()));
  }
  std::vector<std::string> options;
  for (const auto& [k, v] : out.record.options) options.push_back(k + "=" + v);
  open(out.record.game, options);
  return out;
}

void check_records_folder(const std::string& dir) {
  std::error_code ec;
  if (!std::filesystem::exists(dir, ec)) return;
  if (!std::filesystem::is_directory(dir, ec)) throw std::invalid_argument(fmt::format("{}: not a folder", dir));
  for (const auto& e : std::filesystem::directory_iterator(dir, ec))
    if (!std::regex_match(e.path().filename().string(), std::regex(R"([0-9]{4,}\.txt)")))
      throw std::invalid_argument(fmt::format("{}: it holds {}, which is not a record; choose another folder", dir,
                                              e.path().filename().string()));
}

void save_records(const std::string& dir, const Rules& rules, const std::vector<std::string>& options,
                  const std::vector<std::string>& agents, const std::vector<lab::GameStats>& games) {
  std::filesystem::create_directories(dir);
  lab::RunInfo run;
  run.game = rules.def().name;
  run.options = options;
  run.definition_hash = rules.def().content_hash;
  run.agents = agents;
  for (const auto& g : games) save_record(fmt::format("{}/{:04}.txt", dir, g.index + 1), lab_game_record(rules, run, g));
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
