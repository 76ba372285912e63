// `boardlab compare`: two rule sets (two definitions, or one and --variant tweaks) played
// with the same agents and seeds, in batches, until a sequential test settles whether the
// first mover's win rate differs, or the game budget runs out; then the difference in
// every statistic with its 95% interval.
#include <fmt/format.h>

#include <thread>

#include "commands.h"
#include "common.h"
#include "core/text.h"
#include "lab/summary.h"
#include "lab_args.h"
#include "lab_report.h"

namespace boardlab::cli {

namespace {

struct CompareArgs {
  GameArgs a, b;
  std::vector<std::string> variant;  // options for B only
  std::string agents = "random,random";
  long games = 2000, batch = 100;
  uint64_t seed = 1;
  int max_plies = 1000, threads = 0;
  lab::SequentialTest test;
  bool no_stop = false;
  std::string out;
};

const char* verdict_text(lab::Verdict v) {
  switch (v) {
    case lab::Verdict::Differs: return "differs";
    case lab::Verdict::Same: return "same";
    default: return "not settled";
  }
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
  cmd->add_option("--agents", c->agents, "the two agents, A,B (default random,random)");
  cmd->add_option("--games", c->games, "at most this many games for each rule set (default 2000)")
      ->check(CLI::Range(1L, 100000000L));
  cmd->add_option("--batch", c->batch, "games per rule set between two looks of the sequential test (default 100)")
      ->check(CLI::Range(1L, 1000000L));
  cmd->add_option("--seed", c->seed, "game i of either rule set is seeded from (seed, i)");
  cmd->add_option("--max-plies", c->max_plies, "a game still going after this many plies stops, as a draw")
      ->check(CLI::Range(1, 100000000));
  cmd->add_option("--threads", c->threads, "threads to play on (default: every core)")->check(CLI::Range(0, 256));
  cmd->add_option("--delta", c->test.delta, "the difference in the first mover's win rate worth finding (default 0.05)")
      ->check(CLI::Range(0.001, 1.0));
  cmd->add_option("--alpha", c->test.alpha, "the chance of finding a difference, either way, that is not there (default 0.05)")
      ->check(CLI::Range(0.0001, 0.5));
  cmd->add_option("--beta", c->test.beta, "the chance of missing a difference of delta (default 0.05)")
      ->check(CLI::Range(0.0001, 0.5));
  cmd->add_flag("--no-stop", c->no_stop, "play every game even once the test has settled");
  cmd->add_option("--out", c->out, "a folder for compare.json and each side's results");
  return [=] {
    if (second->empty() && c->variant.empty()) std::swap(c->variant, c->a.options);
    c->b = c->a;
    if (!second->empty()) c->b.game = *second;
    c->b.options.insert(c->b.options.end(), c->variant.begin(), c->variant.end());
    if (second->empty() && c->variant.empty())
      throw UsageError("compare needs a second rule set: a definition (compare A.yaml B.yaml) or a tweak (--option key=value)");
    auto ga = open_game(c->a), gb = open_game(c->b);
    auto agents = parse_agent_list(c->agents);
    if (agents.size() != 2) throw UsageError(fmt::format("--agents takes two agents, A,B (got {})", agents.size()));
    const int threads = threads_or_cores(c->threads);
    lab::SimulationConfig ca{ga->def_ptr(), agents[0], agents[1], 0, c->seed, c->max_plies, threads};
    lab::SimulationConfig cb = ca;
    cb.def = gb->def_ptr();
    std::vector<lab::GameStats> games_a, games_b;
    lab::SequentialState st, settled;  // the last look, and the first that settled
    long looks = 0, settled_after = 0;
    for (long done = 0; done < c->games;) {
      ca.begin = cb.begin = done;
      ca.games = cb.games = std::min(c->games, done + c->batch);
      for (auto& g : run_games(ca, "A")) games_a.push_back(std::move(g));
      for (auto& g : run_games(cb, "B")) games_b.push_back(std::move(g));
      done = ca.games;
      ++looks;
      st = lab::sequential_test(lab::first_mover_wins(games_a), lab::first_mover_wins(games_b), c->test);
      if (st.verdict != lab::Verdict::Continue && settled_after == 0) settled = st, settled_after = done;
      if (st.verdict != lab::Verdict::Continue && !c->no_stop) break;
    }
    const auto sa = lab::summarize(games_a, ga->def()), sb = lab::summarize(games_b, gb->def());
    auto name = [](const GameArgs& g) {
      return g.options.empty() ? g.game : fmt::format("{} ({})", g.game, fmt::join(g.options, " "));
    };
    fmt::print("A: {}\nB: {}\n{} against {}, seats alternating, the same seeds for A and B (seed {}), at most {} plies.\n\n",
               name(c->a), name(c->b), agents[0].str(), agents[1].str(), c->seed, c->max_plies);
    fmt::print("{:<26} {:>9} {:>9} {:>9}  {}\n", "", "A", "B", "B - A", "95% interval of B - A");
    const auto rows = lab::compare_summaries(sa, sb);
    for (const auto& r : rows)
      fmt::print("{:<26} {:>9.3f} {:>9.3f} {:>+9.3f}  {:+.3f} to {:+.3f}{}\n", r.name, r.a, r.b, r.difference.value,
                 r.difference.interval95.low, r.difference.interval95.high,
                 r.difference.interval95.low > 0 || r.difference.interval95.high < 0 ? "  *" : "");
    fmt::print("(* the interval leaves out 0)\n\n");
    const std::string how = fmt::format("sequential probability ratio test on the first mover's win rate, delta {}, "
                                        "alpha {}, beta {}; log-likelihood ratio {:.2f}, bounds {:.2f} and {:.2f}",
                                        c->test.delta, c->test.alpha, c->test.beta, st.llr, st.lower, st.upper);
    const long n = static_cast<long>(games_a.size());
    if (st.verdict == lab::Verdict::Differs)
      fmt::print("Settled after {} games each ({} looks): the first mover's win rate differs ({}).\n", n, looks, how);
    else if (st.verdict == lab::Verdict::Same)
      fmt::print("Settled after {} games each ({} looks): the first mover's win rate differs by less than {} ({}).\n", n,
                 looks, c->test.delta, how);
    else
      fmt::print("Not settled after {} games each, the most allowed (--games): {}.\n", n, how);
    if (c->no_stop && settled_after > 0 && settled_after < n)
      fmt::print("(--no-stop: the test had first settled after {} games each, as '{}'.)\n", settled_after,
                 verdict_text(settled.verdict));
    if (!c->out.empty()) {
      // ca and cb end as the last batch left them: games 0 .. n - 1.
      write_results(c->out + "/a", games_a, sa, ga->def(), run_info(c->a, ca));
      write_results(c->out + "/b", games_b, sb, gb->def(), run_info(c->b, cb));
      nlohmann::json diffs = nlohmann::json::array();
      for (const auto& r : rows)
        diffs.push_back({{"statistic", r.name}, {"a", r.a}, {"b", r.b}, {"difference", r.difference.value},
                         {"ci95", {r.difference.interval95.low, r.difference.interval95.high}}});
      nlohmann::json j = {{"a", name(c->a)}, {"b", name(c->b)}, {"games_each", n}, {"looks", looks},
                          {"verdict", verdict_text(st.verdict)}, {"test", how}, {"differences", diffs}};
      write_text_file(c->out + "/compare.json", j.dump(2) + "\n");
      fmt::print("Wrote {}/compare.json\n", c->out);
    }
    return kExitOk;
  };
}

}  // namespace boardlab::cli
