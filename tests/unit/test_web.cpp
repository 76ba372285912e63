// The web layer of `boardlab serve`: move routes (legs) on every bundled game and board
// kind, and every endpoint of the web API, bad requests included.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <numeric>

#include "definition/bundled.h"
#include "helpers.h"
#include "rules/game_loop.h"
#include "state/position_text.h"
#include "rules/action_ids.h"
#include "state/move_route.h"
#include "web/web_api.h"

using namespace boardlab;
using nlohmann::json;

namespace {

// The legs of the legal move `text` in `position`, as "stop>stop#count" strings.
std::vector<std::string> legs_of(const Rules& game, const std::string& position, const std::string& text) {
  State s = parse_position(game.def(), position);
  MoveList moves;
  game.legal_moves(s, moves);
  const auto parsed = game.notation(s, moves).parse(text);
  INFO(parsed.error);
  REQUIRE(parsed.index >= 0);
  std::vector<std::string> out;
  for (const auto& leg : move_legs(s, moves[parsed.index])) {
    std::string t;
    for (int l : leg.stops) t += (t.empty() ? "" : ">") + location_name(game.def(), l);
    out.push_back(t + "#" + std::to_string(leg.count));
  }
  return out;
}

}  // namespace

namespace {

// Plays at random, checking on the way that every legal move's legs partition its actions
// and, played in order, make the move; counts the positions where two moves have the same
// legs (clicks alone cannot tell them apart: the page then offers each as a button with its
// notation), and the moves that share their legs and their notation too (nothing can).
class LegChecker : public Player {
 public:
  explicit LegChecker(Rng& rng) : random_(rng) {}
  long moves = 0, shared = 0, ambiguous = 0;
  int choose(const Rules& rules, const State& s, const MoveList& legal) override {
    std::vector<std::vector<std::string>> keys;
    const auto texts = rules.move_texts(s, legal);
    for (int i = 0; i < legal.size(); ++i) {
      const Move& m = legal[i];
      const auto legs = move_legs(s, m);
      std::vector<int> used, order;
      std::vector<std::string> key;
      for (size_t k = 0; k < legs.size(); ++k) {
        REQUIRE(legs[k].stops.size() >= 2);
        for (int l : legs[k].stops) REQUIRE(l < s.def().board.ncells);  // a cell, or a reserve slot below 0
        used.insert(used.end(), legs[k].actions.begin(), legs[k].actions.end());
        order.push_back(static_cast<int>(k));
        key.push_back(fmt::format("{}#{}", fmt::join(legs[k].stops, ">"), legs[k].count));
      }
      std::sort(key.begin(), key.end());
      key.push_back(texts[static_cast<size_t>(i)]);  // last: the button's text
      keys.push_back(key);
      ++moves;
      // The route action ids read (move_route) is the legs' without making them.
      const MoveRoute route = move_route(s, m);
      REQUIRE(route.legs == static_cast<int>(legs.size()));
      if (!legs.empty()) {
        REQUIRE(route.from == legs.front().stops.front());
        REQUIRE(route.to == legs.back().stops.back());
        REQUIRE(route.count == legs.front().count);
      }
      if (legs.empty()) continue;  // a pass
      std::sort(used.begin(), used.end());
      std::vector<int> all(m.count);
      std::iota(all.begin(), all.end(), 0);
      REQUIRE(used == all);
      State whole = s;
      whole.apply(m);
      REQUIRE(after_legs(s, m, legs, order).same_position(whole));
    }
    // Action ids: unique in the position, each its move's route plus a multiple of the space.
    const ActionIds ids(s.def());
    std::vector<int64_t> numbers;
    ids.ids(s, legal, numbers);
    std::set<int64_t> distinct(numbers.begin(), numbers.end());
    REQUIRE(distinct.size() == numbers.size());
    for (int i = 0; i < legal.size(); ++i) REQUIRE(numbers[static_cast<size_t>(i)] % ids.num_distinct() == ids.key(s, legal[i]));
    std::sort(keys.begin(), keys.end());
    const auto same_legs = [](const auto& a, const auto& b) { return std::equal(a.begin(), a.end() - 1, b.begin(), b.end() - 1); };
    if (std::adjacent_find(keys.begin(), keys.end(), same_legs) != keys.end()) ++shared;
    if (std::adjacent_find(keys.begin(), keys.end()) != keys.end()) {
      ++ambiguous;
      UNSCOPED_INFO("two moves with the same legs and the same notation in " << position_text(s));
    }
    return random_.choose(rules, s, legal);
  }

 private:
  RandomPlayer random_;
};

}  // namespace

TEST_CASE("Every legal move's legs use each of its actions once and, played in order, make the move; its route and id agree", "[web]") {
  for (const auto& path : bundled_definitions()) {
    auto game = testing::bundled(std::filesystem::path(path).stem().string());
    INFO(game->def().name);
    Rng rng(1);
    LegChecker checker(rng);
    std::vector<Player*> seats(static_cast<size_t>(game->def().nplayers()), &checker);
    GameLoop loop;
    for (int g = 0; g < testing::random_games(10); ++g) {
      State s = game->initial();
      loop.play(*game, s, seats, rng, 400);
    }
    CHECK(checker.moves > 0);
    CHECK(checker.ambiguous == 0);
    // Moves that share their legs are few: Hex's swap (Blue's stone where a plain placement
    // may go, on Blue's first turn) and Fanorona's approach and withdrawal by one step. The
    // draughts, stacks and dice games have none.
    const bool may_share = game->def().option("swap") || game->def().option("opening");
    if (!may_share) CHECK(checker.shared == 0);
  }
}

TEST_CASE("Legs: a capture chain stops on every landing square, a dice turn has a leg per die", "[web]") {
  auto draughts = testing::bundled("english-checkers");
  CHECK(legs_of(*draughts, "white c3=w d4=b d6=b", "c3xe5xc7") == std::vector<std::string>{"c3>e5>c7#1"});
  auto stacks = testing::bundled("death-stacks");
  // Two of a stack of three go two squares: the count is the leg's.
  CHECK(legs_of(*stacks, "red c3=rrr f6=b", "c3-c5/2") == std::vector<std::string>{"c3>c5#2"});
  auto hyper = testing::bundled("hypergammon");
  // Entering from the bar and bearing off are legs from and to a reserve slot.
  CHECK(legs_of(*hyper, "white dice:3,1 bar:w=1 20=ww 1=bbb", "bar/22 20/19") ==
        std::vector<std::string>{"@bar>22#1", "20>19#1"});
  CHECK(legs_of(*hyper, "white dice:3,1 3=w 1=w 20=bbb off:w=1", "3/off 1/off") ==
        std::vector<std::string>{"3>@off#1", "1>@off#1"});
  // A hit belongs to the leg that lands on it: the first leg alone leaves the blot standing.
  State s = parse_position(hyper->def(), "white dice:3,1 24=www 21=b 1=bb");
  MoveList moves;
  hyper->legal_moves(s, moves);
  const int hit = hyper->notation(s, moves).parse("24/23 24/21*").index;
  REQUIRE(hit >= 0);
  const auto legs = move_legs(s, moves[hit]);
  REQUIRE(legs.size() == 2);
  const int landing = legs[0].stops.back() == hyper->def().board.cell_index("21") ? 0 : 1;
  const State first = after_legs(s, moves[hit], legs, {1 - landing});
  CHECK(first.height(hyper->def().board.cell_index("21")) == 1);
  CHECK(first.owner(hyper->def().board.cell_index("21")) == 1);
  const State both = after_legs(s, moves[hit], legs, {1 - landing, landing});
  CHECK(both.owner(hyper->def().board.cell_index("21")) == 0);
}

namespace {

struct Client {
  WebApi api{WebApi::Config{}};
  json call(const std::string& method, const std::string& path, const json& body = nullptr, int want = 200) {
    const WebResponse r = api.handle({method, path, body.is_null() ? "" : body.dump()});
    INFO(method << " " << path << " -> " << r.status << " " << r.body);
    REQUIRE(r.status == want);
    REQUIRE(r.type == "application/json");
    return json::parse(r.body);
  }
  std::string error(const std::string& method, const std::string& path, const std::string& body, int want) {
    const WebResponse r = api.handle({method, path, body});
    INFO(method << " " << path << " " << body.substr(0, 80) << " -> " << r.status << " " << r.body);
    REQUIRE(r.status == want);
    return json::parse(r.body).at("error").get<std::string>();
  }
};

}  // namespace

TEST_CASE("The web API serves the page and lists the games with their definitions", "[web]") {
  Client c;
  const WebResponse page = c.api.handle({"GET", "/", ""});
  CHECK(page.status == 200);
  CHECK(page.type.starts_with("text/html"));
  CHECK(page.body.find("/app.js") != std::string::npos);
  CHECK(c.api.handle({"GET", "/app.js", ""}).type.starts_with("text/javascript"));
  CHECK(c.api.handle({"GET", "/secret.txt", ""}).status == 404);
  CHECK(c.api.handle({"GET", "/../definitions/dipole.yaml", ""}).status == 404);
  CHECK(c.api.handle({"POST", "/", ""}).status == 405);
  const json cat = c.call("GET", "/api/catalog");
  CHECK(cat.at("games").size() == bundled_definitions().size());
  const json& lasca = *std::find_if(cat["games"].begin(), cat["games"].end(), [](const json& g) { return g["key"] == "lasca"; });
  CHECK(lasca["definition"]["board"]["kind"] == "grid");
  CHECK(lasca["definition"]["players"][1]["top"] == true);
  CHECK(c.error("POST", "/api/catalog", "", 405).find("GET") != std::string::npos);
  CHECK(c.error("GET", "/api/nothing", "", 404).find("no endpoint") != std::string::npos);
}

TEST_CASE("The web API plays a game: moves by text and number, the computer's moves one at a time", "[web]") {
  Client c;
  json g = c.call("POST", "/api/games", {{"game", "breakthrough-6x6"}, {"seats", {"human", "random"}}, {"seed", 3}}, 201);
  const std::string id = g["id"], at = "/api/games/" + id;
  CHECK(g["to_move"] == "human");
  CHECK(g["definition"]["board"]["kind"] == "grid");
  CHECK(!g["legal"].empty());
  const std::string first = g["legal"][0]["text"];
  g = c.call("POST", at + "/move", {{"text", first}});
  CHECK(g["moves"] == json::array({first}));
  CHECK(g["to_move"] == "computer");  // the page asks for each computer move
  CHECK(!g.contains("definition"));
  g = c.call("POST", at + "/step");
  CHECK(g["moves"].size() == 2);
  CHECK(g["to_move"] == "human");
  g = c.call("POST", at + "/move", {{"index", 0}});
  CHECK(g["moves"].size() == 3);
  // Bad moves, bad fields, the wrong turn.
  CHECK(c.error("POST", at + "/move", R"({"text": "a1-a6"})", 409).find("not a person's turn") != std::string::npos);
  c.call("POST", at + "/step");
  CHECK(c.error("POST", at + "/move", R"({"text": "a1-a6"})", 422).find("not a legal move") != std::string::npos);
  CHECK(c.error("POST", at + "/move", R"({"index": 999})", 422).find("no move 999") != std::string::npos);
  CHECK(c.error("POST", at + "/move", R"({"index": "one"})", 400).find("wrong type") != std::string::npos);
  CHECK(c.error("POST", at + "/move", R"([1, 2])", 400).find("JSON object") != std::string::npos);
  CHECK(c.error("POST", at + "/move", "{\"text\": ", 400).find("not JSON") != std::string::npos);
  CHECK(c.error("GET", at + "/move", "", 405).find("POST") != std::string::npos);
  CHECK(c.error("POST", at + "/fly", "", 404).find("no action") != std::string::npos);
  // Undo back to the person's turn before, redo, and nothing more to redo.
  g = c.call("POST", at + "/undo");
  CHECK(g["moves"].size() == 2);
  g = c.call("POST", at + "/redo");
  CHECK(g["moves"].size() == 4);
  CHECK(c.error("POST", at + "/redo", "", 409) == "nothing to redo");
  // A hint, the preview of a move's legs, every position so far, the record.
  const json h = c.call("POST", at + "/hint", {{"count", 2}});
  CHECK(!h["hints"].empty());
  CHECK(c.error("POST", at + "/hint", R"({"count": 0})", 400).find("1 to 20") != std::string::npos);
  const json p = c.call("POST", at + "/preview", {{"move", 0}, {"legs", {0}}});
  CHECK(p["position"]["side"] == c.call("GET", at)["position"]["side"]);
  CHECK(c.error("POST", at + "/preview", R"({"move": 0, "legs": [5]})", 400) == "no such leg");
  CHECK(c.error("POST", at + "/preview", R"({"move": -1})", 422) == "no such legal move");
  const json pos = c.call("GET", at + "/positions");
  CHECK(pos["positions"].size() == 5);
  CHECK(pos["moves"].size() == 4);
  const std::string record = c.call("GET", at + "/record")["text"];
  CHECK(record.find("[Game \"breakthrough-6x6\"]") != std::string::npos);
  // Loading the record into a new game continues it; a record of another game is refused.
  json g2 = c.call("POST", "/api/games", {{"record", record}, {"seats", {"human", "human"}}}, 201);
  CHECK(g2["moves"] == c.call("GET", at)["moves"]);
  CHECK(c.error("POST", "/api/games/" + g2["id"].get<std::string>() + "/load", json{{"text", "[Game \"dipole\"]\n1. white e1-e2\n"}}.dump(), 400)
            .find("not of breakthrough-6x6") != std::string::npos);
  CHECK(c.error("POST", "/api/games/" + g2["id"].get<std::string>() + "/load", R"({"text": "1. nonsense"})", 400).size() > 0);
  // Resigning ends it; then nothing more.
  g = c.call("POST", at + "/resign");
  CHECK(g["to_move"] == "nobody");
  CHECK(g["result"].get<std::string>().find("resign") != std::string::npos);
  CHECK(c.error("POST", at + "/resign", "", 409) == "the game is over");
  c.call("DELETE", at);
  CHECK(c.error("GET", at, "", 404).find("no game") != std::string::npos);
}

TEST_CASE("The web API gives a dice game's rolls beside its moves, and a race's pip counts", "[web]") {
  Client c;
  json g = c.call("POST", "/api/games", {{"game", "hypergammon"}, {"seats", {"random", "random"}}, {"seed", 5}}, 201);
  const std::string at = "/api/games/" + g["id"].get<std::string>();
  CHECK(g["definition"]["doubles"] == 4);
  CHECK(g["position"]["pips"] == json::array({69, 69}));  // three checkers on 24, 23, 22 each
  const json dice = g["position"]["dice"];
  g = c.call("POST", at + "/step");
  REQUIRE(g["moves"].size() == 1);
  CHECK(g["rolls"] == json::array({fmt::format("{}-{}", dice[0].get<int>(), dice[1].get<int>())}));
  g = c.call("POST", "/api/games", {{"game", "breakthrough-6x6"}, {"seats", {"random", "random"}}, {"seed", 5}}, 201);
  CHECK(g["position"]["pips"].is_null());
  g = c.call("POST", "/api/games/" + g["id"].get<std::string>() + "/step");
  CHECK(g["rolls"] == json::array({""}));
}

TEST_CASE("The web API opens a record with its players and the roll it was saved with", "[web]") {
  Client c;
  json g = c.call("POST", "/api/games", {{"game", "hypergammon"}, {"seats", {"human", "level:1"}}, {"seed", 3}}, 201);
  while (g["to_move"] == "computer") g = c.call("POST", "/api/games/" + g["id"].get<std::string>() + "/step");
  REQUIRE(g["to_move"] == "human");
  const std::string text = c.call("GET", "/api/games/" + g["id"].get<std::string>() + "/record")["text"];
  REQUIRE_THAT(text, Catch::Contains("[Roll "));
  json opened = c.call("POST", "/api/games", {{"record", text}}, 201);
  CHECK(opened["seats"] == json::array({"human", "level:1"}));
  CHECK(opened["position"]["dice"] == g["position"]["dice"]);
  // Seats named in the request win.
  opened = c.call("POST", "/api/games", {{"record", text}, {"seats", {"random", "human"}}}, 201);
  CHECK(opened["seats"] == json::array({"random", "human"}));
}

TEST_CASE("The web API refuses bad new games and keeps its games bounded", "[web]") {
  Client c;
  CHECK(c.error("POST", "/api/games", R"({"game": "chess"})", 404).find("no game 'chess'") != std::string::npos);
  CHECK(c.error("POST", "/api/games", R"({"game": "../definitions/dipole.yaml"})", 404).size() > 0);
  CHECK(c.error("POST", "/api/games", R"({"game": "dipole", "seats": ["human"]})", 400).find("2 seats") != std::string::npos);
  CHECK(c.error("POST", "/api/games", R"({"game": "dipole", "seats": ["human", "wizard"]})", 400).size() > 0);
  CHECK(c.error("POST", "/api/games", R"({"game": "dipole", "options": ["nope=1"]})", 400).find("nope") != std::string::npos);
  // A seat's spec reads no file and asks for no more than the server's limits.
  CHECK(c.error("POST", "/api/games", R"({"game": "dipole", "seats": ["human", "greedy:eval=/etc/passwd"]})", 400)
            .find("reads no file") != std::string::npos);
  CHECK(c.error("POST", "/api/games", R"({"game": "dipole", "seats": ["human", "alphabeta:table_bits=28"]})", 400)
            .find("from 10 to 20") != std::string::npos);
  CHECK(c.error("POST", "/api/games", R"({"game": "dipole", "options": "x"})", 400).find("wrong type") != std::string::npos);
  CHECK(c.error("POST", "/api/games", R"({"record": "[Game \"../../etc/passwd\"]"})", 404).size() > 0);
  CHECK(c.error("POST", "/api/games", std::string(WebApi::kMaxBody + 1, ' '), 413).find("larger") != std::string::npos);
  CHECK(c.error("GET", "/api/games/", "", 404).size() > 0);
  CHECK(c.error("GET", "/api/games/0123/record", "", 404).find("no game") != std::string::npos);

  // The store's own clock, so that expiry does not hang on the machine's speed (a loaded
  // sanitizer run once took more than an idle time to make two games).
  auto now = std::make_shared<std::chrono::steady_clock::time_point>();
  WebApi small({{}, 2, 60, [now] { return *now; }});
  const std::string body = R"({"game": "dipole", "seats": ["human", "human"]})";
  CHECK(small.handle({"POST", "/api/games", body}).status == 201);
  CHECK(small.handle({"POST", "/api/games", body}).status == 201);
  const WebResponse full = small.handle({"POST", "/api/games", body});
  CHECK(full.status == 503);
  CHECK(full.body.find("the most this server keeps") != std::string::npos);
  // Idle games expire, which makes room.
  *now += std::chrono::seconds(59);
  CHECK(small.games() == 2);
  *now += std::chrono::seconds(2);
  CHECK(small.games() == 0);
  CHECK(small.handle({"POST", "/api/games", body}).status == 201);
}

TEST_CASE("The web API answers a stranger's mistakes with 4xx and JSON, never 500, a wrapped number or a path", "[web]") {
  Client c;
  json g = c.call("POST", "/api/games", {{"game", "breakthrough-6x6"}, {"seats", {"human", "random"}}, {"seed", 3}}, 201);
  const std::string at = "/api/games/" + g["id"].get<std::string>();
  // Numbers that do not fit: 2^32 + 3 once played move 3; 1e400 was a 500.
  CHECK(c.error("POST", at + "/move", R"({"index": 4294967299})", 400).find("whole number from") != std::string::npos);
  CHECK(c.error("POST", at + "/move", R"({"index": -4294967299})", 400).find("whole number from") != std::string::npos);
  CHECK(c.error("POST", at + "/move", R"({"index": 1e400})", 400).find("not JSON") != std::string::npos);
  CHECK(c.error("POST", at + "/move", R"({"index": 1.5})", 400).find("whole number") != std::string::npos);
  CHECK(c.error("POST", at + "/hint", R"({"count": 4294967298})", 400).find("whole number") != std::string::npos);
  CHECK(c.error("POST", at + "/preview", R"({"move": 4294967296})", 400).find("whole number") != std::string::npos);
  CHECK(c.error("POST", at + "/preview", R"({"move": 0, "legs": [4294967296]})", 400).find("whole number") != std::string::npos);
  // A leg given 49 times made a move longer than any move may be.
  CHECK(c.error("POST", at + "/preview", json{{"move", 0}, {"legs", std::vector<int>(49, 0)}}.dump(), 400) ==
        "leg 0 is given twice");
  // A body nesting 100,000 lists is refused as it is read.
  CHECK(c.error("POST", at + "/move", "{\"text\": " + std::string(100000, '[') + std::string(100000, ']') + "}", 400)
            .find("nests deeper than 64 levels") != std::string::npos);
  // Where the server keeps its files is not in its messages.
  const std::string dir = data_dir();
  const std::string option = c.error("POST", "/api/games", R"({"game": "hypergammon", "options": ["nosuch=1"]})", 400);
  CHECK(option.find("nosuch") != std::string::npos);
  CHECK(option.find(dir) == std::string::npos);
  CHECK(option.find(std::filesystem::absolute(dir).string()) == std::string::npos);
}

TEST_CASE("The web API answers 400 when a game's script refuses the options it was given", "[web]") {
  testing::TempDir dir;
  const std::string path = testing::tiny_definition(
      dir, "if game.options.size > 3 then error('size is at most 3 here') end\nfunction generate() end\n",
      "options:\n  size: {default: 3, min: 1, max: 9, doc: a size}\n");
  WebApi api([&] {
    WebApi::Config c;
    c.definitions = {path};
    return c;
  }());
  const auto made = [&](const std::string& options) {
    return api.handle({"POST", "/api/games", json{{"game", path}, {"options", json::parse(options)}, {"seats", {"human", "human"}}}.dump()});
  };
  CHECK(made("[]").status == 201);
  const WebResponse refused = made(R"(["size=5"])");
  INFO(refused.body);
  CHECK(refused.status == 400);
  CHECK(refused.body.find("size is at most 3 here") != std::string::npos);
  CHECK(refused.body.find(dir.path()) == std::string::npos);  // the definition's folder is the server's business
}
