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
    // What a seat's agent spec may use: a computer move stops within `seconds`, a search's
    // table is at most 2^20 entries (24 MB), two threads, and no weights file a request names.
    AgentLimits agents{10, 20, 2, false};
  };
  // Opens every definition named (throws what open_definition throws for a bad one).
  explicit WebApi(Config config);
  ~WebApi();
  WebResponse handle(const WebRequest& request);
  size_t games();  // in play now (idle ones expire first)

 private:
  struct Game;
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

  Config config_;
  std::vector<Catalog> catalog_;
  WebResponse catalog_reply_;  // GET /api/catalog: the games do not change
  std::mutex mutex_;  // guards games_ and next_id_
  std::map<std::string, std::shared_ptr<Game>> games_;
  uint64_t next_id_;
};

}  // namespace boardlab
