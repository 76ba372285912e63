// Agents lists, threads, and running games with progress.
#include "lab_args.h"

#include <fmt/format.h>

#include <csignal>
#include <stdexcept>
#include <thread>

#include "core/text.h"
#include "progress.h"

namespace boardlab::cli {

int threads_or_cores(int threads) {
  return threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

void add_openings_option(CLI::App& cmd, std::string& openings) {
  cmd.add_option("--openings", openings,
                 fmt::format("start each round of games (one per seat) with this many random moves, the same in the "
                             "round, so that agents that search without chance play different games; auto (the "
                             "default): {} when no agent chooses by chance in a game without dice, else 0",
                             lab::kAutoOpeningPlies))
      ->check([](const std::string& v) -> std::string {
        if (v == "auto") return "";
        const auto n = parse_int(v);
        return n && *n >= 0 && *n <= 1000 ? "" : "--openings takes auto or a number of plies from 0 to 1000";
      });
}

int opening_plies(const std::string& openings, const GameDef& def, const std::vector<AgentSpec>& agents) {
  if (openings == "auto") return lab::auto_opening_plies(def, agents);
  return static_cast<int>(*parse_int(openings));
}

std::string openings_said(const std::string& openings, int plies) {
  if (openings != "auto" || plies == 0) return "";
  return fmt::format("Openings: each round starts with {} random plies (--openings auto: no agent chooses by chance, "
                     "and the same game again says nothing new; --openings 0 plays without).\n", plies);
}

void say_random_default(int players) {
  fmt::print("Agents: {} (the default): random play shows the rules' extremes, not how people play them; --agents "
             "greedy,greedy or level:2,level:2 seats players that try to win.\n", random_seats(players));
}

std::vector<AgentSpec> parse_agent_list(const std::string& text) {
  try {
    return AgentSpec::parse_list(text);
  } catch (const std::invalid_argument& e) {
    throw UsageError(fmt::format("--agents: {}", e.what()));
  }
}

std::vector<lab::GameStats> run_games_each(const lab::SimulationConfig& config, const std::string& what,
                                           const std::function<void(const lab::GameStats&)>& finished) {
  ProgressBar bar(what);
  return lab::simulate(config, [&](long done, long total) { bar.update(done, total); }, finished);
}

std::vector<lab::GameStats> run_games(const lab::SimulationConfig& config, const std::string& what) {
  return run_games_each(config, what, {});
}

namespace {
std::atomic<bool> stop_flag{false};
static_assert(std::atomic<bool>::is_always_lock_free, "set from a signal handler");
void on_stop_signal(int sig) {
  if (stop_flag.exchange(true)) {  // the second time: now
    std::signal(sig, SIG_DFL);
    std::raise(sig);
  }
}
}  // namespace

const std::atomic<bool>& stop_on_interrupt() {
  for (int sig : {SIGINT, SIGTERM}) std::signal(sig, on_stop_signal);
  return stop_flag;
}

}  // namespace boardlab::cli
