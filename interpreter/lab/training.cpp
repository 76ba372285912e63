// Training by self-play: TD(lambda) over after-states (training.h).
#include "lab/training.h"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <condition_variable>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "agents/agent.h"
#include "core/json_text.h"
#include "agents/evaluation.h"
#include "agents/greedy_choice.h"
#include "rules/game_loop.h"

namespace boardlab::lab {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// One game's positions, each seen from every player, as flat sparse inputs: input k is
// position k / nplayers seen by player k % nplayers.
struct Episode {
  std::vector<int32_t> index;
  std::vector<float> value;
  std::vector<uint32_t> start{0};
  float result[kMaxPlayers] = {};
  void clear() {
    index.clear(), value.clear(), start.assign(1, 0);
  }
  void add(const SparseInput& x) {
    index.insert(index.end(), x.indices(), x.indices() + x.size());
    value.insert(value.end(), x.values(), x.values() + x.size());
    start.push_back(static_cast<uint32_t>(index.size()));
  }
  int inputs() const { return static_cast<int>(start.size()) - 1; }
  void get(int k, SparseInput& x) const {
    const uint32_t from = start[static_cast<size_t>(k)], to = start[static_cast<size_t>(k) + 1];
    x.assign(index.data() + from, value.data() + from, static_cast<int>(to - from));
  }
};

// The learner at the board: every seat's player, and the observer that records each
// position after a move.
class SelfPlay : public Player, public GameObserver {
 public:
  SelfPlay(const InputLayout& layout, const ValueNet& net, double explore, Episode& episode)
      : layout_(layout), net_(net), explore_(explore), episode_(episode) {}

  void play(const Rules& rules, uint64_t seed, int max_plies) {
    rng_.reseed(seed);
    episode_.clear();
    State s = rules.initial();
    moved(s);
    std::vector<Player*> seats(static_cast<size_t>(rules.def().nplayers()), this);
    const LoopEnd end = loop_.play(rules, s, seats, rng_, max_plies, this);
    plies_ = end.plies;
    for (int p = 0; p < rules.def().nplayers(); ++p)
      episode_.result[p] = s.outcome().over() ? static_cast<float>(terminal_value(s.outcome(), p)) : 0.0f;
  }
  int plies() const { return plies_; }

  int choose(const Rules& rules, const State& s, const MoveList& legal) override {
    if (legal.size() == 1) return 0;
    if (static_cast<double>(rng_.next() >> 11) * 0x1.0p-53 < explore_)
      return static_cast<int>(rng_.below(static_cast<uint32_t>(legal.size())));
    if (work_) {
      *work_ = s;
    } else {
      work_.emplace(s);
    }
    // The greedy agent's choice, by the network being trained.
    return greedy_choice(rules, *work_, legal, rng_, [&](const State& after, int me) -> double {
      return after.outcome().over() ? terminal_value(after.outcome(), me) : value(after, me);
    });
  }

  void moved(const State& s) override {
    if (s.outcome().over()) return;  // a finished game's value is its result
    for (int p = 0; p < s.def().nplayers(); ++p) {
      layout_.encode(s, p, x_);
      episode_.add(x_);
    }
  }

 private:
  float value(const State& s, int player) {
    encode_views(layout_, net_, s, player, x_, theirs_);
    return net_.value(x_, theirs_, scratch_);
  }

  const InputLayout& layout_;
  const ValueNet& net_;
  double explore_;
  Episode& episode_;
  Rng rng_;
  GameLoop loop_;
  std::optional<State> work_;  // the position a choice tries its moves on
  SparseInput x_, theirs_;
  ValueNet::Scratch scratch_;
  int plies_ = 0;
};

// After a game: each position moves toward its lambda-return, from the last to the first,
// each player's view in turn. An antisymmetric net learns from the first player's side only:
// its value for the second is the negation, so the second's pass would repeat the step.
void learn_episode(ValueNet& net, const Episode& e, int nplayers, float rate, float lambda, SparseInput& x,
                   SparseInput& theirs, ValueNet::Scratch& scratch) {
  const int positions = e.inputs() / nplayers;
  for (int p = 0; p < (net.antisymmetric() ? 1 : nplayers); ++p) {
    float ret = e.result[p];
    for (int t = positions - 1; t >= 0; --t) {
      e.get(t * nplayers + p, x);
      if (net.antisymmetric()) e.get(t * nplayers + 1 - p, theirs);
      const float v = net.learn(x, theirs, ret, rate, scratch);
      ret = (1 - lambda) * v + lambda * ret;
    }
  }
}

}  // namespace

StrengthCheck strength_check(const GameDefPtr& def, std::shared_ptr<const LearnedEval> eval, const std::string& opponent,
                             int games, uint64_t seed, int max_plies) {
  ThreadRules rules(def);
  const AgentSpec learner_spec = AgentSpec::parse("greedy:eval=learned");
  const AgentSpec other_spec = AgentSpec::parse(opponent);
  const int n = def->nplayers();
  StrengthCheck out;
  double score = 0;
  GameLoop loop;
  for (int g = 0; g < games; ++g) {
    const uint64_t seeded = game_seed(seed, g);
    const int seat = g % n;
    std::vector<std::unique_ptr<Agent>> agents;
    std::vector<Player*> seats;
    for (int p = 0; p < n; ++p) {
      agents.push_back(p == seat ? make_agent(learner_spec, def, seat_seed(seeded, p), eval)
                                 : make_agent(other_spec, def, seat_seed(seeded, p)));
      seats.push_back(agents.back().get());
    }
    State s = rules.initial();
    Rng dice(seeded);
    loop.play(rules, s, seats, dice, max_plies);
    const Outcome& o = s.outcome();
    score += !o.over() || o.kind == Outcome::Kind::Draw ? 1.0 / n : o.winner == seat ? 1 : 0;  // as simulate counts
  }
  out.games = games;
  out.score = games ? score / games : 0;
  return out;
}

TrainResult train(const TrainConfig& config, const std::function<void(const TrainProgress&)>& report,
                  const std::atomic<bool>* stop) {
  const GameDef& def = *config.def;
  if (config.games <= 0 && config.seconds <= 0) throw std::invalid_argument("training needs a number of games or a time");
  if (config.threads < 1) throw std::invalid_argument("training needs a thread at least");
  auto master = config.start ? std::make_shared<LearnedEval>(*config.start)
                             : std::make_shared<LearnedEval>(def, config.hidden, config.seed, config.antisymmetric);
  std::mutex lock;  // guards master's weights and `progress`
  TrainProgress progress;
  std::atomic<long> next_game{0};
  std::atomic<bool> failed{false};
  const auto start = Clock::now();
  const auto done = [&] {
    return (stop && stop->load()) || failed.load() || (config.seconds > 0 && since(start) >= config.seconds);
  };
  const int nplayers = def.nplayers();
  const double explore = config.explore >= 0 ? config.explore : def.dice.count ? 0.0 : 0.05;
  const auto rate = static_cast<float>(config.rate), lambda = static_cast<float>(config.lambda);

  std::vector<std::exception_ptr> errors(static_cast<size_t>(config.threads));
  int finished = 0;  // workers done (under `lock`)
  std::condition_variable wake;  // a worker finished
  const auto worker = [&](int t) {
    try {
      ThreadRules rules(config.def);
      ValueNet snapshot;
      {
        std::lock_guard<std::mutex> hold(lock);
        snapshot = master->net();
      }
      Episode episode;
      SelfPlay player(master->layout(), snapshot, explore, episode);
      SparseInput x, theirs;
      ValueNet::Scratch scratch;
      while (!done()) {
        const long g = next_game++;
        if (config.games > 0 && g >= config.games) break;
        player.play(rules, game_seed(config.seed, g), config.max_plies);
        std::lock_guard<std::mutex> hold(lock);
        learn_episode(master->net(), episode, nplayers, rate, lambda, x, theirs, scratch);
        snapshot = master->net();
        ++progress.games;
        progress.plies += player.plies();
      }
    } catch (...) {
      errors[static_cast<size_t>(t)] = std::current_exception();
      failed = true;
    }
    std::lock_guard<std::mutex> hold(lock);
    ++finished;
    wake.notify_all();
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < config.threads; ++t) threads.emplace_back(worker, t);

  // The calling thread reports about once a second, and checks strength, while the workers
  // play; it wakes as soon as they have all finished.
  const auto check = [&](long games) {
    std::shared_ptr<const LearnedEval> snap;
    {
      std::lock_guard<std::mutex> hold(lock);
      snap = std::make_shared<LearnedEval>(*master);
    }
    StrengthCheck c = strength_check(config.def, snap, config.check_agent, config.check_games, config.seed, config.max_plies);
    c.after_games = games;
    std::lock_guard<std::mutex> hold(lock);
    progress.checks.push_back(c);
  };
  long next_check = config.check_every;
  const auto snapshot_progress = [&] {
    std::lock_guard<std::mutex> hold(lock);
    TrainProgress p = progress;
    p.seconds = since(start);
    return p;
  };
  bool running = true;
  while (running) {
    {
      std::unique_lock<std::mutex> hold(lock);
      running = !wake.wait_for(hold, std::chrono::seconds(1), [&] { return finished == config.threads; });
    }
    const long games = snapshot_progress().games;
    if (config.check_every > 0 && config.check_games > 0 && games >= next_check && running) {
      check(games);
      next_check = (games / config.check_every + 1) * config.check_every;
    }
    if (report) report(snapshot_progress());
  }
  for (auto& th : threads) th.join();
  for (auto& e : errors)
    if (e) std::rethrow_exception(e);
  TrainProgress final_progress = snapshot_progress();
  if (config.check_games > 0 && (final_progress.checks.empty() || final_progress.checks.back().after_games != final_progress.games)) {
    check(final_progress.games);
    final_progress = snapshot_progress();
  }
  if (report) report(final_progress);

  nlohmann::json checks = nlohmann::json::array();
  for (const auto& c : final_progress.checks)
    checks.push_back({{"after_games", c.after_games}, {"score", c.score}, {"games", c.games}, {"against", config.check_agent}});
  const nlohmann::json lineage = config.start ? training_lineage(parse_json(config.start->training())) : nlohmann::json::array();
  const nlohmann::json summary = {
      {"method", "TD(lambda) self-play over after-states"},
      {"games", final_progress.games},
      {"plies", final_progress.plies},
      {"seconds", std::round(final_progress.seconds * 10) / 10},
      {"threads", config.threads},
      {"seed", config.seed},
      {"rate", config.rate},
      {"lambda", config.lambda},
      {"explore", explore},
      {"continued_from", lineage.empty() ? nlohmann::json() : lineage.back()},
      {"lineage", lineage},
      {"checks", checks},
  };
  return {master, final_progress, summary.dump()};
}

nlohmann::json training_lineage(nlohmann::json summary) {
  nlohmann::json out = nlohmann::json::array();
  if (!summary.is_object()) return out;
  if (auto l = summary.find("lineage"); l != summary.end() && l->is_array()) out = *l;
  else if (auto c = summary.find("continued_from"); c != summary.end() && c->is_object())
    out = training_lineage(*c);  // written before the lineage: one run nested in the next
  summary.erase("lineage");
  summary.erase("continued_from");
  out.push_back(std::move(summary));
  return out;
}

std::string default_weights_cache() {
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) return std::string(x) + "/boardlab/weights";
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.cache/boardlab/weights";
  return ".boardlab-weights";
}

bool take_auto_eval(std::vector<AgentSpec>& agents, const std::vector<GameDefPtr>& defs) {
  bool any = false;
  for (auto& spec : agents)
    if (auto e = spec.params.find("eval"); e != spec.params.end() && e->second == "auto") e->second = "learned", any = true;
  if (!any) return false;
  for (auto spec : agents) {
    if (auto e = spec.params.find("eval"); e != spec.params.end() && e->second == "learned") e->second = "builtin";
    for (const auto& def : defs) make_agent(spec, def, 1);
  }
  return true;
}

std::shared_ptr<const LearnedEval> cached_weights(const GameDefPtr& def, const std::string& cache_dir, double seconds,
                                                  int threads, const std::function<void(const TrainProgress&)>& report,
                                                  bool* trained) {
  const std::string path = (std::filesystem::path(cache_dir) / (def->name + "-" + def->content_hash + ".weights")).string();
  if (trained) *trained = false;
  std::error_code ec;
  if (std::filesystem::is_regular_file(path, ec)) {
    try {
      return LearnedEval::load(path, *def);
    } catch (const std::runtime_error&) {
      // A damaged or older file: trained again below, and replaced.
    }
  }
  TrainConfig c;
  c.def = def;
  c.seconds = seconds;
  c.threads = threads;
  c.check_games = 0;
  const TrainResult r = train(c, report);
  std::filesystem::create_directories(cache_dir, ec);
  r.eval->save(path, r.summary);
  if (trained) *trained = true;
  return r.eval;
}

}  // namespace boardlab::lab
