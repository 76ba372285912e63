// PlaySession: a game being played by people and agents, what `boardlab play` runs and any
// other front end can. It keeps the game's record all along (every move with its roll),
// plays the computers' moves and the dice until a person must choose, takes a person's move
// by its number or notation, undoes and redoes back to a person's turn, gives hints, and
// saves and loads records. A front end reads and prints; the session decides.
//
// One point of view: the viewer is the first person's seat (the first player when only
// computers play). Every move a front end shows or reads is in the viewer's notation (a
// track's points numbered for the viewer, the computer's moves too); the record keeps
// each move in its mover's notation, as every other reader expects.
//
// Seeds: a game seeded G rolls its dice from Rng(G) and seeds the agent in seat p with
// seat_seed(G, p), as simulate and match do, so any game they report replays here.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "session/game_record.h"

namespace boardlab {

class PlaySession {
 public:
  struct Setup {
    GameDefPtr def;
    std::string game;                  // as the user named it (a bundled name or a path): records keep it
    std::vector<std::string> options;  // key=value, as given
    // Per player: "human" or an agent spec. Empty: default_seats().
    std::vector<std::string> seats;
    uint64_t seed = 1;
    std::optional<State> start;  // a position to start from (a state of `def`)
    std::string date;            // for the record
    AgentLimits limits;          // what the seats' specs may use (a server for strangers bounds them)
  };
  // A seat's spec for a level (`level:N`), or "human".
  static std::string level_seat(int level);
  // Throws std::invalid_argument for a bad seat (naming its player).
  explicit PlaySession(Setup setup);
  // The seats `named` leaves empty ("" per player; may be empty itself): the computer at
  // `level`, but for the first player's, which is a person's unless `named` names a person's
  // seat (you play black by naming black human). With nothing named: the first player a
  // person, the others the default level.
  static std::vector<std::string> default_seats(const GameDef& def, std::vector<std::string> named = {},
                                                int level = kDefaultLevel);
  ~PlaySession();

  // What a front end hears as the game goes: to print a roll, a move, the board.
  class Watcher {
   public:
    virtual ~Watcher() = default;
    virtual void rolled(const State& s, bool opening) { (void)s, (void)opening; }
    // A computer is about to choose in `s` (its roll made).
    virtual void deciding(const State& s) { (void)s; }
    // Asked before each computer move: true stops advance() there (Ctrl-C).
    virtual bool interrupted() { return false; }
    // `text` was played from `before`; `after` is the position it led to.
    virtual void played(const State& before, const Move& m, const std::string& text, const State& after, bool computer) {
      (void)before, (void)m, (void)text, (void)after, (void)computer;
    }
  };

  // Rolls and plays the computers' moves until a person must choose or the game is over.
  // A front end calls it after every change (a move, undo, redo, load) before asking.
  void advance(Watcher* watcher = nullptr);
  bool over() const { return rules_.over(state_); }
  // After advance(), unless the game is over: the person to move, the legal moves and their
  // notation.
  const MoveList& legal() const { return legal_; }
  const std::vector<std::string>& texts() const { return notation_.texts(); }
  // The person to move has no legal move: the one move is the pass.
  bool must_pass() const { return legal_.size() == 1 && legal_[0].is_pass(); }
  // A move typed by the person to move: its number in texts() (from 1) or its notation.
  Rules::Notation::Parsed parse(const std::string& text) const;
  void play(int index, Watcher* watcher = nullptr);

  int viewer() const { return viewer_; }
  // The moves so far as the viewer reads them (record().plies[i] is the i-th as recorded).
  const std::vector<std::string>& shown() const { return shown_; }

  // Back to the previous turn of a person, the replies undone too; false if nothing to undo.
  bool undo();
  // Plays again what undo took back, up to a person's next turn; false if nothing to redo.
  bool redo();
  // The person to move gives up (two-player games). Throws std::invalid_argument otherwise.
  void resign();
  // Moves for the person to move from an mcts search, best first (at most `count`): each
  // with the mover's expected score (a win 1, a draw 0.5) and the search it got.
  struct Hint {
    std::string move;
    double value = 0;
    long visits = 0;
  };
  std::vector<Hint> hint(int count = 1);

  // Who plays each seat: "human" or the agent spec given.
  const std::string& seat(int player) const { return seats_[static_cast<size_t>(player)]; }
  // Every computer seat plays `spec` from now on (a person's seat stays theirs). Throws
  // std::invalid_argument for a bad spec, changing nothing.
  void set_computers(const std::string& spec);

  // The record so far, its result up to date.
  Record record() const;
  // How the game ended, as records write it: "*" while it goes on.
  std::string result() const;
  void save(const std::string& path);
  // Continues the game a record holds, its roll too when it was saved between a roll and its
  // move: throws std::invalid_argument for a record that does not read or leaves the rules;
  // returns a note for people ("" or "recorded under a different definition"). With
  // `recorded_players`, the seats become the record's players (recorded_seats), their specs
  // within the limits of specs from files.
  std::string load(const std::string& path, bool recorded_players = false);
  // The same from a record's text, or a record already read; `name` is what messages call it.
  std::string load_text(const std::string& text, const std::string& name, bool recorded_players = false);
  std::string load_record(Record r, const std::string& name, bool recorded_players = false);

  const Rules& rules() const { return rules_; }
  const GameDef& def() const { return rules_.def(); }
  const State& state() const { return state_; }
  bool is_human(int player) const { return !agents_[static_cast<size_t>(player)]; }
  bool someone_human() const;

 private:
  class Seat;
  class Recorder;
  void list_moves();
  void record(const State& before, const std::string& text, const std::string& shown);
  std::unique_ptr<Agent> make_seat_agent(const std::string& spec, int player, const AgentLimits& limits) const;
  void seat(int player, const std::string& spec, std::unique_ptr<Agent> agent);  // the record's history aside

  ThreadRules rules_;
  uint64_t seed_;
  AgentLimits limits_;
  std::vector<std::string> seats_;
  std::vector<std::unique_ptr<Agent>> agents_;  // null for a person
  std::vector<std::unique_ptr<Seat>> seat_players_;
  Rng dice_;
  uint64_t hints_ = 0;
  State state_;
  Record record_;
  int viewer_ = 0;
  std::vector<std::string> shown_;  // record_.plies as the viewer reads them
  std::vector<std::pair<Record::Ply, std::string>> redo_;  // undone plies (and their shown text), the last undone at the back
  GameLoop loop_;
  MoveList legal_;
  Rules::Notation notation_;
  Watcher* watcher_ = nullptr;  // during advance(), for the seats
};

}  // namespace boardlab
