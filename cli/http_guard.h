// GuardedServer: cpp-httplib's server with the guards a server for strangers needs, which
// the library lacks. Its read timeout is per read, so a client sending a byte a second holds
// a worker thread forever (12 such clients starved the 8 workers). Here a watchdog gives each
// connection a deadline for sending its request (and for taking its reply) and shuts the
// socket when it passes; one client address holds at most a share of the workers; and the
// library's own error replies (a malformed request, a body too large) carry a JSON body as
// every reply of the API does.
//
// The library hands a connection's socket to no code of ours before the request is read
// (its per-connection function is private), so the watchdog finds the server's connections
// among the process's open sockets: those whose local port is the server's.
#pragma once
#include <httplib.h>

#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

namespace boardlab::cli {

class GuardedServer : public httplib::Server {
 public:
  struct Limits {
    size_t workers;          // connections served at once
    size_t per_client;       // of them from one address
    double request_seconds;  // to send a request, or take a reply, on one connection
  };
  explicit GuardedServer(Limits limits);
  ~GuardedServer() override;

  // Once bound: a backlog for bursts of clients, and the watchdog over the connections to
  // `port` (the one the server is bound to).
  void guard_port(int port);
  // Wraps a handler: while it runs, its connection has no deadline (the API bounds its own
  // work), and the deadline starts again for the reply and the next request.
  httplib::Server::Handler guard(httplib::Server::Handler handler);

 private:
  using Clock = std::chrono::steady_clock;
  using Peer = std::pair<std::string, int>;  // the client's address and port, as httplib names them
  struct Connection {
    Clock::time_point deadline;
    bool busy = false;  // a handler runs for it
    bool cut = false;
  };
  void watchdog();
  void sweep();  // one look at the open connections, under mutex_
  Clock::time_point from_now() const;

  Limits limits_;
  int port_ = -1;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::map<Peer, Connection> open_;
  std::thread watchdog_;
};

}  // namespace boardlab::cli
