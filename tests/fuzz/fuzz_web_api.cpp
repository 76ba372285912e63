// Fuzz target: a request to `boardlab serve`'s web API. Input: a byte that picks the method
// (GET, POST, DELETE), a byte that picks a bundled game, then the path up to a newline and
// the body. "ID" in the path stands for a game of the picked kind in play (a person against
// the random agent, made again when it ends), so that the fuzzer reaches every action. Every
// request gets a reply: JSON under /api/, a status that names the client's mistake, never
// a server error. Repeats in the input expand (fuzz_support.h), and the mutator puts in
// the shapes that broke the API before: numbers past 2^32 and 1e400, 49 legs, deep nesting.
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include "fuzz_support.h"
#include "web/web_api.h"

using namespace boardlab;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  // Games idle for a second expire; a computer move thinks a hundredth of a second at most.
  static WebApi api([] {
    WebApi::Config c{{}, 16, 1};
    c.agents.seconds = 0.01;
    return c;
  }());
  static std::map<std::string, std::string> games;  // game -> an id in play
  static const char* methods[] = {"GET", "POST", "DELETE"};
  const std::string method = methods[data[0] % 3];
  const std::string& game = fuzz::bundled(data[1]).def().name;
  const std::string rest = fuzz::expand(fuzz::text(data, size, 2));
  const size_t nl = rest.find('\n');
  std::string path = rest.substr(0, nl), body = nl == std::string::npos ? "" : rest.substr(nl + 1);
  if (const size_t at = path.find("ID"); at != std::string::npos) {
    std::string& id = games[game];
    const WebResponse now = api.handle({"GET", "/api/games/" + id, ""});
    if (id.empty() || now.status != 200 || nlohmann::json::parse(now.body).value("to_move", "") == "nobody") {
      const WebResponse made = api.handle({"POST", "/api/games", nlohmann::json{{"game", game}, {"seats", {"human", "random"}}}.dump()});
      if (made.status == 503) return 0;  // the store is full (games the fuzzer made): they expire
      fuzz::require(made.status == 201, "a new game of a bundled game starts");
      id = nlohmann::json::parse(made.body).at("id").get<std::string>();
    }
    path.replace(at, 2, id);
  }
  const WebResponse r = api.handle({method, path, body});
  fuzz::require(r.status == 200 || r.status == 201 || (r.status >= 400 && r.status < 500) || r.status == 503,
                "a reply is a success or names the client's mistake");
  if (path.starts_with("/api/")) {
    const auto j = nlohmann::json::parse(r.body, nullptr, false);
    fuzz::require(!j.is_discarded() && j.is_object(), "an API reply is a JSON object");
    fuzz::require(r.status < 300 || j.contains("error"), "an error reply says what is wrong");
  }
  return 0;
}

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size, unsigned seed) {
  return fuzz::mutate_hostile(data, size, max_size, seed);
}
