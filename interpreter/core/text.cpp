// Small text helpers: edit distance for "did you mean", joining and splitting.
#include "core/text.h"

#include <atomic>
#include <charconv>
#include <chrono>
#include <cstring>
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <sstream>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace boardlab {

size_t edit_distance(std::string_view a, std::string_view b) {
  // Optimal string alignment: insertions, deletions, substitutions, and two neighbouring
  // letters swapped, each one edit ("hlep" is one edit from "help", the commonest slip).
  std::vector<size_t> before(b.size() + 1), prev(b.size() + 1), row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      row[j] = std::min({prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) row[j] = std::min(row[j], before[j - 2] + 1);
    }
    std::swap(before, prev);
    std::swap(prev, row);
  }
  return prev[b.size()];
}

std::string closest(std::string_view word, const std::vector<std::string>& candidates) {
  // Short names are too alike to guess between: no suggestion below three letters.
  std::string best;
  size_t best_d = word.size() < 3 ? 0 : std::max<size_t>(1, word.size() / 3) + 1;
  for (const auto& c : candidates) {
    size_t d = edit_distance(word, c);
    if (d < best_d) {
      best_d = d;
      best = c;
    }
  }
  return best;
}

std::string join(const std::vector<std::string>& parts, std::string_view sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i) out += sep;
    out += parts[i];
  }
  return out;
}

std::vector<std::string> split(std::string_view s, char sep) {
  std::vector<std::string> out;
  for (size_t at = 0;;) {
    const size_t next = s.find(sep, at);
    out.emplace_back(s.substr(at, next == std::string_view::npos ? std::string_view::npos : next - at));
    if (next == std::string_view::npos) return out;
    at = next + 1;
  }
}

std::vector<std::string> split_ws(std::string_view s) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    size_t j = i;
    while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
    if (j > i) out.emplace_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

std::string trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

std::optional<std::string> read_text_file(const std::string& path, size_t max_bytes, std::string* why) {
  auto fail = [&](std::string reason) -> std::optional<std::string> {
    if (why) *why = std::move(reason);
    return std::nullopt;
  };
  // Asked what it is before it is opened (opening a device may do something: rewind a
  // tape, hang up a line), and again once open, so that a name swapped in between is seen:
  // the same file or none. O_NONBLOCK: opening a FIFO with no writer would wait forever.
  struct stat named {};
  if (::stat(path.c_str(), &named) != 0) return fail(errno == ENOENT ? "no such file" : "cannot read the file");
  if (!S_ISREG(named.st_mode)) return fail("not a regular file");
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return fail(errno == ENOENT ? "no such file" : "cannot read the file");
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) return fail("cannot read the file");
  if (!S_ISREG(st.st_mode) || st.st_dev != named.st_dev || st.st_ino != named.st_ino)
    return fail("not a regular file (it changed while it was opened)");
  if (static_cast<uint64_t>(st.st_size) > max_bytes) return fail(fmt::format("the file is larger than {} MiB", max_bytes >> 20));
  std::string text(static_cast<size_t>(st.st_size), '\0');
  size_t got = 0;
  while (got < text.size()) {
    const ssize_t n = ::read(fd, text.data() + got, text.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return fail("cannot read the file");
    if (n == 0) break;  // a file that shrank meanwhile
    got += static_cast<size_t>(n);
  }
  text.resize(got);
  return text;
}

void write_text_file(const std::string& path, const std::string& text) {
  namespace fs = std::filesystem;
  // A temporary file of its own beside the target (so that the rename stays on one file
  // system), created exclusively: a link planted at a fixed name such as PATH.tmp made the
  // write land on the link's target, and two processes writing one path shared that name.
  const fs::path target(path);
  const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
  static std::atomic<unsigned> counter{0};
  int fd = -1;
  std::string tmp;
  for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
    tmp = (folder / fmt::format(".{}.{}-{}-{}.tmp", target.filename().string(), ::getpid(), counter++,
                                std::chrono::steady_clock::now().time_since_epoch().count() & 0xffffff))
              .string();
    fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST) throw std::runtime_error(fmt::format("cannot write {}: {}", path, std::strerror(errno)));
  }
  if (fd < 0) throw std::runtime_error(fmt::format("cannot write {}: no free temporary name beside it", path));
  // Any failure leaves no temporary file behind, and says why (errno, read before closing).
  auto fail = [&]() {
    const std::string why = std::strerror(errno);
    if (fd >= 0) ::close(fd);
    ::unlink(tmp.c_str());
    throw std::runtime_error(fmt::format("cannot write {}: {}", path, why));
  };
  for (size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail();
    done += static_cast<size_t>(n);
  }
  // On the disk before the rename: a crash then leaves the old file or the new one, whole.
  if (::fsync(fd) != 0) fail();
  const int closed = ::close(fd);
  fd = -1;
  if (closed != 0 || ::rename(tmp.c_str(), path.c_str()) != 0) fail();
}

std::optional<long long> parse_int(std::string_view s) {
  long long v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || s.empty()) return std::nullopt;
  return v;
}

std::optional<bool> parse_bool(std::string_view s) {
  if (s == "true" || s == "yes" || s == "on") return true;
  if (s == "false" || s == "no" || s == "off") return false;
  return std::nullopt;
}

std::string escape_control(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) out += fmt::format("\\x{:02x}", c);
    else out += ch;
  }
  return out;
}

std::pair<std::string, std::string> parse_key_value(std::string_view text, std::string_view what) {
  const size_t eq = text.find('=');
  std::string key = eq == std::string_view::npos ? "" : trim(text.substr(0, eq));
  std::string value = eq == std::string_view::npos ? "" : trim(text.substr(eq + 1));
  if (key.empty() || value.empty())
    throw std::invalid_argument(std::string(what) + " takes key=value, not '" + std::string(text) + "'");
  return {std::move(key), std::move(value)};
}

}  // namespace boardlab
