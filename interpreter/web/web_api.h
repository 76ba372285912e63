// The web API of `boardlab serve`: HTTP requests (method, path, body) to replies, over the
// play session library, with no rules or play logic of its own. The HTTP server itself
// lives in the CLI; this is all that decides, so tests and fuzzers call it directly.
//
// Requests come from strangers: a body is at most kMaxBody bytes of JSON, every field is
// checked, games are at most `max_games` at once and expire after `idle_seconds`
// untouched, and only the bundled games and the definitions named at start-up open.
// docs/serve.md lists the endpoints.
#pragma once
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <semaphore>
#include <string>
#include <vector>

#include "agents/params.h"
#include "definition/game_def.h"

namespace boardlab {

struct WebRequest {
  std::string method, path, body;
};
struct WebResponse {
  int status = 200;
  std::string type = "application/json", body;
};

class WebApi {
 public:
  static constexpr size_t kMaxBody = 1 << 20;
  struct Config {
    std::vector<std::string> definitions;  // files named on the command line
    size_t max_games = 64;
    double idle_seconds = 3600;
    // What idleness is measured with; a test passes its own clock so that expiry does not
    // depend on how fast the machine runs.
    std::function<std::chrono::steady_clock::time_point()> clock = std::chrono::steady_clock::now;
    // What a seat's agent spec may use: the limits of specs from files (a search's table at
    // most 2^20 entries, 24 MB; two threads; no weights file a request names), a computer
    // move stops within `seconds`, and mcts trees of at most 64 MiB, freed between moves so
    // that a waiting game holds none.
    // Computer moves and hints thinking at once, across all games (0: one per core, at least
    // two): searches are CPU-bound, so more would only slow each; a request that finds them
    // all busy for `wait_seconds` is answered 503.
    int searches = 0;
    double wait_seconds = 30;
    // The HTTP server's side (cli/http_guard.h), here so that one place holds the server's
    // limits: connections served at once, of them from one client address, and the time a
    // connection has to send its request (or take its reply) before it is cut.
    size_t workers = 128;
    size_t per_client = 64;
    double request_seconds = 20;
    AgentLimits agents = [] {
      AgentLimits l = AgentLimits::from_file();
      l.seconds = 10, l.tree_mb = 64, l.keep_trees = false;
      return l;
    }();
  };
  // Opens every definition named (throws what open_definition throws for a bad one).
  explicit WebApi(Config config);
  ~WebApi();
  WebResponse handle(const WebRequest& request);
  size_t games();  // in play now (idle ones expire first)

 private:
  struct Game;
  class SearchSlot;
  struct Catalog {
    std::string key, file;  // what a request names, and what opens
    GameDefPtr def;
  };
  WebResponse route(const WebRequest& request);
  WebResponse create(const std::string& body);
  WebResponse act(Game& game, const std::string& verb, const std::string& method, const std::string& body);
  std::shared_ptr<Game> find(const std::string& id);
  void expire();
  const Catalog* entry(const std::string& key) const;
  std::string public_text(std::string text) const;  // a message without the server's folders

  Config config_;
  std::vector<Catalog> catalog_;
  WebResponse catalog_reply_;  // GET /api/catalog: the games do not change
  std::mutex mutex_;  // guards games_ and next_id_
  std::map<std::string, std::shared_ptr<Game>> games_;
  uint64_t next_id_;
  std::vector<std::string> private_dirs_;  // each ending in '/', the longest first
  std::unique_ptr<std::counting_semaphore<4096>> searches_;  // Config::searches
};

}  // namespace boardlab
