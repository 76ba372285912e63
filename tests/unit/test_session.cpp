// The session layer: the agent protocol (every request checked whole) and the play session
// (records, undo and redo to a person's turn, saving and loading, the seeds of a game).
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "helpers.h"
#include "session/agent_protocol.h"

using namespace boardlab;

namespace {
nlohmann::json ask(AgentServer& server, const std::string& request) { return nlohmann::json::parse(server.reply(request)); }
}  // namespace

TEST_CASE("The agent protocol answers a position with a legal move and the position after it", "[session]") {
  auto game = testing::bundled("dipole");
  AgentServer server(game->def_ptr(), AgentSpec::parse("greedy"), 1);
  const auto r = ask(server, R"({"position": "white e1=ww g3=b"})");
  CHECK(r.at("move") == "e1-g3");  // the capture that wins
  CHECK(r.at("position") == "black g3=ww");
  CHECK(ask(server, R"({"position": "black g3=ww"})").at("error") ==
        "the game is over: white wins (the other side has no piece left)");
}

TEST_CASE("The agent protocol takes gnubg's counts for a track game", "[session]") {
  auto game = testing::bundled("hypergammon");
  AgentServer server(game->def_ptr(), AgentSpec::parse("greedy"), 1);
  // Three checkers each on their 24, 23 and 22 points, white to play 3-1.
  std::vector<int> side(26, 0);
  side[24] = side[23] = side[22] = 1;
  nlohmann::json req = {{"to_move", 0}, {"dice", {3, 1}}, {"sides", {side, side}}};
  const auto r = ask(server, req.dump());
  INFO(r.dump());
  REQUIRE(r.contains("move"));
  CHECK(r.at("sides").size() == 2);
}

TEST_CASE("The agent protocol refuses a bad request with a reason, never a crash", "[session]") {
  auto game = testing::bundled("hypergammon");
  AgentServer server(game->def_ptr(), AgentSpec::parse("random"), 1);
  std::vector<int> side(26, 0);
  side[24] = side[23] = side[22] = 1;
  auto with = [&](const std::string& key, const nlohmann::json& value) {
    nlohmann::json req = {{"to_move", 0}, {"dice", {3, 1}}, {"sides", {side, side}}};
    req[key] = value;
    return ask(server, req.dump()).value("error", "");
  };
  CHECK_THAT(with("to_move", 5), Catch::Contains("the side to move is a player number from 0 to 1"));
  CHECK_THAT(with("to_move", -1), Catch::Contains("the side to move is a player number"));
  CHECK_THAT(with("to_move", 1e20), Catch::Contains("to_move must be a whole number"));
  CHECK_THAT(with("to_move", "0"), Catch::Contains("to_move must be a whole number"));
  CHECK_THAT(with("dice", {3, 9}), Catch::Contains("a die shows 1 to 6, not 9"));
  CHECK_THAT(with("dice", {259, 1}), Catch::Contains("a die shows 1 to 6, not 259"));
  CHECK_THAT(with("dice", {3, 1, 2}), Catch::Contains("this game rolls 2 dice"));
  std::vector<int> negative = side;
  negative[0] = -5;
  CHECK_THAT(with("sides", {negative, side}), Catch::Contains("a count is from 0 to"));
  CHECK_THAT(with("sides", {side}), Catch::Contains("sides must be 2 lists of counts"));
  CHECK_THAT(with("sides", {std::vector<int>(3, 0), side}), Catch::Contains("each side has 26 counts"));
  CHECK_THAT(ask(server, "not json").value("error", ""), Catch::Contains("parse error"));
  CHECK_THAT(ask(server, "[1, 2]").value("error", ""), Catch::Contains("a request is a JSON object"));
  CHECK_THAT(ask(server, R"({"position": 7})").value("error", ""), Catch::Contains("position must be a position text"));
  CHECK_THAT(ask(server, R"({"position": "white 1=w"})").value("error", ""), Catch::Contains("no dice"));
}
