// The progress bar: games done, rate and time left, redrawn at most ten times a second.
#include "progress.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>

namespace boardlab::cli {

ProgressBar::ProgressBar(std::string what)
    : what_(std::move(what)), tty_(isatty(STDERR_FILENO)), start_(std::chrono::steady_clock::now()), last_(start_) {}

ProgressBar::~ProgressBar() {
  if (drawn_) fmt::print(stderr, "\n");
}

void ProgressBar::update(long done, long total, const std::string& note) {
  if (!tty_) return;
  const auto now = std::chrono::steady_clock::now();
  if (done < total && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  const double secs = std::chrono::duration<double>(now - start_).count();
  const int width = 30, filled = total ? static_cast<int>(width * done / total) : width;
  const double rate = secs > 0 ? static_cast<double>(done) / secs : 0;
  const double left = rate > 0 ? static_cast<double>(total - done) / rate : 0;
  fmt::print(stderr, "\r{} [{}{}] {}/{} {:.1f}/s, {:.0f} s left {}", what_, std::string(static_cast<size_t>(filled), '#'),
             std::string(static_cast<size_t>(width - filled), '.'), done, total, rate, left, note);
  drawn_ = true;
}

void ProgressBar::line(const std::string& text) {
  if (drawn_) fmt::print(stderr, "\r\33[K");  // erase the bar
  drawn_ = false;
  last_ = {};  // and draw it again at the next update
  fmt::print("{}\n", text);
  std::fflush(stdout);
}

}  // namespace boardlab::cli
