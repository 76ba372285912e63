// Fuzz target: a request line to `boardlab agent` from another program. Input: a byte that
// picks a bundled game, then the line. Every line gets one reply, a JSON object with a move
// or an error, and the server goes on.
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include "definition/bundled.h"
#include "fuzz_support.h"
#include "session/agent_protocol.h"

using namespace boardlab;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  static std::map<const GameDef*, std::unique_ptr<AgentServer>> servers;
  const Rules& rules = fuzz::bundled(data[0]);
  auto& server = servers[&rules.def()];
  if (!server) server = std::make_unique<AgentServer>(rules.def_ptr(), AgentSpec::parse("random"), 1);
  const std::string reply = server->reply(fuzz::text(data, size, 1));
  const auto j = nlohmann::json::parse(reply, nullptr, false);
  fuzz::require(!j.is_discarded() && j.is_object(), "a reply is a JSON object");
  fuzz::require(j.contains("move") != j.contains("error"), "a reply holds a move or an error");
  fuzz::require(reply.find('\n') == std::string::npos, "a reply is one line");
  return 0;
}
