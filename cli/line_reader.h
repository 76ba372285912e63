// Reading what the player types: on a terminal with line editing and a history kept across
// games (libedit), from a pipe as plain lines. Ctrl-C ends the read at once, so that the
// game in progress can be saved before the program leaves.
#pragma once
#include <optional>
#include <string>

struct editline;
struct history;

namespace boardlab::cli {

class LineReader {
 public:
  // `history_file`: where the history is kept on a terminal ("" for none).
  explicit LineReader(const std::string& history_file);
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  // The next line, without its line end; nullopt at the end of input or after Ctrl-C
  // (`interrupted()` tells which). `remember`: whether the line goes into the history.
  std::optional<std::string> read(const std::string& prompt, bool remember = true);
  bool interrupted() const;

  // ~/.boardlab_history, or $BOARDLAB_HISTORY ("" for none).
  static std::string default_history_file();

 private:
  editline* el_ = nullptr;
  history* hist_ = nullptr;
  std::string history_file_;
};

}  // namespace boardlab::cli
