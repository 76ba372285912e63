// The terminal: its size (TIOCGWINSZ) and the thinking line, drawn by a thread of its own
// while the main thread searches.
#include "terminal.h"

#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "core/text.h"

namespace boardlab::cli {

bool output_is_terminal() { return isatty(STDOUT_FILENO); }

bool use_color() { return output_is_terminal() && !std::getenv("NO_COLOR"); }

int terminal_rows() {
  if (!output_is_terminal()) return 0;
  winsize w{};
  return ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_row > 0 ? w.ws_row : 24;
}

int terminal_columns() {
  winsize w{};
  if (output_is_terminal() && ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col > 0) return w.ws_col;
  const char* env = std::getenv("COLUMNS");
  const auto n = env ? parse_int(env) : std::nullopt;
  return n && *n > 0 && *n <= 10000 ? static_cast<int>(*n) : 0;
}

void ThinkingLine::start(const std::string& who) {
  stop();
  if (!output_is_terminal() || !isatty(STDERR_FILENO)) return;
  std::fflush(stdout);
  running_ = true;
  thread_ = std::thread([this, who] {
    static const char kTurn[] = "|/-\\";
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; running_; ++i) {
      const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      // After a moment only: a quick answer shows no flicker.
      if (secs >= 0.3) {
        fmt::print(stderr, "\r{} is thinking {} {:.1f} s", who, kTurn[i % 4], secs);
        std::fflush(stderr);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    fmt::print(stderr, "\r\033[K");
    std::fflush(stderr);
  });
}

void ThinkingLine::stop() {
  running_ = false;
  if (thread_.joinable()) thread_.join();
}

}  // namespace boardlab::cli
