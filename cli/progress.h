// A progress bar on stderr for long runs: drawn only on a terminal, so that logs and pipes
// stay clean.
#pragma once
#include <chrono>
#include <string>

namespace boardlab::cli {

class ProgressBar {
 public:
  explicit ProgressBar(std::string what);
  ~ProgressBar();  // ends the line it drew on
  // `note` follows the figures (a running estimate, say).
  void update(long done, long total, const std::string& note = "");
  // A line of results on stdout, as it happens (flushed, so that a log shows it before the
  // run ends); on a terminal it takes the bar's place and the bar is drawn again below it.
  void line(const std::string& text);

 private:
  std::string what_;
  bool tty_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_, last_;
};

}  // namespace boardlab::cli
