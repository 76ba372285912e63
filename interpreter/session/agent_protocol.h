// The agent protocol: an agent behind one JSON request per line and one JSON reply per line,
// for other programs to play against (`boardlab agent`). Requests come from strangers: each
// is checked whole, and a bad one gets an error reply, never a crash.
//
//   {"position": "white dice:3,1 ..."}                    any game, with the roll to play
//   {"to_move": 0, "dice": [3, 1], "sides": [[...], [...]]}  a track game, gnubg's counts:
//                                                          each side's [bar, points 1..n, off]
// Replies: {"move": TEXT, "position": TEXT after it} (and "sides" after it in a track game),
// or {"error": TEXT}. A position whose only move is a pass gets the pass.
#pragma once
#include <iosfwd>
#include <memory>
#include <string>

#include "agents/agent.h"

namespace boardlab {

class AgentServer {
 public:
  static constexpr size_t kMaxRequest = 1 << 20;  // bytes in one request line
  // Throws std::invalid_argument for an agent that cannot play this game.
  AgentServer(GameDefPtr def, const AgentSpec& spec, uint64_t seed);
  // The reply to one request line (without its newline).
  std::string reply(const std::string& request);
  // Serves requests from `in` to `out` until the end of `in`: every line gets a reply, a line
  // longer than kMaxRequest an error (its bytes past the limit are not kept).
  void serve(std::istream& in, std::ostream& out);

 private:
  State read_request(const std::string& request) const;

  ThreadRules rules_;
  std::unique_ptr<Agent> agent_;
  MoveList moves_;
};

}  // namespace boardlab
