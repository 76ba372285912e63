// `boardlab train`: learns an evaluation for a game by self-play (lab/training.h) and saves
// it as a weights file that every agent takes (eval=FILE).
#include <fmt/format.h>

#include <csignal>
#include <filesystem>

#include "commands.h"
#include "definition/bundled.h"
#include "common.h"
#include "lab/training.h"
#include "lab_args.h"
#include "progress.h"

namespace boardlab::cli {

namespace {

struct TrainArgs {
  GameArgs game;
  long games = 0;
  double minutes = 0;
  int threads = 1;
  std::string out, from;
  lab::TrainConfig config;
};

std::string check_line(const lab::StrengthCheck& c, const std::string& against) {
  return fmt::format("  after {:>8} games: greedy with the weights scores {:.3f} against {} ({} games)", c.after_games,
                     c.score, against, c.games);
}

}  // namespace

Runner add_train(CLI::App& app) {
  auto* cmd = app.add_subcommand("train", "Learn an evaluation for a game by self-play, for any agent's eval=FILE");
  auto a = std::make_shared<TrainArgs>();
  lab::TrainConfig& c = a->config;
  cmd->add_option("game", a->game.game, "a bundled game's name or a definition file")->required();
  cmd->add_option("--out", a->out, "the weights file to write (default GAME.weights)");
  auto* games = cmd->add_option("--games", a->games, "self-play games to play")->check(CLI::Range(1L, 1'000'000'000L));
  auto* minutes = cmd->add_option("--minutes", a->minutes, "train this long instead")->check(CLI::Range(0.001, 100000.0));
  cmd->add_option("--threads", a->threads, "games played at once (default 1: a seed then replays exactly)")
      ->check(CLI::Range(0, 256));
  cmd->add_option("--seed", c.seed, "seeds the new network and every game");
  cmd->add_option("--from", a->from, "a weights file to go on training (else a new network)");
  cmd->add_option("--hidden", c.hidden, "hidden units of a new network (default 32)")->check(CLI::Range(1, 4096));
  auto* antisymmetric = cmd->add_flag(
      "--antisymmetric", c.antisymmetric,
      "a new network whose value for one player is the negation of its value for the other (two players; "
      "an evaluation costs about twice as much)");
  cmd->add_option("--rate", c.rate, "the learning rate (default 0.005)")->check(CLI::Range(1e-6, 10.0));
  cmd->add_option("--lambda", c.lambda, "TD(lambda)'s lambda (default 0.7)")->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--explore", c.explore, "the share of self-play moves chosen at random (default 0.05, or 0 with dice)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--max-plies", c.max_plies, "a self-play game stops after this many plies, as a draw (default 2000)")
      ->check(CLI::Range(1, 100000000));
  cmd->add_option("--check-every", c.check_every,
                  "games between two strength checks (default: about ten in a run of --games; 0: none)")
      ->check(CLI::Range(0L, 1'000'000'000L));
  cmd->add_option("--check-games", c.check_games, "games per strength check, also played at the end (default 50; 0: none)")
      ->check(CLI::Range(0, 100000));
  cmd->add_option("--check-against", c.check_agent, "the agent a check plays against (default greedy)");
  cmd->add_option("--option", a->game.options, "set an option of the game: key=value");
  return [=, check_every = cmd->get_option("--check-every")] {
    if (antisymmetric->count() && !a->from.empty())
      throw UsageError("--antisymmetric makes a new network; --from goes on training the file's network in its own form");
    if (!games->count() && !minutes->count()) throw UsageError("train needs --games N or --minutes M");
    lab::TrainConfig config = a->config;
    config.def = open_definition(a->game.game, a->game.options);
    config.games = a->games;
    config.seconds = a->minutes * 60;
    config.threads = threads_or_cores(a->threads);
    if (!check_every->count()) config.check_every = config.games > 0 ? std::max(1L, config.games / 10) : 0;
    // Refuse a bad opponent before any training.
    make_agent(AgentSpec::parse(config.check_agent), config.def, 1);
    if (!a->from.empty()) {
      std::string warning;
      try {
        config.start = LearnedEval::load(a->from, *config.def, &warning);
      } catch (const std::runtime_error& e) {
        throw UsageError(e.what());
      }
      if (!warning.empty()) fmt::print(stderr, "warning: {}\n", warning);
    }
    const std::string out = a->out.empty() ? config.def->name + ".weights" : a->out;
    fmt::print("Training {} by self-play ({}, {} thread{}, seed {}): {} inputs, {} hidden units{}\n", config.def->name,
               config.games ? fmt::format("{} games", config.games) : fmt::format("{:g} minutes", a->minutes),
               config.threads, config.threads == 1 ? "" : "s", config.seed, LearnedEval(*config.def, 1, 0).layout().size(),
               config.start ? config.start->net().hidden() : config.hidden,
               (config.start ? config.start->net().antisymmetric() : config.antisymmetric) ? ", antisymmetric" : "");
    ProgressBar bar("training");
    size_t shown = 0;  // each check is printed when it is made (the last report has them all)
    const lab::TrainResult r = lab::train(config, [&](const lab::TrainProgress& p) {
      while (shown < p.checks.size()) bar.line(check_line(p.checks[shown++], config.check_agent));
      const long total = config.games ? config.games
                                      : std::max(p.games, static_cast<long>(p.seconds > 0 ? static_cast<double>(p.games) / p.seconds * config.seconds : 0));
      bar.update(p.games, total, p.checks.empty() ? "" : fmt::format("vs {} {:.2f}", config.check_agent, p.checks.back().score));
    }, &stop_on_interrupt());
    r.eval->save(out, r.summary);
    const double secs = r.progress.seconds;
    fmt::print("{} games ({:.1f} plies each) in {:.1f} s: {:.1f} games/s\n", r.progress.games,
               r.progress.games ? static_cast<double>(r.progress.plies) / static_cast<double>(r.progress.games) : 0.0, secs,
               secs > 0 ? static_cast<double>(r.progress.games) / secs : 0.0);
    fmt::print("Wrote {} (use it as eval={} in any agent: greedy, mcts, alphabeta, expectimax)\n", out, out);
    return kExitOk;
  };
}

}  // namespace boardlab::cli
