// `boardlab serve`: the web front end. An HTTP server (cpp-httplib) that hands every request
// to the web API (web/web_api.h) and sends back its reply; nothing else happens here.
#include <fmt/format.h>
#include <httplib.h>
#include <malloc.h>

#include "commands.h"
#include "common.h"
#include "http_guard.h"
#include "web/web_api.h"

namespace boardlab::cli {

namespace {

struct ServeArgs {
  std::string host = "127.0.0.1";
  int port = 0;
  double idle_minutes = 60;
  size_t max_games = 64;
  double think_seconds = 10;
  double request_seconds = WebApi::Config{}.request_seconds;
  std::vector<std::string> definitions;
};

}  // namespace

Runner add_serve(CLI::App& app) {
  auto* cmd = app.add_subcommand("serve", "Play and watch in the browser: a local web page for every game");
  auto a = std::make_shared<ServeArgs>();
  cmd->add_option("definitions", a->definitions, "definition files to offer besides the bundled games");
  cmd->add_option("--host", a->host, "the address to listen on (default 127.0.0.1: this machine only)");
  cmd->add_option("--port", a->port, "the port (default: a free one, printed)")->check(CLI::Range(0, 65535));
  cmd->add_option("--max-games", a->max_games, "games kept at once (default 64)")->check(CLI::Range(1, 10000));
  cmd->add_option("--idle-minutes", a->idle_minutes, "a game untouched this long ends (default 60)")
      ->check(CLI::Range(0.01, 100000.0));
  cmd->add_option("--request-seconds", a->request_seconds,
                  "the time a connection has to send its request (and to take its reply) before it is cut (default 20)")
      ->check(CLI::Range(0.1, 3600.0));
  cmd->add_option("--think-seconds", a->think_seconds,
                  "the longest a computer move may think, whatever a seat's spec asks (default 10)")
      ->check(CLI::Range(0.01, 86400.0));
  return [a] {
    WebApi::Config config{a->definitions, a->max_games, a->idle_minutes * 60};
    config.agents.seconds = a->think_seconds;
    config.request_seconds = a->request_seconds;
    // Search trees come and go with each computer move, on whichever worker thread: glibc
    // would keep each one's freed memory in that thread's arena (RSS grew to 16 arenas x a
    // tree). Blocks of 1 MiB and more are mapped and unmapped instead, always.
    mallopt(M_MMAP_THRESHOLD, 1 << 20);
    WebApi api(config);
    GuardedServer server({config.workers, config.per_client, config.request_seconds});
    server.set_payload_max_length(WebApi::kMaxBody);
    const auto handle = server.guard([&api](const httplib::Request& rq, httplib::Response& res) {
      const WebResponse r = api.handle({rq.method, rq.path, rq.body});
      res.status = r.status;
      res.set_header("Cache-Control", "no-store");
      res.set_content(r.body, r.type.c_str());
    });
    server.Get(".*", handle).Post(".*", handle).Delete(".*", handle);
    const int port = a->port ? (server.bind_to_port(a->host.c_str(), a->port) ? a->port : -1)
                             : server.bind_to_any_port(a->host.c_str());
    if (port < 0) throw UsageError(fmt::format("cannot listen on {}:{}", a->host, a->port));
    server.guard_port(port);
    const std::string shown = a->host.find(':') != std::string::npos ? "[" + a->host + "]" : a->host;
    fmt::print("boardlab serves on http://{}:{}/ (Ctrl-C stops it)\n", shown, port);
    std::fflush(stdout);
    if (!server.listen_after_bind()) throw std::runtime_error("the server stopped with an error");
    return kExitOk;
  };
}

}  // namespace boardlab::cli
