// The terminal `play` draws on: its size, and a status line that shows, while a computer
// searches, that it is thinking and for how long. Both do nothing useful in a pipe.
#pragma once
#include <atomic>
#include <string>
#include <thread>

namespace boardlab::cli {

// Whether standard output is a terminal.
bool output_is_terminal();
// Colour only on a terminal, and never when NO_COLOR is set (no-color.org).
bool use_color();
// The terminal's height in lines, or 0 when standard output is not a terminal.
int terminal_rows();
// The width text is wrapped to: the terminal's columns; in a pipe, $COLUMNS, else 0 (text
// as written: a program reading the output wants no breaks of ours).
int terminal_columns();

// "black is thinking... 2.1 s", redrawn in place ten times a second on a terminal until
// stop(), which erases it; nothing at all in a pipe.
class ThinkingLine {
 public:
  ThinkingLine() = default;
  ~ThinkingLine() { stop(); }
  ThinkingLine(const ThinkingLine&) = delete;
  ThinkingLine& operator=(const ThinkingLine&) = delete;
  void start(const std::string& who);
  void stop();

 private:
  std::thread thread_;
  std::atomic<bool> running_{false};
};

}  // namespace boardlab::cli
