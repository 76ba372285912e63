// Random-playout invariants: a player that plays at random and an observer that checks every
// roll and move, in the one game loop.
#include "rules/invariants.h"

#include <fmt/format.h>

#include "core/rng.h"
#include "rules/game_loop.h"
#include "state/position_text.h"

namespace boardlab {

namespace {

// Chooses at random after checking the position; checks each roll and move on copies. It
// stops the game at the first broken invariant.
class Checker : public Player, public GameObserver {
 public:
  Checker(const Rules& rules, const InvariantOptions& opt, uint64_t seed, InvariantReport& report, const State& start)
      : rules_(rules), opt_(opt), seed_(seed), report_(report), rng_(seed), last_(start), before_(start),
        pieces_(start.total_pieces()) {}
  Rng& rng() { return rng_; }

  int choose(const Rules&, const State& s, const MoveList& legal) override {
    // Position text round-trip, including the hash computed from scratch.
    try {
      State back = parse_position(rules_.def(), position_text(s));
      check(back.same_position(s) && back.hash() == s.hash(), s, "position text does not read back the same");
    } catch (const std::exception& e) {
      fail(s, std::string("position text does not read back: ") + e.what());
    }
    if (opt_.notation_every && s.ply() % opt_.notation_every == 0) {
      auto notation = rules_.notation(s, legal);
      for (int i = 0; i < legal.size() && !broken_; ++i) {
        auto parsed = notation.parse(notation.texts()[i]);
        check(parsed.index == i, s, fmt::format("move '{}' does not read back: {}", notation.texts()[i], parsed.error));
      }
    }
    return broken_ ? kStop : static_cast<int>(rng_.below(static_cast<uint32_t>(legal.size())));
  }

  void rolled(const State& s) override {
    State back = s;
    back.undo();
    check(back.same_position(last_) && back.hash() == last_.hash(), s, "undoing a roll does not restore the position");
  }

  void moving(const State& s, const MoveList& legal, int chosen) override {
    before_ = s;  // a clone
    check(before_.same_position(s) && before_.hash() == s.hash(), s, "a copy differs from the original");
    legal.get(chosen, move_);
  }

  void moved(const State& s) override {
    check(s.total_pieces() + s.removed() == pieces_, s, "the number of pieces changed");
    State back = s;
    back.undo();
    check(back.same_position(before_) && back.hash() == before_.hash() && back.outcome() == before_.outcome() &&
              back.ply() == before_.ply() && back.occurrences() == before_.occurrences(),
          before_, "undo does not restore the position");
    rules_.apply(back, move_);
    check(back.same_position(s) && back.hash() == s.hash() && back.outcome() == s.outcome(), s, "apply is not deterministic");
    check(s.ply() <= rules_.def().ply_cap(), s, "the game went past its ply cap");
    last_ = std::move(back);
  }

 private:
  void check(bool ok, const State& s, const std::string& what) {
    if (!ok) fail(s, what);
  }
  void fail(const State& s, const std::string& what) {
    if (broken_) return;  // the first broken invariant of a game is the one that matters
    broken_ = true;
    report_.failures.push_back(fmt::format("game seed {}, ply {}: {} (position: {})", seed_, s.ply(), what, position_text(s)));
  }

  const Rules& rules_;
  const InvariantOptions& opt_;
  uint64_t seed_;
  InvariantReport& report_;
  Rng rng_;
  State last_;  // the position after the last move (or the start): what undoing a roll restores
  State before_;  // the position before the move being made
  Move move_;
  int pieces_;
  bool broken_ = false;
};

}  // namespace

InvariantReport check_invariants(const Rules& rules, const InvariantOptions& opt) {
  InvariantReport r;
  GameLoop loop;
  for (int g = 0; g < opt.games && static_cast<int>(r.failures.size()) < opt.max_failures; ++g) {
    const uint64_t seed = game_seed(opt.seed, g);
    State s = rules.initial();
    Checker checker(rules, opt, seed, r, s);
    std::array<Player*, kMaxPlayers> seats;
    seats.fill(&checker);
    loop.play(rules, s, seats, checker.rng(), opt.max_plies, &checker);
    ++r.games;
    r.plies += static_cast<uint64_t>(s.ply());
    r.longest = std::max(r.longest, s.ply());
  }
  return r;
}

}  // namespace boardlab
