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

void add_openings_option(CLI::App& cmd, int& openings) {
  cmd.add_option("--openings", openings,
                 "start each round of games (one per seat) with this many random moves, the same in the round: agents "
                 "that search without chance then play different games (0: none)")
      ->check(CLI::Range(0, 1000));
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
