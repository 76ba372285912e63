// The guards around cpp-httplib's server (http_guard.h).
#include "http_guard.h"

#include <netdb.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <optional>
#include <nlohmann/json.hpp>
#include <vector>

namespace boardlab::cli {

namespace {

// An address and port as numbers, the way httplib's Request names the client.
std::pair<std::string, int> numeric(const sockaddr_storage& addr, socklen_t len) {
  char host[NI_MAXHOST], port[NI_MAXSERV];
  if (::getnameinfo(reinterpret_cast<const sockaddr*>(&addr), len, host, sizeof(host), port, sizeof(port),
                    NI_NUMERICHOST | NI_NUMERICSERV) != 0)
    return {"", 0};
  return {host, std::atoi(port)};
}

// The watchdog asks the kernel about descriptors that httplib's workers own and close, by
// design, and checks a descriptor's peer again before it cuts it. These calls go to the
// kernel directly: the thread sanitizer models a descriptor as memory, took those looks for
// races, and (clang 14) crashed inside its own report of one (CI, "CHECK failed:
// sanitizer_common.h:494" in the fstat of this scan).
int socket_name(int fd, sockaddr_storage& addr, socklen_t& len, bool peer) {
  len = sizeof(addr);
  return static_cast<int>(::syscall(peer ? SYS_getpeername : SYS_getsockname, fd, &addr, &len));
}

// The client at the other end of `fd`, if it is a connection to local port `port` (a
// descriptor that is no socket fails the first question).
std::optional<std::pair<std::string, int>> client_of(int fd, int port) {
  sockaddr_storage addr{};
  socklen_t len = 0;
  if (socket_name(fd, addr, len, false) != 0 || numeric(addr, len).second != port) return std::nullopt;
  if (socket_name(fd, addr, len, true) != 0) return std::nullopt;  // the listening socket
  auto peer = numeric(addr, len);
  if (peer.first.empty()) return std::nullopt;
  return peer;
}

}  // namespace

GuardedServer::GuardedServer(Limits limits) : limits_(limits) {
  new_task_queue = [workers = limits_.workers] { return new httplib::ThreadPool(workers); };
  // The library's own refusals (a malformed request line, a body past the payload limit)
  // come with an empty body: give them the API's JSON form.
  set_error_handler(HandlerWithResponse([](const httplib::Request& rq, httplib::Response& res) {
    if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
    const bool no_length = (rq.method == "POST" || rq.method == "PUT") && !rq.has_header("Content-Length");
    const std::string why = res.status == 413 ? "the request is too large"
                            : res.status == 400 && no_length
                                ? "a POST needs a Content-Length header (0 when it has no body)"
                            : res.status == 400 ? "the request is not a well-formed HTTP request"
                                                : "the request was refused (HTTP status " + std::to_string(res.status) + ")";
    res.set_content(nlohmann::json{{"error", why}}.dump(), "application/json");
    return httplib::Server::HandlerResponse::Handled;
  }));
}

GuardedServer::~GuardedServer() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (watchdog_.joinable()) watchdog_.join();
}

GuardedServer::Clock::time_point GuardedServer::from_now() const {
  return Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limits_.request_seconds));
}

void GuardedServer::guard_port(int port) {
  port_ = port;
  // The library listens with a backlog of 5: a burst of clients overflowed it, and each one
  // past it waited a second for its SYN to be sent again. Listening again sets the backlog.
  ::listen(svr_sock_, SOMAXCONN);
  watchdog_ = std::thread([this] { watchdog(); });
}

httplib::Server::Handler GuardedServer::guard(httplib::Server::Handler handler) {
  return [this, handler = std::move(handler)](const httplib::Request& rq, httplib::Response& res) {
    const Peer peer{rq.remote_addr, rq.remote_port};
    const auto mark = [this, &peer](bool busy) {
      std::lock_guard lock(mutex_);
      Connection& c = open_[peer];
      c.busy = busy;
      c.deadline = from_now();
    };
    mark(true);
    struct Done {
      std::function<void(bool)> then;
      ~Done() { then(false); }
    } done{mark};
    handler(rq, res);
  };
}

void GuardedServer::watchdog() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    wake_.wait_for(lock, std::chrono::milliseconds(200));
    if (!stopping_) sweep();
  }
}

void GuardedServer::sweep() {
  // The server's connections now, by socket.
  std::vector<std::pair<int, Peer>> now;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator("/proc/self/fd", ec)) {
    int fd = -1;
    try {
      fd = std::stoi(e.path().filename().string());
    } catch (const std::exception&) {
      continue;
    }
    if (auto peer = client_of(fd, port_)) now.emplace_back(fd, *peer);
  }
  // Connections seen for the first time get their deadline; those gone are forgotten.
  std::map<Peer, Connection> open;
  for (const auto& [fd, peer] : now) {
    auto it = open_.find(peer);
    open[peer] = it != open_.end() ? it->second : Connection{from_now()};
  }
  for (auto& [peer, c] : open_)
    if (c.busy) open.emplace(peer, c);  // a handler's connection the scan missed: keep its mark
  open_.swap(open);
  // One address holds at most per_client connections: the newest beyond that are cut.
  std::map<std::string, std::vector<std::pair<Clock::time_point, Peer>>> by_address;
  for (const auto& [peer, c] : open_)
    if (!c.busy && !c.cut) by_address[peer.first].emplace_back(c.deadline, peer);
  std::vector<std::pair<Clock::time_point, Peer>> waiting;  // every idle connection, oldest first
  for (auto& [address, list] : by_address) {
    std::sort(list.begin(), list.end());
    for (size_t i = limits_.per_client; i < list.size(); ++i) open_[list[i].second].deadline = Clock::time_point{};
    waiting.insert(waiting.end(), list.begin(), list.end());
  }
  // Under pressure, the oldest idle connections go first: a few addresses, each within its
  // share, could still hold every worker until their deadlines (200 dripping connections
  // from 4 addresses held other clients 17-18 s). Past three quarters of the workers, those
  // open for a second or more are cut, the oldest first, down to that mark; a client that
  // sends its request within the second is never cut for it.
  const size_t mark = limits_.workers - limits_.workers / 4;
  const auto t = Clock::now();
  if (waiting.size() > mark) {
    std::sort(waiting.begin(), waiting.end());
    // A deadline is the time first seen plus request_seconds.
    const auto opened_before = t - std::chrono::seconds(1) + std::chrono::duration_cast<Clock::duration>(
                                                                 std::chrono::duration<double>(limits_.request_seconds));
    for (size_t i = 0; i < waiting.size() - mark && waiting[i].first <= opened_before; ++i)
      open_[waiting[i].second].deadline = Clock::time_point{};
  }
  for (const auto& [fd, peer] : now) {
    Connection& c = open_[peer];
    if (c.busy || c.cut || t <= c.deadline) continue;
    // Asked again just before: the number may have been closed and given to another meanwhile.
    if (client_of(fd, port_) != std::optional<Peer>(peer)) continue;
    ::syscall(SYS_shutdown, fd, SHUT_RDWR);  // the worker's read or write fails at once, and it closes the socket
    c.cut = true;
  }
}

}  // namespace boardlab::cli
