// PlaySession: the game loop with people at its seats, and the record kept all along.
#include "session/play_session.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "core/text.h"
#include "state/position_text.h"

namespace boardlab {

// A seat in the game loop: an agent, or a person (the loop stops for them).
class PlaySession::Seat : public Player {
 public:
  Seat(const PlaySession& session, Agent* agent) : session_(session), agent_(agent) {}
  int choose(const Rules& rules, const State& s, const MoveList& legal) override {
    if (!agent_) return kStop;
    if (Watcher* w = session_.watcher_) {
      if (w->interrupted()) return kStop;
      w->deciding(s);
    }
    return agent_->choose(rules, s, legal);
  }

 private:
  const PlaySession& session_;
  Agent* agent_;
};

// Records every roll and move the loop makes, and tells the watcher.
class PlaySession::Recorder : public GameObserver {
 public:
  Recorder(PlaySession& session, Watcher* watcher) : session_(session), watcher_(watcher) {}
  void rolled(const State& s) override {
    if (watcher_) watcher_->rolled(s, opening_);
    opening_ = false;
  }
  void moving(const State& s, const MoveList& legal, int chosen) override {
    before_.emplace(s);
    move_ = legal[chosen];
    const auto i = static_cast<size_t>(chosen);
    const auto mover = session_.rules_.notation(s, legal);
    const std::string text = mover.texts()[i];
    shown_ = session_.rules_.text_for(s, legal, chosen, session_.viewer_, mover);
    session_.record(s, text, shown_);
  }
  void moved(const State& s) override {
    if (watcher_) watcher_->played(*before_, move_, shown_, s, !session_.is_human(before_->side()));
  }
  bool opening_ = false;

 private:
  PlaySession& session_;
  Watcher* watcher_;
  std::optional<State> before_;
  Move move_;
  std::string shown_;
};

PlaySession::PlaySession(Setup setup)
    : rules_(setup.def), seed_(setup.seed), limits_(setup.limits), seats_(std::move(setup.seats)), dice_(setup.seed),
      state_(setup.start ? *setup.start : rules_.initial()) {
  const GameDef& def = rules_.def();
  if (seats_.empty()) seats_ = default_seats(def);
  if (seats_.size() != def.players.size())
    throw std::invalid_argument(fmt::format("{} has {} players, not {}", def.name, def.players.size(), seats_.size()));
  for (size_t p = 0; p < seats_.size(); ++p) {
    agents_.push_back(seats_[p] == "human" ? nullptr : make_seat_agent(seats_[p], static_cast<int>(p), limits_));
    seat_players_.push_back(std::make_unique<Seat>(*this, agents_.back().get()));
  }
  record_.game = setup.game;
  record_.definition_hash = def.content_hash;
  for (const auto& o : setup.options) record_.options.push_back(parse_key_value(o, "--option"));
  record_.seed = setup.seed;
  record_.date = setup.date;
  for (size_t p = 0; p < seats_.size(); ++p) record_.players.emplace_back(def.players[p].name, seats_[p]);
  viewer_ = first_person(def, record_);
  if (setup.start) record_.start = position_text(state_);
}

PlaySession::~PlaySession() = default;

std::string PlaySession::level_seat(int level) { return fmt::format("level:{}", level); }

std::vector<std::string> PlaySession::default_seats(const GameDef& def, std::vector<std::string> named, int level) {
  named.resize(def.players.size());
  const bool person_named = std::find(named.begin(), named.end(), "human") != named.end();
  for (size_t p = 0; p < named.size(); ++p)
    if (named[p].empty()) named[p] = p == 0 && !person_named ? "human" : level_seat(level);
  return named;
}

std::unique_ptr<Agent> PlaySession::make_seat_agent(const std::string& spec, int player, const AgentLimits& limits) const {
  try {
    return make_agent(AgentSpec::parse(spec), rules_.def_ptr(), seat_seed(seed_, player), nullptr, limits);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(fmt::format("{}: {}", def().players[static_cast<size_t>(player)].name, e.what()));
  }
}

void PlaySession::set_computers(const std::string& spec) {
  std::vector<std::unique_ptr<Agent>> made(agents_.size());
  for (size_t p = 0; p < agents_.size(); ++p)
    if (agents_[p]) made[p] = make_seat_agent(spec, static_cast<int>(p), limits_);  // every one made before any changes
  for (size_t p = 0; p < agents_.size(); ++p) {
    if (!agents_[p]) continue;
    seat(static_cast<int>(p), spec, std::move(made[p]));
    // The record says who played each move: a change after the first move is added to it.
    auto& who = record_.players[p].second;
    who = record_.plies.empty() ? spec : fmt::format("{}, {} from move {}", who, spec, record_.plies.size() + 1);
  }
}

void PlaySession::seat(int player, const std::string& spec, std::unique_ptr<Agent> agent) {
  const auto p = static_cast<size_t>(player);
  agents_[p] = std::move(agent);
  seats_[p] = spec;
  seat_players_[p] = std::make_unique<Seat>(*this, agents_[p].get());
}

void PlaySession::record(const State& before, const std::string& text, const std::string& shown) {
  record_.plies.push_back(record_ply(def(), before, text));
  shown_.push_back(shown);
  redo_.clear();
}

bool PlaySession::someone_human() const {
  return std::any_of(agents_.begin(), agents_.end(), [](const auto& a) { return !a; });
}

void PlaySession::list_moves() {
  legal_.clear();
  notation_ = {};
  if (rules_.is_chance(state_)) return;
  rules_.legal_moves(state_, legal_);
  notation_ = rules_.notation(state_, legal_, viewer_);
}

void PlaySession::advance(Watcher* watcher) {
  Recorder recorder(*this, watcher);
  recorder.opening_ = state_.opening_roll();
  std::vector<Player*> seats;
  for (const auto& s : seat_players_) seats.push_back(s.get());
  watcher_ = watcher;
  struct Reset {
    Watcher*& w;
    ~Reset() { w = nullptr; }
  } reset{watcher_};
  loop_.play(rules_, state_, seats, dice_, 0, &recorder);
  list_moves();
}

Rules::Notation::Parsed PlaySession::parse(const std::string& text) const {
  const auto n = parse_int(trim(text));
  if (n && *n >= 1 && *n <= legal_.size()) return {static_cast<int>(*n - 1), {}};
  auto parsed = notation_.parse(text);
  // A number that is no move's text either, nor a point whose moves the error names.
  if (parsed.index < 0 && n && !legal_.empty() && def().board.cell_index(trim(text)) < 0)
    parsed.error = legal_.size() == 1 ? fmt::format("{} is not a move number: there is one legal move, 1 (type 'moves')", *n)
                                      : fmt::format("{} is not a move number: the legal moves are numbered 1 to {} (type 'moves')",
                                                    *n, legal_.size());
  return parsed;
}

void PlaySession::play(int index, Watcher* watcher) {
  if (index < 0 || index >= legal_.size()) throw std::invalid_argument("no such move");
  const State before = state_;
  const Move m = legal_[index];
  const auto i = static_cast<size_t>(index);
  const std::string shown = notation_.texts()[i];
  record(before, rules_.text_for(state_, legal_, index, -1, notation_), shown);
  rules_.apply(state_, m);
  if (watcher) watcher->played(before, m, shown, state_, false);
  list_moves();
}

bool PlaySession::undo() {
  // Back to this person's previous turn: the replies go too, each back to the decision it
  // was (its roll kept, so redo and a new choice see the same dice).
  int back = 0;
  while (!record_.plies.empty() && (back == 0 || !is_human(state_.side()))) {
    const int target = state_.ply() - 1;
    while (state_.ply() > target) state_.undo();
    redo_.emplace_back(record_.plies.back(), shown_.back());
    record_.plies.pop_back();
    shown_.pop_back();
    ++back;
  }
  list_moves();
  return back > 0;
}

bool PlaySession::redo() {
  if (redo_.empty()) return false;
  // Replays the undone plies as recorded, up to this person's next turn; a new roll is not
  // replayed (the game rolls afresh): each ply's roll is the one the state kept.
  Replayer walk(rules_, state_);
  do {
    const auto [p, shown] = redo_.back();
    redo_.pop_back();
    if (!walk.play({def().player_index(p.side), "", p.move, -1}).empty()) break;
    record_.plies.push_back(p);
    shown_.push_back(shown);
  } while (!redo_.empty() && !rules_.is_chance(state_) && !is_human(state_.side()));
  list_moves();
  return true;
}

void PlaySession::resign() {
  if (def().nplayers() != 2) throw std::invalid_argument("resigning ends two-player games only");
  state_.set_outcome({Outcome::Kind::Win, Outcome::Reason::Resign, static_cast<int8_t>(def().next_player(state_.side()))});
  list_moves();
}

std::vector<PlaySession::Hint> PlaySession::hint(int count) {
  if (legal_.empty()) throw std::invalid_argument("there is no move to hint at: the game is over");
  if (legal_.size() == 1) return {{notation_.texts()[0], 0, 0}};  // forced: nothing to weigh
  // Seeded apart from the dice and the seats, so that asking changes nothing of the game.
  auto helper = make_agent(AgentSpec::parse("mcts:iterations=3000"), rules_.def_ptr(),
                           hint_seed(record_.seed, static_cast<long>(hints_++)), nullptr, limits_);
  const int pick = helper->choose(rules_, state_, legal_);
  std::vector<Hint> out;
  for (const auto& s : helper->last_scores())
    if (static_cast<int>(out.size()) < count) out.push_back({notation_.texts()[static_cast<size_t>(s.move)], s.value, s.visits});
  if (out.empty()) out.push_back({notation_.texts()[static_cast<size_t>(pick)], 0, 0});
  return out;
}

std::string PlaySession::result() const { return over() ? describe(def(), state_.outcome()) : "*"; }

Record PlaySession::record() const {
  Record r = record_;
  r.result = result();
  // Saved between a roll and its move: the roll, so that a load plays on with it.
  if (!over() && def().dice.count && !state_.awaiting_roll())
    r.roll = dice_text(state_), r.roll_side = def().players[static_cast<size_t>(state_.side())].name;
  return r;
}

void PlaySession::save(const std::string& path) { save_record(path, record()); }

std::string PlaySession::load(const std::string& path, bool recorded_players) {
  std::string why;
  auto text = read_text_file(path, kMaxTextFile, &why);
  if (!text) throw std::invalid_argument(fmt::format("cannot read {}: {}", path, why));
  return load_text(*text, path, recorded_players);
}

std::string PlaySession::load_text(const std::string& text, const std::string& path, bool recorded_players) {
  Record r;
  try {
    r = parse_record(text);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(fmt::format("{}: {}", path, e.what()));
  }
  return load_record(std::move(r), path, recorded_players);
}

std::string PlaySession::load_record(Record r, const std::string& path, bool recorded_players) {
  std::string note;
  // Records name the game as it was typed (a bundled name or a path), and a file's stem need
  // not be its `name:`: another game is one that matches neither name nor definition.
  auto stem = [](const std::string& game) { return std::filesystem::path(game).stem().string(); };
  const std::string recorded = stem(r.game);
  if (!r.game.empty() && recorded != def().name && recorded != stem(record_.game) &&
      !def().same_rules(r.definition_hash)) {
    std::string command = "boardlab play " + r.game;
    for (const auto& [k, v] : r.options) command += fmt::format(" --option {}={}", k, v);
    throw std::invalid_argument(fmt::format("{} is a record of {}, not of {}; to continue it: {} --load {}", path,
                                            recorded, def().name, command, path));
  }
  if (!def().same_rules(r.definition_hash))
    note = fmt::format("{} was recorded under a different definition of {} ({}, now {}).", path, def().name,
                       r.definition_hash, def().content_hash);
  // The record's players, when asked for: every agent made, and the game replayed as their
  // viewer sees it, before anything changes. Their specs come from a file: they get the
  // limits of specs from files.
  int viewer = viewer_;
  std::vector<std::string> seats;
  std::vector<std::unique_ptr<Agent>> made;
  if (recorded_players) {
    seats = recorded_seats(def(), r);
    made.resize(seats.size());
    for (size_t p = 0; p < seats.size(); ++p)
      if (!seats[p].empty() && seats[p] != "human")
        made[p] = make_seat_agent(seats[p], static_cast<int>(p), limits_.within(AgentLimits::from_file()));
    viewer = first_person(def(), r);
  }
  Replay rep = replay(rules_, r, viewer);
  if (!rep.error.empty())
    throw std::invalid_argument(fmt::format("{}{}: {}", note.empty() ? "" : note + " ", path, rep.error));
  if (!r.roll.empty() && !rep.state.outcome().over() && rules_.is_chance(rep.state)) {
    // The roll the game was saved with, played by the player it names.
    try {
      const int side = def().player_index(r.roll_side);
      if (side < 0) throw PositionError(fmt::format("'{}' is not a player of {}", r.roll_side, def().name));
      rules_.apply(rep.state, read_roll(rep.state, r.roll, side));
    } catch (const PositionError& e) {
      throw std::invalid_argument(fmt::format("{}: [Roll \"{}\" \"{}\"]: {}", path, r.roll_side, r.roll, e.what()));
    }
  }
  // The seats, and each one's history as the record tells it.
  for (size_t p = 0; p < seats.size(); ++p)
    if (!seats[p].empty()) seat(static_cast<int>(p), seats[p], std::move(made[p]));
  for (const auto& [player, who] : r.players)
    if (const int p = def().player_index(player); p >= 0 && !seats.empty()) record_.players[static_cast<size_t>(p)].second = who;
  viewer_ = viewer;
  r.plies.resize(static_cast<size_t>(rep.plies_replayed()));
  record_.start = r.start;
  record_.plies = r.plies;
  shown_ = rep.shown;
  state_ = rep.state;
  redo_.clear();
  list_moves();
  return note;
}

}  // namespace boardlab
