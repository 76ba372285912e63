// Line input for `boardlab play`: libedit on a terminal, std::getline otherwise.
#include "line_reader.h"

#include <histedit.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <cwchar>
#include <iostream>

#include "core/text.h"

namespace boardlab::cli {

namespace {

volatile std::sig_atomic_t interrupted_flag = 0;
void on_interrupt(int) { interrupted_flag = 1; }

// Without SA_RESTART, Ctrl-C makes the blocked read() fail with EINTR instead of waiting on.
// A closed terminal (SIGHUP) and a polite kill (SIGTERM) end the game the same way.
void catch_interrupts() {
  struct sigaction sa {};
  sa.sa_handler = on_interrupt;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;
  for (int sig : {SIGINT, SIGHUP, SIGTERM}) sigaction(sig, &sa, nullptr);
}

// libedit's own reader retries a read that Ctrl-C interrupted, and its signal handling
// (EL_SIGNAL) signals the whole process group; this one gives up on Ctrl-C instead.
int read_char(EditLine*, wchar_t* out) {
  std::mbstate_t state{};
  for (;;) {
    if (interrupted_flag) return -1;
    char byte;
    const ssize_t n = ::read(STDIN_FILENO, &byte, 1);
    if (n == 0) return 0;
    if (n < 0) {
      if (errno == EINTR && !interrupted_flag) continue;  // another signal (a resized window)
      return -1;
    }
    const size_t r = std::mbrtowc(out, &byte, 1, &state);
    if (r == static_cast<size_t>(-2)) continue;  // the middle of a multibyte character
    if (r == static_cast<size_t>(-1)) {          // not valid here: taken as it is
      state = {};
      *out = static_cast<unsigned char>(byte);
    }
    return 1;
  }
}

std::string current_prompt;  // what libedit shows (one reader at a time)
const char* prompt_of(EditLine*) { return current_prompt.c_str(); }

}  // namespace

std::string LineReader::default_history_file() {
  if (const char* env = std::getenv("BOARDLAB_HISTORY")) return env;
  const char* home = std::getenv("HOME");
  return home && *home ? std::string(home) + "/.boardlab_history" : "";
}

LineReader::LineReader(const std::string& history_file) : history_file_(history_file) {
  catch_interrupts();
  if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) return;
  std::setlocale(LC_CTYPE, "");  // so that libedit reads and shows multibyte characters
  el_ = el_init("boardlab", stdin, stdout, stderr);
  if (!el_) return;
  hist_ = history_init();
  HistEvent ev;
  history(hist_, &ev, H_SETSIZE, 1000);
  history(hist_, &ev, H_SETUNIQUE, 1);
  if (!history_file_.empty()) history(hist_, &ev, H_LOAD, history_file_.c_str());
  el_set(el_, EL_EDITOR, "emacs");
  el_set(el_, EL_HIST, history, hist_);
  el_set(el_, EL_GETCFN, read_char);
  el_set(el_, EL_PROMPT, prompt_of);
  el_source(el_, nullptr);  // the user's ~/.editrc, if any
}

LineReader::~LineReader() {
  if (hist_) {
    HistEvent ev;
    if (!history_file_.empty()) history(hist_, &ev, H_SAVE, history_file_.c_str());
    history_end(hist_);
  }
  if (el_) el_end(el_);
}

bool LineReader::interrupted() const { return interrupted_flag != 0; }

std::optional<std::string> LineReader::read(const std::string& prompt, bool remember) {
  if (interrupted_flag) return std::nullopt;
  if (!el_) {
    std::cout << prompt << std::flush;
    std::string line;
    if (!std::getline(std::cin, line)) return std::nullopt;
    return line;
  }
  current_prompt = prompt;
  int count = 0;
  const char* got = el_gets(el_, &count);
  if (!got || count <= 0 || interrupted_flag) return std::nullopt;
  std::string line(got, static_cast<size_t>(count));
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
  if (remember && !trim(line).empty()) {
    HistEvent ev;
    history(hist_, &ev, H_ENTER, line.c_str());
  }
  return line;
}

}  // namespace boardlab::cli
