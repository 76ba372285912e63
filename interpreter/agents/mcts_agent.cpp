// mcts: UCT with random playouts, or with puct=C PUCT: each decision's moves get priors, a
// softmax of their afterstates' evaluations, which also stand for a move's value until it
// is visited (AlphaZero's selection with the evaluation as its policy and value). Chance
// nodes (dice) are sampled by their probabilities; the tree is kept between moves (the new
// root is found by the position's hash, as many levels down as the game went); with
// threads=N, N trees search in parallel and their root visit counts are added (a fixed
// iteration budget gives the same move on any machine). The first tree searches with the
// caller's VM; each other thread has a VM of its own, made at its first search.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <deque>
#include <limits>
#include <stdexcept>
#include <fmt/format.h>
#include <functional>
#include <thread>

#include "agents/evaluation.h"
#include "agents/factories.h"
#include "rules/game_loop.h"

namespace boardlab {

namespace {

// An iteration budget that only the time ends (`seconds` without `iterations`).
constexpr long kUntilTime = std::numeric_limits<long>::max();

struct MctsConfig {
  long iterations = 1000;  // kUntilTime: search by time alone
  double seconds = 0;   // > 0: a move ends by then
  double stop = 0;      // > 0: every search stops by then (its time, or the caller's limit)
  double c = 1.0;       // exploration constant (rewards are in [0, 1])
  long rollout = 20;    // plies before a playout stops and the position is evaluated
  long threads = 1;
  size_t max_nodes = 0;     // each tree's most nodes (AgentLimits::tree_mb): then leaves are played out, not expanded
  bool keep_trees = true;  // the tree stays between moves, for the next search to reuse
  double puct = 0;         // > 0: PUCT with priors from the afterstates, this its constant
  double temperature = 0.1;  // of the priors' softmax, over rewards in [0, 1]
};

// One tree and everything it searches with: used by one thread at a time.
class Tree {
 public:
  Tree(const MctsConfig& cfg, Evaluator eval, uint64_t seed) : cfg_(cfg), eval_(std::move(eval)), rng_(seed) {}

  // What the search learned of one root move: its visits and the sum of its rewards for the
  // mover.
  struct Child {
    long visits = 0;
    double value = 0;
  };
  // Searches from `s` with `rules` for `iterations`, or until `stop` seconds (> 0) have
  // passed, or `stopping()` says so (checked every 16 iterations); returns each legal
  // move's visits and rewards.
  std::vector<Child> search(const Rules& rules, const State& s, long iterations, double stop,
                            const std::function<bool()>& stopping) {
    rules_ = &rules;
    reroot(s);
    State work = s;
    const auto start = std::chrono::steady_clock::now();
    for (long i = 0;; ++i) {
      if (i >= iterations || (i % 16 == 0 && ((stop > 0 && elapsed(start) >= stop) || stopping()))) break;
      iterate(work);
      ++iterations_;
    }
    if (!guides_.empty() && guides_.size() != nodes_.size())
      throw std::logic_error("mcts: the tree's priors are out of step with its nodes");
    std::vector<Child> children;
    const Node& r = nodes_[static_cast<size_t>(root_)];
    root_visits_ = r.visits;
    for (int k = 0; k < r.nchildren; ++k) {
      const Node& c = nodes_[static_cast<size_t>(r.first_child + k)];
      children.push_back({c.visits, c.value});
    }
    return children;
  }
  uint64_t iterations() const { return iterations_; }
  int root_visits() const { return root_visits_; }  // after the last search: reused ones included
  size_t nodes() const { return nodes_.size(); }
  // Lets the tree go, memory and all: the next search starts afresh.
  void forget() {
    // Not `nodes_ = {}`: that assigns an empty list and keeps the capacity.
    std::vector<Node>().swap(nodes_);
    std::vector<Guide>().swap(guides_);
    root_ = -1;
  }
  static size_t node_bytes(bool puct);  // what one node holds, for the memory budget

 private:
  struct Node {
    uint64_t hash = 0;
    double value = 0;  // the sum of the rewards of `mover`
    int32_t first_child = -1, nchildren = 0, visits = 0;
    int16_t index = 0;  // the move (or roll) from the parent that leads here
    int8_t mover = -1;  // who made that move; -1 below a chance node
    bool expanded = false, seen = false;
  };
  // With PUCT, beside each node: its move's prior and the reward its afterstate's evaluation
  // promises the mover (the move's value until it is visited); kept apart so that plain UCT
  // trees hold no more per node.
  struct Guide {
    float prior = 1, reward = 0.5f;
  };

  static double elapsed(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
  }

  // Keeps the subtree of the current position if an earlier search reached it (our move,
  // a roll, the reply, a roll: at most 4 levels down); else starts afresh. Each move and
  // roll is a level of the tree and an entry of the state's history, so the position is
  // looked for only as deep as the game went since that search: a node with the same
  // position deeper down was reached with more plies behind it (other repetitions, other
  // quiet plies), and its values are not this position's.
  void reroot(const State& s) {
    const uint64_t h = s.hash();
    const int depth = s.history_size() - root_history_;
    root_history_ = s.history_size();
    int found = -1;
    if (root_ >= 0 && depth >= 0 && depth <= 4) {
      std::vector<int> level{root_}, next;
      for (int d = 0; d < depth && !level.empty(); ++d) {
        next.clear();
        for (int n : level) {
          const Node& node = nodes_[static_cast<size_t>(n)];
          for (int k = 0; k < node.nchildren; ++k) next.push_back(node.first_child + k);
        }
        level.swap(next);
      }
      for (int n : level) {
        const Node& node = nodes_[static_cast<size_t>(n)];
        if (node.seen && node.hash == h && node.expanded) found = n;
      }
    }
    if (found >= 0) {
      compact(found);
      return;
    }
    nodes_.clear();
    nodes_.push_back(Node{});
    guides_.assign(cfg_.puct > 0 ? 1 : 0, Guide{});
    root_ = 0;
    nodes_[0].hash = h;
    nodes_[0].seen = true;
  }

  // Keeps only the subtree under `new_root`, copied breadth first (each node's children stay
  // contiguous), so that memory follows the live tree and not the whole game.
  void compact(int new_root) {
    std::vector<Node> fresh;
    std::vector<Guide> fresh_guides;
    fresh.reserve(nodes_.size());  // the subtree is no larger: capacity stays within the budget
    fresh_guides.reserve(guides_.size());
    std::vector<std::pair<int, int>> order{{new_root, 0}};  // (old index, new index)
    auto keep = [&](int old) {
      fresh.push_back(nodes_[static_cast<size_t>(old)]);
      if (!guides_.empty()) fresh_guides.push_back(guides_[static_cast<size_t>(old)]);
    };
    keep(new_root);
    for (size_t q = 0; q < order.size(); ++q) {
      const Node src = nodes_[static_cast<size_t>(order[q].first)];
      if (src.nchildren == 0) continue;
      const auto first = static_cast<int32_t>(fresh.size());
      for (int k = 0; k < src.nchildren; ++k) {
        keep(src.first_child + k);
        order.emplace_back(src.first_child + k, first + k);
      }
      fresh[static_cast<size_t>(order[q].second)].first_child = first;
    }
    nodes_.swap(fresh);
    guides_.swap(fresh_guides);
    root_ = 0;
  }

  // Lists the node's moves (or rolls) as its children; false, and the node stays a leaf, when
  // they would take the tree past its budget (the root always expands).
  bool expand(int n, State& s) {
    const int depth = static_cast<int>(path_.size()) - 1;  // the node being expanded ends the path
    if (static_cast<int>(lists_.size()) <= depth) lists_.resize(static_cast<size_t>(depth) + 1);
    int count = 0;
    const bool chance = rules_->is_chance(s);
    if (chance) {
      count = static_cast<int>(rules_->chance_outcomes(s).size());
    } else {
      rules_->legal_moves(s, lists_[static_cast<size_t>(depth)]);
      count = lists_[static_cast<size_t>(depth)].size();
      listed_ = true;  // step() uses this list rather than generating it again
    }
    const int8_t mover = chance ? -1 : static_cast<int8_t>(s.side());
    const size_t need = nodes_.size() + static_cast<size_t>(count);
    if (need > cfg_.max_nodes && n != root_) {
      listed_ = false;
      return false;
    }
    // Grown by hand so that the vector's spare capacity stays within the budget too.
    if (need > nodes_.capacity()) {
      nodes_.reserve(std::max(need, std::min(2 * nodes_.capacity(), cfg_.max_nodes)));
      if (cfg_.puct > 0) guides_.reserve(nodes_.capacity());
    }
    const auto first = static_cast<int32_t>(nodes_.size());
    for (int k = 0; k < count; ++k) {
      Node c;
      c.index = static_cast<int16_t>(k);
      c.mover = mover;
      nodes_.push_back(c);
    }
    if (cfg_.puct > 0) guide(s, chance, count, mover, depth);
    Node& node = nodes_[static_cast<size_t>(n)];
    node.first_child = first;
    node.nchildren = count;
    node.expanded = true;
    return true;
  }

  // The priors and first values of the `count` children just added, from the evaluation of
  // each move's afterstate for the mover (a roll's children keep the defaults: rolls are
  // drawn by their probabilities).
  void guide(State& s, bool chance, int count, int mover, int depth) {
    const size_t first = guides_.size();
    guides_.resize(first + static_cast<size_t>(count));
    if (chance || count == 0) return;
    const MoveList& list = lists_[static_cast<size_t>(depth)];
    float best = 0;
    for (int k = 0; k < count; ++k) {
      list.get(k, move_);
      rules_->apply(s, move_);
      const double v = eval_(*rules_, s, mover);  // an ended game's value is its result
      s.undo();
      const float reward = static_cast<float>(0.5 * (1 + v));
      guides_[first + static_cast<size_t>(k)].reward = reward;
      best = k == 0 ? reward : std::max(best, reward);
    }
    double sum = 0;
    for (int k = 0; k < count; ++k) {
      Guide& g = guides_[first + static_cast<size_t>(k)];
      g.prior = static_cast<float>(std::exp((g.reward - best) / cfg_.temperature));
      sum += g.prior;
    }
    for (int k = 0; k < count; ++k) guides_[first + static_cast<size_t>(k)].prior /= static_cast<float>(sum);
  }

  // Applies child k of the node at the end of the path (a move or a roll) to s.
  void step(int k, State& s) {
    const int depth = static_cast<int>(path_.size()) - 1;
    if (rules_->is_chance(s)) {
      rules_->apply(s, rules_->chance_outcomes(s)[static_cast<size_t>(k)]);
    } else {
      auto& list = lists_[static_cast<size_t>(depth)];
      // Unless expand() just listed them, the list may hold another node's moves.
      if (!listed_) rules_->legal_moves(s, list);
      list.get(k, move_);
      rules_->apply(s, move_);
    }
    listed_ = false;
  }

  int select(int n, const State& s) {
    const Node& node = nodes_[static_cast<size_t>(n)];
    if (rules_->is_chance(s)) {
      // A roll, drawn by its probability.
      const auto& list = rules_->chance_outcomes(s);
      double x = static_cast<double>(rng_.next() >> 11) * 0x1.0p-53, acc = 0;
      for (size_t k = 0; k < list.size(); ++k) {
        acc += list[k].probability;
        if (x < acc) return static_cast<int>(k);
      }
      return node.nchildren - 1;
    }
    if (cfg_.puct > 0) {
      // PUCT: the value so far (the afterstate's promise before a visit) plus the prior's
      // share of the exploration, which fades as the move is visited.
      const double explore = cfg_.puct * std::sqrt(static_cast<double>(node.visits));
      double best = -std::numeric_limits<double>::infinity();
      int pick = 0;
      for (int k = 0; k < node.nchildren; ++k) {
        const auto i = static_cast<size_t>(node.first_child + k);
        const Node& c = nodes_[i];
        const double q = c.visits ? c.value / c.visits : guides_[i].reward;
        const double u = q + explore * guides_[i].prior / (1 + c.visits);
        if (u > best) best = u, pick = k;
      }
      return pick;
    }
    // An unvisited child first (from a random place), else the best UCT score.
    const int offset = static_cast<int>(rng_.below(static_cast<uint32_t>(node.nchildren)));
    for (int i = 0; i < node.nchildren; ++i) {
      const int k = (i + offset) % node.nchildren;
      if (nodes_[static_cast<size_t>(node.first_child + k)].visits == 0) return k;
    }
    const double log_n = std::log(static_cast<double>(node.visits));
    double best = -1;
    int pick = 0;
    for (int k = 0; k < node.nchildren; ++k) {
      const Node& c = nodes_[static_cast<size_t>(node.first_child + k)];
      const double u = c.value / c.visits + cfg_.c * std::sqrt(log_n / c.visits);
      if (u > best) best = u, pick = k;
    }
    return pick;
  }

  void iterate(State& s) {
    path_.clear();
    path_.push_back(root_);
    listed_ = false;
    int n = root_;
    const int mark = s.history_size();  // undone back to here at the end
    // Selection and expansion: down the tree until a node first visited, or one where the
    // game is over.
    while (!s.outcome().over()) {
      if (!nodes_[static_cast<size_t>(n)].expanded && !expand(n, s)) break;  // the budget is spent: play out from here
      Node& node = nodes_[static_cast<size_t>(n)];
      if (node.nchildren == 0) break;  // the side to move has no move
      const int k = select(n, s);
      const int child = node.first_child + k;
      const bool fresh = nodes_[static_cast<size_t>(child)].visits == 0;
      step(k, s);
      n = child;
      path_.push_back(n);
      Node& c = nodes_[static_cast<size_t>(n)];
      if (!c.seen) c.hash = s.hash(), c.seen = true;
      if (fresh && !s.awaiting_roll()) break;  // a roll's node is passed through
    }
    // Playout: random moves and rolls from this tree's RNG, by the one game loop.
    if (nodes_[static_cast<size_t>(n)].expanded && nodes_[static_cast<size_t>(n)].nchildren == 0) {
      rules_->outcome(s);  // a node already known to have no move: its verdict, cached in s
    } else if (cfg_.rollout > 0) {
      RandomPlayer random(rng_);
      std::array<Player*, kMaxPlayers> seats;
      seats.fill(&random);
      playout_.play(*rules_, s, seats, rng_, static_cast<int>(cfg_.rollout));
    }
    // What is known of the outcome without listing more moves: a playout stopped by its
    // length is judged by the evaluation.
    double reward[kMaxPlayers];
    const Outcome end = s.outcome();
    for (int p = 0; p < rules_->def().nplayers(); ++p)
      reward[p] = 0.5 * (1 + (end.over() ? terminal_value(end, p) : eval_(*rules_, s, p)));
    while (s.history_size() > mark) s.undo();
    // Backpropagation.
    for (int m : path_) {
      Node& node = nodes_[static_cast<size_t>(m)];
      ++node.visits;
      if (node.mover >= 0) node.value += reward[node.mover];
    }
  }

  const Rules* rules_ = nullptr;  // during a search
  MctsConfig cfg_;
  Evaluator eval_;
  Rng rng_;
  std::vector<Node> nodes_;
  std::vector<Guide> guides_;  // with PUCT: nodes_'s guides, index for index; else empty
  int root_ = -1;
  int root_history_ = 0;  // the history's length at the root's position, when last searched
  std::vector<int> path_;
  std::deque<MoveList> lists_;  // legal moves per tree depth, reused (references stay valid)
  GameLoop playout_;
  Move move_;
  bool listed_ = false;  // lists_ at the current depth holds this node's moves
  uint64_t iterations_ = 0;
  int root_visits_ = 0;
};

size_t Tree::node_bytes(bool puct) { return sizeof(Node) + (puct ? sizeof(Guide) : 0); }

class MctsAgent : public Agent {
 public:
  MctsAgent(const MctsConfig& cfg, const Evaluator& eval, uint64_t seed) : cfg_(cfg) {
    for (long t = 0; t < cfg.threads; ++t)
      trees_.push_back(std::make_unique<Tree>(cfg, eval, seed + 0x9E3779B97F4A7C15ULL * static_cast<uint64_t>(t)));
  }

  int decide(const Rules& rules, const State& s, const MoveList& legal) override {
    const auto start = std::chrono::steady_clock::now();
    const uint64_t before = iterations();
    std::vector<std::vector<Tree::Child>> visits(trees_.size());
    const std::function<bool()> halt = [this] { return stopping(); };
    const long per_tree = cfg_.iterations == kUntilTime ? kUntilTime : (cfg_.iterations + cfg_.threads - 1) / cfg_.threads;
    if (trees_.size() == 1) {
      visits[0] = trees_[0]->search(rules, s, per_tree, cfg_.stop, halt);
    } else {
      // A VM for each thread but the caller's, made once and kept.
      while (vms_.size() + 1 < trees_.size()) vms_.push_back(std::make_unique<ThreadRules>(rules.def_ptr()));
      std::vector<std::thread> threads;
      std::vector<std::exception_ptr> errors(trees_.size());
      for (size_t t = 0; t < trees_.size(); ++t)
        threads.emplace_back([&, t] {
          try {
            visits[t] = trees_[t]->search(t == 0 ? rules : *vms_[t - 1], s, per_tree, cfg_.stop, halt);
          } catch (...) {
            errors[t] = std::current_exception();
          }
        });
      for (auto& th : threads) th.join();
      for (auto& e : errors)
        if (e) std::rethrow_exception(e);
    }
    std::vector<Tree::Child> sum(static_cast<size_t>(legal.size()));
    for (const auto& v : visits)
      for (size_t k = 0; k < v.size() && k < sum.size(); ++k) sum[k].visits += v[k].visits, sum[k].value += v[k].value;
    int pick = 0;
    for (size_t k = 1; k < sum.size(); ++k)
      if (sum[k].visits > sum[static_cast<size_t>(pick)].visits) pick = static_cast<int>(k);
    scores_.clear();
    for (size_t k = 0; k < sum.size(); ++k)
      if (sum[k].visits > 0) scores_.push_back({static_cast<int>(k), sum[k].value / static_cast<double>(sum[k].visits), sum[k].visits});
    // The move played first (most visited), then by visits: what the search trusts most.
    std::stable_sort(scores_.begin(), scores_.end(), [&](const MoveScore& a, const MoveScore& b) {
      return (a.move == pick) != (b.move == pick) ? a.move == pick : a.visits > b.visits;
    });
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    long root = 0;
    for (const auto& t : trees_) root += t->root_visits();
    size_t nodes = 0;
    for (const auto& t : trees_) nodes += t->nodes();
    if (!cfg_.keep_trees)
      for (auto& t : trees_) t->forget();
    last_ = fmt::format("{} iterations in {:.2f} s; the root has {} visits (kept from earlier searches too), {} on the move; "
                        "{} nodes in the tree{}", iterations() - before, secs, root, sum[static_cast<size_t>(pick)].visits,
                        nodes, trees_.size() > 1 ? "s" : "");
    return pick;
  }
  std::string last_search() const override { return last_; }
  std::vector<MoveScore> last_scores() const override { return scores_; }
  bool searches() const override { return true; }
  uint64_t iterations() const override {
    uint64_t n = 0;
    for (const auto& t : trees_) n += t->iterations();
    return n;
  }

 private:
  MctsConfig cfg_;
  std::vector<std::unique_ptr<Tree>> trees_;
  std::vector<std::unique_ptr<ThreadRules>> vms_;  // for trees 1.. (tree 0 borrows the caller's)
  std::string last_;
  std::vector<MoveScore> scores_;
};

}  // namespace

std::unique_ptr<Agent> make_mcts_agent(AgentParams& p, const GameDefPtr& def, uint64_t seed) {
  MctsConfig cfg;
  const Evaluator eval = evaluator_param(p, *def);
  // `seconds` alone searches for that time; with `iterations` too, until either runs out.
  const bool timed_only = p.has("seconds") && !p.has("iterations");
  cfg.iterations = p.integer("iterations", cfg.iterations, 1, 100'000'000);
  cfg.seconds = p.number("seconds", 0, 0, 86400);  // 0 here means by iterations, not "no limit"
  if (timed_only && cfg.seconds > 0) cfg.iterations = kUntilTime;
  cfg.stop = p.limits.cut(cfg.seconds);
  cfg.c = p.number("c", cfg.c, 0, 100);
  // Learned weights judge a leaf as it is; a playout first would only blur them.
  cfg.rollout = p.integer("rollout", eval.learned() ? 0 : cfg.rollout, 0, 100'000);
  cfg.threads = p.integer("threads", 1, 1, std::min(64L, p.limits.threads));
  cfg.puct = p.number("puct", 0, 0, 100);
  cfg.temperature = p.number("temperature", cfg.temperature, 0.001, 100);
  cfg.max_nodes = std::max<size_t>(1024, (static_cast<size_t>(p.limits.tree_mb) << 20) / Tree::node_bytes(cfg.puct > 0) /
                                             static_cast<size_t>(cfg.threads));
  cfg.keep_trees = p.limits.keep_trees;
  p.finish();
  return std::make_unique<MctsAgent>(cfg, eval, seed);
}

}  // namespace boardlab
