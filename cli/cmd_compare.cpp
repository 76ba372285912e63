// `boardlab compare`: two rule sets (two definitions, or one and --variant tweaks) played
// with the same agents and seeds, in batches, until a sequential test settles the question
// asked (--test differs, fairer or skill), or the game budget runs out; then the difference
// in every statistic with its 95% interval.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <fmt/ranges.h>

#include "commands.h"
#include "common.h"
#include "core/text.h"
#include "definition/bundled.h"
#include "lab/compare.h"
#include "lab/compare_report.h"
#include "lab/runs.h"
#include "lab/training.h"
#include "lab_args.h"
#include "progress.h"

namespace boardlab::cli {

namespace {

struct CompareArgs {
  GameArgs a, b;
  std::vector<std::string> variant;  // options for B only
  std::string agents;
  long games = 2000, batch = 100;
  uint64_t seed = 1;
  int max_plies = 1000, threads = 0;
  std::string openings = "auto";
  lab::SequentialTest test;
  std::string question = "differs";
  bool no_stop = false;
  std::string out;
  double train_minutes = 2;
  std::string weights_cache;
};

// With eval=auto in an agent: weights for each rule set, reused from the cache or trained
// now, and the specs changed to eval=learned (each side's games use its own).
bool learn_both(std::vector<AgentSpec>& agents, lab::CompareConfig& config, const CompareArgs& c) {
  if (!lab::take_auto_eval(agents, {config.a.def, config.b.def})) return false;
  const std::string cache = c.weights_cache.empty() ? lab::default_weights_cache() : c.weights_cache;
  for (lab::SimulationConfig* side : {&config.a, &config.b}) {
    ProgressBar bar(fmt::format("learning {}", side->def->name));
    bool trained = false;
    side->learned = lab::cached_weights(side->def, cache, c.train_minutes * 60, side->threads, [&](const lab::TrainProgress& p) {
      bar.update(static_cast<long>(p.seconds), static_cast<long>(c.train_minutes * 60), fmt::format("{} games", p.games));
    }, &trained);
    fmt::print("{}: {} (eval=auto)\n", side->def->name,
               trained ? fmt::format("trained {:g} minutes by self-play, saved in {}", c.train_minutes, cache)
                       : fmt::format("weights from {}", cache));
  }
  return true;
}

// "GAME (key=value ...)": a rule set as people name it.
std::string rule_set_name(const GameArgs& g) {
  return g.options.empty() ? g.game : fmt::format("{} ({})", g.game, fmt::join(g.options, " "));
}

// Each comparison replaces the last one's sides (each side a whole set; compare.json last).
void write_comparison(const CompareArgs& c, const lab::Comparison& r, const lab::CompareConfig& config) {
  lab::write_results(c.out + "/a", r.games_a, r.a, *config.a.def, lab::run_info(c.a.game, c.a.options, r.config_a), true);
  lab::write_results(c.out + "/b", r.games_b, r.b, *config.b.def, lab::run_info(c.b.game, c.b.options, r.config_b), true);
  const std::string a = rule_set_name(c.a), b = rule_set_name(c.b);
  write_text_file(c.out + "/compare.json", lab::to_json(r, config, a, b).dump(2) + "\n");
  write_text_file(c.out + "/report.html", lab::compare_html(r, config, a, b, c.out));
  fmt::print("Wrote {0}/compare.json and {0}/report.html (each side's results in {0}/a and {0}/b)\n", c.out);
}

}  // namespace

Runner add_compare(CLI::App& app) {
  auto* cmd = app.add_subcommand("compare", "Compare two rule sets by self-play, stopping once the difference is settled");
  auto c = std::make_shared<CompareArgs>();
  auto second = std::make_shared<std::string>();
  cmd->add_option("a", c->a.game, "a bundled game's name or a definition file")->required();
  cmd->add_option("b", *second, "the other rule set (default: A with the --variant options)");
  cmd->add_option("--option", c->a.options,
                  "key=value: with B, an option for both; without B, the tweak that makes B from A "
                  "(compare GAME --option key=value)");
  cmd->add_option("--variant", c->variant, "key=value: an option for B only");
  auto* agents_opt = cmd->add_option("--agents", c->agents, "an agent per player, A,B (default random in every seat)");
  cmd->add_option("--games", c->games, "at most this many games for each rule set (default 2000)")
      ->check(CLI::Range(1L, 100000000L));
  cmd->add_option("--batch", c->batch, "games per rule set between two looks of the sequential test (default 100)")
      ->check(CLI::Range(1L, 1000000L));
  cmd->add_option("--seed", c->seed, "game i of either rule set is seeded from (seed, i)");
  cmd->add_option("--max-plies", c->max_plies, "a game still going after this many plies stops, as a draw")
      ->check(CLI::Range(1, 100000000));
  cmd->add_option("--threads", c->threads, "threads to play on (default: every core)")->check(CLI::Range(0, 256));
  add_openings_option(*cmd, c->openings);
  cmd->add_option("--test", c->question,
                  "the question: differs (the first mover's win rate differs, the default), fairer (B's first-mover "
                  "rate is closer to 0.5 than A's), skill (the first agent's score differs)")
      ->check(CLI::IsMember({"differs", "fairer", "skill"}));
  cmd->add_option("--delta", c->test.delta, "the difference worth finding, in the tested rate or score (default 0.05)")
      ->check(CLI::Range(0.001, 1.0));
  cmd->add_option("--alpha", c->test.alpha, "the chance of finding a difference, either way, that is not there (default 0.05)")
      ->check(CLI::Range(0.0001, 0.5));
  cmd->add_option("--beta", c->test.beta, "the chance of missing a difference of delta (default 0.05)")
      ->check(CLI::Range(0.0001, 0.5));
  cmd->add_flag("--no-stop", c->no_stop, "play every game even once the test has settled");
  cmd->add_option("--out", c->out, "a folder for compare.json and each side's results");
  cmd->add_option("--train-minutes", c->train_minutes,
                  "with eval=auto in an agent: minutes of self-play training per rule set, on --threads (default 2)")
      ->check(CLI::Range(0.01, 10000.0));
  cmd->add_option("--weights-cache", c->weights_cache,
                  "with eval=auto: where trained weights are kept and reused (default ~/.cache/boardlab/weights)");
  return [=] {
    if (second->empty() && c->variant.empty()) std::swap(c->variant, c->a.options);
    c->b = c->a;
    if (!second->empty()) c->b.game = *second;
    c->b.options.insert(c->b.options.end(), c->variant.begin(), c->variant.end());
    if (second->empty() && c->variant.empty())
      throw UsageError("compare needs a second rule set: a definition (compare A.yaml B.yaml) or a tweak (--option key=value)");
    const lab::Question question = *lab::question_named(c->question);
    // A question the settings cannot answer is refused before any game; one they likely cannot
    // answer within --games is said first.
    if (const lab::TestReach reach = lab::test_reach(question, c->test, c->games); !reach.possible) throw UsageError(reach.why);
    else if (!reach.why.empty()) fmt::print("Note: {}.\n", reach.why);
    const GameDefPtr da = open_definition(c->a.game, c->a.options), db = open_definition(c->b.game, c->b.options);
    if (!agents_opt->count()) say_random_default(da->nplayers());
    auto agents = parse_agent_list(agents_opt->count() ? c->agents : random_seats(da->nplayers()));
    lab::CompareConfig config;
    config.a = lab::SimulationConfig{da, agents, 0, c->seed, c->max_plies, threads_or_cores(c->threads)};
    config.a.opening_plies = opening_plies(c->openings, *da, agents);
    fmt::print("{}", openings_said(c->openings, config.a.opening_plies));
    config.b = config.a;
    config.b.def = db;
    config.games = c->games, config.batch = c->batch, config.test = c->test, config.no_stop = c->no_stop;
    config.question = question;
    if (learn_both(agents, config, *c)) config.a.agents = config.b.agents = agents;
    // One bar over the whole comparison, its time left for every game --games allows (the
    // test may settle sooner): a bar a batch told only of the batch.
    ProgressBar bar("compare");
    long before = 0;
    const long most = 2 * config.games;
    const lab::Comparison r = lab::compare(config, [&](const lab::SimulationConfig& side, const std::string& name) {
      auto games = lab::simulate(side, [&](long done, long) { bar.update(before + done, most, "side " + name); });
      before += static_cast<long>(games.size());
      return games;
    });

    fmt::print("{}", lab::compare_text(r, config, rule_set_name(c->a), rule_set_name(c->b)));
    if (!c->out.empty()) write_comparison(*c, r, config);
    return kExitOk;
  };
}

}  // namespace boardlab::cli
