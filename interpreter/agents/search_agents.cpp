// Depth-first searches: alphabeta (negamax with alpha-beta pruning, iterative deepening, a
// transposition table on the Zobrist hash, the table's best move tried first, a time budget)
// for games without chance, and expectimax (the same without pruning, averaging over the
// rolls of a chance node) for games with dice. Two players, values from the side to move.
// Either budget, time or nodes, ends a move; a node budget plays the same moves on any
// machine under any load, which is what makes a level's strength a measurable fact.
#include <chrono>
#include <deque>
#include <cmath>
#include <fmt/format.h>
#include <limits>

#include "agents/evaluation.h"
#include "agents/factories.h"

namespace boardlab {

namespace {

class OutOfTime {};

class DepthSearch : public Agent {
 public:
  DepthSearch(Evaluator eval, long depth, double seconds, long nodes, bool chance, long table_bits)
      : eval_(std::move(eval)),
        depth_(depth),
        seconds_(seconds),
        node_budget_(static_cast<uint64_t>(nodes)),
        chance_(chance),
        table_(size_t{1} << table_bits) {}

  int decide(const Rules& rules, const State& root, const MoveList&) override {
    rules_ = &rules;
    start_ = std::chrono::steady_clock::now();
    const uint64_t before = nodes_;
    node_stop_ = 0;  // depth 1 always finishes within a node budget: a move better than the first listed
    State s = root;
    int best = 0, reached = 0;
    for (long d = 1; d <= depth_; ++d) {
      try {
        best = root_search(s, static_cast<int>(d));
        reached = static_cast<int>(d);
      } catch (const OutOfTime&) {
        while (s.history_size() > root.history_size()) s.undo();
        break;
      }
      if (stopping()) break;
      // The next depth would not finish: half of either budget is used.
      if (seconds_ > 0 && elapsed() > seconds_ / 2) break;
      if (node_budget_ > 0 && nodes_ - before > node_budget_ / 2) break;
      if (node_budget_ > 0) node_stop_ = before + node_budget_;
    }
    last_ = fmt::format("depth {} in {:.2f} s, {} nodes", reached, elapsed(), nodes_ - before);
    return best;
  }
  std::string last_search() const override { return last_; }
  uint64_t iterations() const override { return nodes_; }
  bool searches() const override { return true; }

 private:
  struct Entry {
    uint64_t hash = 0;
    double value = 0;
    int16_t depth = -1, best = -1;
    int8_t bound = 0;  // 0 exact, 1 lower, 2 upper
  };

  double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }
  void tick() {
    if (++nodes_ == node_stop_) throw OutOfTime();
    if (nodes_ % 1024 == 0 && ((seconds_ > 0 && elapsed() > seconds_) || stopping())) throw OutOfTime();
  }

  MoveList& list(int ply) {
    if (static_cast<int>(lists_.size()) <= ply) lists_.resize(static_cast<size_t>(ply) + 1);
    return lists_[static_cast<size_t>(ply)];
  }

  int root_search(State& s, int depth) {
    double alpha = -2;
    int best = 0;
    MoveList& moves = list(0);
    rules_->legal_moves(s, moves);
    const Entry& e = table_[s.hash() & (table_.size() - 1)];
    std::vector<int> order(static_cast<size_t>(moves.size()));
    for (int i = 0; i < moves.size(); ++i) order[static_cast<size_t>(i)] = i;
    if (e.hash == s.hash() && e.best >= 0 && e.best < moves.size()) std::swap(order[0], order[static_cast<size_t>(e.best)]);
    Move m;
    const int me = s.side();
    for (int i : order) {
      moves.get(i, m);
      rules_->apply(s, m);
      const double v = child_value(s, me, depth - 1, alpha, 2, 1);
      s.undo();
      if (v > alpha) alpha = v, best = i;
    }
    Entry& w = table_[s.hash() & (table_.size() - 1)];
    w = Entry{s.hash(), alpha, static_cast<int16_t>(depth), static_cast<int16_t>(best), 0};
    return best;
  }

  // The value of s for its side to move.
  double value(State& s, int depth, double alpha, double beta, int ply) {
    tick();
    if (s.outcome().over()) {  // as known without listing the moves: a leaf is not asked
      const double v = terminal_value(s.outcome(), s.side());
      return v * (1 - 0.001 * ply);  // a quicker win is better, a later loss less bad
    }
    if (depth <= 0) return eval_(*rules_, s, s.side()) * 0.9;  // below any proven result
    if (rules_->is_chance(s)) return chance_value(s, depth, ply);
    Entry& e = table_[s.hash() & (table_.size() - 1)];
    int tt_best = -1;
    if (e.hash == s.hash()) {
      tt_best = e.best;
      if (e.depth >= depth && !chance_) {
        if (e.bound == 0) return e.value;
        if (e.bound == 1) alpha = std::max(alpha, e.value);
        if (e.bound == 2) beta = std::min(beta, e.value);
        if (alpha >= beta) return e.value;
      }
    }
    MoveList& moves = list(ply);
    rules_->legal_moves(s, moves);
    if (moves.empty()) return terminal_value(rules_->outcome(s), s.side()) * (1 - 0.001 * ply);
    const double alpha0 = alpha;
    double best = -2;
    int best_i = 0;
    Move m;
    const int me = s.side();
    for (int j = -1; j < moves.size(); ++j) {
      const int i = j < 0 ? tt_best : j;  // the table's move first
      if (i < 0 || i >= moves.size() || (j >= 0 && i == tt_best)) continue;
      moves.get(i, m);
      rules_->apply(s, m);
      const double v = child_value(s, me, depth - 1, std::max(alpha, best), beta, ply + 1);
      s.undo();
      if (v > best) best = v, best_i = i;
      if (!chance_ && best >= beta) break;
    }
    const int8_t bound = best <= alpha0 ? 2 : best >= beta ? 1 : 0;
    e = Entry{s.hash(), best, static_cast<int16_t>(depth), static_cast<int16_t>(best_i), chance_ ? int8_t{0} : bound};
    return best;
  }

  // The value of the position a move of `mover` led to, for `mover`, within (alpha, beta):
  // the next side to move may be the mover again (an extra move), whose value is its own.
  double child_value(State& s, int mover, int depth, double alpha, double beta, int ply) {
    return s.side() == mover ? value(s, depth, alpha, beta, ply) : -value(s, depth, -beta, -alpha, ply);
  }

  // The expected value over the rolls, for the side that plays them.
  double chance_value(State& s, int depth, int ply) {
    const int side = s.side();
    const auto& outcomes = rules_->chance_outcomes(s);
    double sum = 0;
    for (const auto& o : outcomes) {
      rules_->apply(s, o);
      const double v = value(s, depth, -2, 2, ply);
      sum += o.probability * (s.side() == side ? v : -v);
      s.undo();
    }
    return sum;
  }

  const Rules* rules_ = nullptr;  // during a search
  Evaluator eval_;
  long depth_;
  double seconds_;
  uint64_t node_budget_;    // 0: none
  uint64_t node_stop_ = 0;  // the node count at which this move's search stops (0: none)
  bool chance_;
  std::vector<Entry> table_;
  std::deque<MoveList> lists_;  // per ply; a deque keeps references valid as it grows
  std::chrono::steady_clock::time_point start_;
  uint64_t nodes_ = 0;
  std::string last_;
};

// The `nodes` budget of a move (0: none). Its `seconds` still apply: the first to run out ends
// the move.
long node_budget(AgentParams& p) { return p.integer("nodes", 0, 0, 1'000'000'000'000L); }

}  // namespace

std::unique_ptr<Agent> make_alphabeta_agent(AgentParams& p, const GameDefPtr& def, uint64_t) {
  const long depth = p.integer("depth", 4, 1, 64);
  const double seconds = p.seconds(5);
  const long nodes = node_budget(p);
  const long bits = p.integer("table_bits", 20, 10, p.limits.table_bits);
  Evaluator eval = evaluator_param(p, *def);
  p.finish();
  if (def->dice.count) throw std::invalid_argument("alphabeta does not handle dice: use expectimax for this game");
  if (def->nplayers() != 2) throw std::invalid_argument("alphabeta plays two-player games");
  return std::make_unique<DepthSearch>(std::move(eval), depth, seconds, nodes, false, bits);
}

std::unique_ptr<Agent> make_expectimax_agent(AgentParams& p, const GameDefPtr& def, uint64_t) {
  const long depth = p.integer("depth", 2, 1, 16);
  const double seconds = p.seconds(5);
  const long nodes = node_budget(p);
  const long bits = p.integer("table_bits", 18, 10, p.limits.table_bits);
  Evaluator eval = evaluator_param(p, *def);
  p.finish();
  if (def->nplayers() != 2) throw std::invalid_argument("expectimax plays two-player games");
  return std::make_unique<DepthSearch>(std::move(eval), depth, seconds, nodes, true, bits);
}

}  // namespace boardlab
