// The session layer: the agent protocol (every request checked whole) and the play session
// (records, undo and redo to a person's turn, saving and loading, the seeds of a game).
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <fmt/format.h>
#include <fstream>
#include <sstream>

#include "core/text.h"
#include "helpers.h"
#include "session/agent_protocol.h"
#include "lab/lab_game.h"
#include "session/play_session.h"
#include "session/viewpoint.h"
#include "state/position_text.h"
#include "definition/bundled.h"
#include "lab/simulation.h"
#include "lab/runs.h"

using namespace boardlab;

namespace {
nlohmann::json ask(AgentServer& server, const std::string& request) { return nlohmann::json::parse(server.reply(request)); }
}  // namespace

TEST_CASE("The agent protocol answers a position with a legal move and the position after it", "[session]") {
  auto game = testing::bundled("dipole");
  AgentServer server(game->def_ptr(), AgentSpec::parse("greedy"), 1);
  const auto r = ask(server, R"({"position": "white e1=ww g3=b"})");
  CHECK(r.at("move") == "e1-g3");  // the capture that wins
  CHECK(r.at("position") == "black ply:1 g3=ww");
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
  CHECK_THAT(ask(server, "not json").value("error", ""), Catch::StartsWith("the request is not JSON: at line 1, column 2: invalid literal (last read: 'no')"));
  CHECK_THAT(ask(server, "[1, 2]").value("error", ""), Catch::Contains("a request is a JSON object"));
  CHECK_THAT(ask(server, R"({"position": 7})").value("error", ""), Catch::Contains("position must be a position text"));
  CHECK_THAT(ask(server, R"({"position": "white 1=w"})").value("error", ""), Catch::Contains("no dice"));
}

namespace {
PlaySession::Setup setup(const std::string& game, std::vector<std::string> seats, uint64_t seed,
                         const std::string& position = "") {
  PlaySession::Setup s;
  s.def = load_game_def(resolve_game(game));
  s.game = game;
  s.seats = std::move(seats);
  s.seed = seed;
  if (!position.empty()) s.start = parse_position(*s.def, position);
  return s;
}
}  // namespace

TEST_CASE("A play session undoes back to the person's turn, replies included, and redoes them", "[session]") {
  PlaySession game(setup("dipole", {"human", "random"}, 3));
  game.advance();
  REQUIRE(game.is_human(game.state().side()));
  const State start = game.state();
  auto parsed = game.parse("e1-f2");
  REQUIRE(parsed.index >= 0);
  game.play(parsed.index);
  game.advance();  // the computer replies
  REQUIRE(game.record().plies.size() == 2);
  CHECK(game.record().plies[0].move == "e1-f2/1");
  const State after = game.state();
  CHECK(game.undo());
  CHECK(game.record().plies.empty());
  CHECK((game.state().same_position(start) && game.state().hash() == start.hash()));
  CHECK_FALSE(game.undo());
  CHECK(game.redo());
  CHECK(game.record().plies.size() == 2);
  CHECK((game.state().same_position(after) && game.state().hash() == after.hash()));
  CHECK_FALSE(game.redo());
  // A number from the list of moves is a move too.
  CHECK(game.parse("1").index == 0);
  CHECK(game.parse("zz9").index < 0);
}

TEST_CASE("A play session saves its record and another one loads it", "[session]") {
  testing::TempDir dir;
  PlaySession game(setup("dipole", {"human", "greedy"}, 5));
  game.advance();
  game.play(game.parse("e1-f2").index);
  game.advance();
  const std::string path = dir.path() + "/game.txt";
  game.save(path);
  PlaySession other(setup("dipole", {"human", "greedy"}, 9));
  CHECK(other.load(path).empty());
  CHECK((other.state().same_position(game.state()) && other.state().hash() == game.state().hash()));
  CHECK(other.record().plies.size() == 2);
  // A record of another game is refused, and says whose it is.
  PlaySession stacks(setup("death-stacks", {"human", "greedy"}, 1));
  CHECK_THROWS_WITH(stacks.load(path), Catch::Contains("is a record of dipole, not of death-stacks; to continue it: "
                                                       "boardlab play dipole --load " + path));
  CHECK_THROWS_WITH(stacks.load(dir.path() + "/none.txt"), Catch::Contains("cannot read"));
  // A definition file need not be named as its game (my-dipole.yaml, name: dipole): its own
  // records load, even once the definition has changed since.
  auto renamed = [&] {
    auto s = setup("dipole", {"human", "greedy"}, 5);
    s.game = dir.path() + "/my-dipole.yaml";
    return s;
  };
  PlaySession mine(renamed());
  mine.advance();
  mine.play(mine.parse("e1-f2").index);
  const std::string mine_path = dir.path() + "/mine.txt";
  mine.save(mine_path);
  std::string text = read_text_file(mine_path).value();
  const std::string hash = mine.def().content_hash;
  text.replace(text.find(hash), hash.size(), "0000000000000000");
  { std::ofstream(mine_path) << text; }
  PlaySession again(renamed());
  CHECK_THAT(again.load(mine_path), Catch::Contains("recorded under a different definition of dipole"));
  CHECK(again.record().plies.size() == 1);
}

TEST_CASE("A loaded game goes on with its recorded players and the roll it was saved with", "[session]") {
  testing::TempDir dir;
  // Hypergammon, a person against level 1, saved when the person has rolled.
  PlaySession game(setup("hypergammon", {"human", "level:1"}, 5));
  game.advance();
  REQUIRE(game.is_human(game.state().side()));
  game.play(0);
  game.advance();
  REQUIRE(!game.state().awaiting_roll());
  const std::vector<int> dice = game.state().rolled();
  const std::string path = dir.path() + "/hg.txt";
  game.save(path);
  CHECK_THAT(read_text_file(path).value(), Catch::Contains(fmt::format("[Roll \"{}\" \"{}\"]",
                                                                       game.def().players[static_cast<size_t>(game.state().side())].name,
                                                                       dice_text(game.state()))));
  // Loaded by a session seated otherwise (and seeded otherwise): the record's players, the
  // same roll, the same moves to choose from. It once went on as level 3 with another roll.
  PlaySession loaded(setup("hypergammon", {"human", "level:3"}, 77));
  loaded.load(path, true);
  CHECK(loaded.seat(1) == "level:1");
  CHECK(loaded.seat(0) == "human");
  CHECK(loaded.state().rolled() == dice);
  CHECK(loaded.state().hash() == game.state().hash());
  CHECK(loaded.texts() == game.texts());
  // Without asking for them, the seats stay the session's (the command line named them).
  PlaySession own(setup("hypergammon", {"human", "level:3"}, 77));
  own.load(path);
  CHECK(own.seat(1) == "level:3");
  CHECK(own.state().rolled() == dice);
  // A record's specs come from a file: a stranger's record cannot ask for more than a file may.
  std::string text = read_text_file(path).value();
  text.replace(text.find("\"level:1\""), 9, "\"alphabeta:table_bits=28\"");
  { std::ofstream(dir.path() + "/greedy.txt") << text; }
  PlaySession strict(setup("hypergammon", {"human", "level:3"}, 77));
  CHECK_THROWS_WITH(strict.load(dir.path() + "/greedy.txt", true), Catch::Contains("table_bits takes a whole number from 10 to 20"));
  CHECK(strict.seat(1) == "level:3");  // nothing changed
  // The last spec of each seat, a spec with ", " in it too.
  Record r;
  r.players = {{"white", "mcts:iterations=500, threads=2"}, {"black", "greedy, level:3 from move 12, random from move 20"}};
  CHECK(recorded_seats(game.def(), r) == std::vector<std::string>{"mcts:iterations=500, threads=2", "random"});
}

TEST_CASE("A game simulate played replays in a play session from its seed and seats", "[session]") {
  for (const char* name : {"dipole", "hypergammon"}) {
    INFO(name);
    auto def = load_game_def(resolve_game(name));
    lab::SimulationConfig c{def, {AgentSpec::parse("greedy"), AgentSpec::parse("mcts:iterations=40")}, 2, 17, 1000, 1};
    for (const lab::GameStats& g : lab::simulate(c)) {
      REQUIRE_FALSE(g.capped);
      std::vector<std::string> seats(2);
      seats[static_cast<size_t>(g.first_seat)] = "greedy";
      seats[static_cast<size_t>(1 - g.first_seat)] = "mcts:iterations=40";
      PlaySession game(setup(name, seats, g.seed));
      game.advance();
      CHECK(game.over());
      CHECK(game.state().ply() == g.plies);
      CHECK(game.state().outcome().winner == g.winner);
      CHECK(describe(*def, game.state().outcome()) == g.result);
    }
  }
}

TEST_CASE("A lab game replays from its moves' numbers and rolls, a random opening and a capped game included", "[session]") {
  for (const char* name : {"dipole", "hypergammon", "lasca", "death-stacks"}) {
    INFO(name);
    auto def = load_game_def(resolve_game(name));
    const ThreadRules rules(def);
    lab::SimulationConfig c{def, {AgentSpec::parse("greedy"), AgentSpec::parse("random")}, 6, 5, 60, 1};
    c.opening_plies = 3;
    lab::RunInfo run;
    run.game = name;
    run.agents = {"greedy", "random"};
    run.definition_hash = def->content_hash;
    bool capped = false;
    for (const lab::GameStats& g : lab::simulate(c)) {
      INFO("game " << g.index);
      REQUIRE(static_cast<int>(g.moves.size()) == g.plies);
      const Record r = lab_game_record(rules, run, g);
      const Replay rep = replay(rules, r);
      CHECK(rep.error.empty());
      CHECK(rep.plies_replayed() == g.plies);
      CHECK(rep.state.outcome().winner == (g.capped ? -1 : g.winner));
      CHECK(r.result == (g.capped ? "*" : g.result));
      CHECK(r.players[static_cast<size_t>(g.first_seat)].second == "greedy");
      capped = capped || g.capped;
    }
    if (std::string(name) == "death-stacks") CHECK(capped);  // random Death Stacks games outlast 60 plies
  }
}

TEST_CASE("A lab game whose move number does not fit its position is refused, naming the move", "[session]") {
  auto def = load_game_def(resolve_game("dipole"));
  const ThreadRules rules(def);
  lab::SimulationConfig c{def, {AgentSpec::parse("random"), AgentSpec::parse("random")}, 1, 3, 1000, 1};
  lab::GameStats g = lab::simulate(c).front();
  REQUIRE(g.plies > 2);
  g.moves[1] = 999;
  lab::RunInfo run;
  run.agents = {"random", "random"};
  CHECK_THROWS_WITH(lab_game_record(rules, run, g), Catch::Contains("game 0, move 2: there is no move number 999 (from 0) of"));
  g.moves.clear();
  CHECK_THROWS_WITH(lab_game_record(rules, run, g), Catch::Contains("without its moves"));
}

TEST_CASE("A play session with dice keeps the roll when a move is undone", "[session]") {
  PlaySession game(setup("hypergammon", {"human", "human"}, 4));
  game.advance();
  const std::vector<int> rolled = game.state().rolled();
  REQUIRE(rolled.size() == 2);
  game.play(0);
  game.advance();  // the other player's roll
  CHECK(game.undo());
  CHECK(game.state().rolled() == rolled);
  CHECK(game.record().plies.empty());
}

TEST_CASE("A play session refuses a bad seat and resigns two-player games", "[session]") {
  CHECK_THROWS_WITH(PlaySession(setup("dipole", {"human", "wizard"}, 1)), Catch::Contains("black: no agent named 'wizard'"));
  CHECK_THROWS_WITH(PlaySession(setup("dipole", {"human"}, 1)), Catch::Contains("dipole has 2 players, not 1"));
  PlaySession game(setup("dipole", {"human", "human"}, 1));
  game.advance();
  game.resign();
  CHECK(describe(game.def(), game.state().outcome()) == "black wins (resignation)");
  CHECK(game.legal().empty());
  CHECK_THROWS(game.hint());
}

TEST_CASE("The agent server answers every line, invalid UTF-8 and overlong lines included", "[session]") {
  auto game = testing::bundled("dipole");
  AgentServer server(game->def_ptr(), AgentSpec::parse("random"), 1);
  std::istringstream in("{\"position\": \"white a1=\xc3\"}\n" + std::string(AgentServer::kMaxRequest + 10, 'x') +
                        "\n\n{\"position\": \"white e1=ww g3=b\"}");
  std::ostringstream out;
  server.serve(in, out);
  std::istringstream replies(out.str());
  std::vector<nlohmann::json> r;
  for (std::string line; std::getline(replies, line);) r.push_back(nlohmann::json::parse(line));
  REQUIRE(r.size() == 3);  // the empty line gets none
  CHECK_THAT(r[0].value("error", ""), Catch::StartsWith("the request is not JSON: at line 1, column 25"));
  CHECK_THAT(r[0].value("error", ""), !Catch::Contains("json.exception"));
  CHECK_THAT(r[1].value("error", ""), Catch::Contains("a request is at most 1048576 bytes"));
  CHECK(r[2].contains("move"));
}

TEST_CASE("A record from a stranger is read or refused with the line at fault, never with a library's words", "[session]") {
  CHECK_THROWS_WITH(parse_record("[Game \"dipole\"]\n[Seed \"12x\"]\n"), "line 2: [Seed] takes a whole number from 0 to 2^64 - 1");
  CHECK_THROWS_WITH(parse_record("[Game \"dipole\"]\n[Seed \"99999999999999999999999\"]\n"),
                    "line 2: [Seed] takes a whole number from 0 to 2^64 - 1");
  CHECK_THROWS_WITH(parse_record("[Game \"dipole\"]\n[Option \"max_height\"]\n"), Catch::Contains("line 2: [Option] takes key=value"));
  CHECK(parse_record("[Game \"dipole\"]\n[Seed \"18446744073709551615\"]\n").seed == 18446744073709551615ULL);
  // A game name longer than a file name may be (found by fuzz_record): no game, not a crash.
  CHECK_THROWS_WITH(open_named_definition(std::string(300, 'x')), Catch::Contains("no game named 'xxx"));
  CHECK_THROWS_WITH(open_named_definition("dipole\x1b[2J"), Catch::Contains("no game named 'dipole\\x1b[2J'"));
}

TEST_CASE("Replaying a record whose last move leaves the other side without a move gives that result", "[session]") {
  auto game = testing::bundled("double-draughts");
  const Record r = parse_record(
      "[Game \"double-draughts\"]\n[Start \"white d4=w e5=b\"]\n[Result \"white wins (the other side has no move)\"]\n"
      "1. white d4xf6\n");
  const Replay rep = replay(*game, r);
  CHECK(rep.error.empty());
  CHECK(describe(game->def(), rep.state.outcome()) == r.result);
}

TEST_CASE("A play session shows every move in the viewer's numbering and records each in its mover's", "[session]") {
  // Black is the person: white's (the computer's) moves are shown numbered for black.
  PlaySession game(setup("hypergammon", {"greedy", "human"}, 3));
  CHECK(game.viewer() == 1);
  game.advance();
  REQUIRE(game.record().plies.size() == 1);
  CHECK(game.record().plies[0].move == "24/19 23/19");  // white's numbering, as gnubg writes it
  CHECK(game.shown()[0] == "2/6 1/6");                 // black's: point k is white's 25 - k
  // The person types in their own numbering, and the record keeps it (the mover's).
  const auto parsed = game.parse("24/20 23/21");
  REQUIRE(parsed.index >= 0);
  game.play(parsed.index);
  CHECK(game.record().plies[1].move == "24/20 23/21");
  CHECK(game.shown()[1] == "24/20 23/21");
  // Undo and redo keep the two lists together; a record loaded is shown the same way.
  game.advance();  // white's reply
  REQUIRE(game.shown().size() == 3);
  CHECK(game.undo());
  CHECK(game.shown().size() == 1);
  CHECK(game.redo());  // black's move again (a new roll is not replayed)
  CHECK(game.shown() == std::vector<std::string>{"2/6 1/6", "24/20 23/21"});
  game.advance();
  testing::TempDir dir;
  game.save(dir.path() + "/g.txt");
  PlaySession other(setup("hypergammon", {"greedy", "human"}, 9));
  other.load(dir.path() + "/g.txt");
  CHECK(other.record().plies.size() == 3);
  CHECK(other.shown() == game.shown());
  // Where the first person is white, white's numbering.
  PlaySession white(setup("hypergammon", {"human", "greedy"}, 3));
  CHECK(white.viewer() == 0);
}

TEST_CASE("A play session says when the person to move must pass", "[session]") {
  PlaySession game(setup("hypergammon", {"human", "greedy"}, 1, "white dice:6,6 bar:w=1 6=ww 19=bb 1=b"));
  game.advance();
  REQUIRE(game.must_pass());
  CHECK(game.texts() == std::vector<std::string>{"pass"});
  PlaySession free(setup("hypergammon", {"human", "greedy"}, 1));
  free.advance();
  CHECK_FALSE(free.must_pass());
}

TEST_CASE("Hints come from a search, best first, each with the mover's expected score", "[session]") {
  PlaySession game(setup("dipole", {"human", "greedy"}, 1, "white e1=ww g3=b h8=b"));
  game.advance();
  const auto hints = game.hint(3);
  REQUIRE(hints.size() == 3);
  for (const auto& h : hints) CHECK((h.value >= 0 && h.value <= 1 && h.visits > 0));
  CHECK(hints[0].visits >= hints[1].visits);
  CHECK(hints[0].value > 0.5);  // taking g3 leaves black a lone stack: white stands well
  // A forced move needs no search.
  PlaySession one(setup("double-draughts", {"human", "greedy"}, 1, "white c3=w d4=b d6=b h8=b"));
  one.advance();
  const auto only = one.hint(3);
  REQUIRE(only.size() == 1);
  CHECK(only[0].move == "c3xe5xc7");
  CHECK(only[0].visits == 0);
}

TEST_CASE("Levels: every seat a computer plays can change level, a person's stays theirs", "[session]") {
  PlaySession game(setup("death-stacks", PlaySession::default_seats(*load_game_def(resolve_game("death-stacks"))), 1));
  CHECK(game.seat(0) == "human");
  CHECK(game.seat(1) == "level:3");
  game.set_computers("level:1");
  CHECK(game.seat(1) == "level:1");
  CHECK(game.record().players[1].second == "level:1");
  CHECK(game.is_human(0));
  CHECK_THROWS_WITH(game.set_computers("level:9"), Catch::Contains("n takes a whole number from 1 to 5"));
  CHECK(game.seat(1) == "level:1");  // unchanged by a bad spec
  // Changed during the game, the record keeps who played before.
  game.advance();
  game.play(0);
  game.advance();
  REQUIRE(game.record().plies.size() == 2);
  game.set_computers("level:2");
  CHECK(game.record().players[1].second == "level:1, level:2 from move 3");
}

TEST_CASE("Where each player sits at the board, from forward directions or the setup", "[session]") {
  auto dipole = load_game_def(resolve_game("dipole"));
  CHECK_FALSE(sits_at_top(*dipole, 0));
  CHECK(sits_at_top(*dipole, 1));  // black moves down the board
  CHECK(how_player_moves(*dipole, 1) == "moves up the board");
  auto stacks = load_game_def(resolve_game("death-stacks"));
  CHECK(sits_at_top(*stacks, 0));  // red starts on rank 6 and has no forward
  CHECK_FALSE(sits_at_top(*stacks, 1));
  CHECK(how_player_moves(*stacks, 0) == "starts at the bottom of the board");
  auto hyper = load_game_def(resolve_game("hypergammon"));
  CHECK_FALSE(sits_at_top(*hyper, 1));
  CHECK(how_player_moves(*hyper, 1) == "moves from point 24 down to 1, then off");
}

TEST_CASE("Default seats: a person plays the first player unless a person's seat is named; the rest play the level", "[session]") {
  const auto def = load_game_def(resolve_game("hypergammon"));
  CHECK(PlaySession::default_seats(*def) == std::vector<std::string>{"human", "level:3"});
  CHECK(PlaySession::default_seats(*def, {}, 1) == std::vector<std::string>{"human", "level:1"});
  CHECK(PlaySession::default_seats(*def, {"", "human"}, 2) == std::vector<std::string>{"level:2", "human"});
  CHECK(PlaySession::default_seats(*def, {"", "random"}, 2) == std::vector<std::string>{"human", "random"});
  CHECK(PlaySession::default_seats(*def, {"greedy", ""}, 4) == std::vector<std::string>{"greedy", "level:4"});
}

TEST_CASE("Shards: K/N read and checked, and the games each holds", "[session]") {
  CHECK(lab::parse_shard("1/1") == std::pair<int, int>{0, 1});
  CHECK(lab::parse_shard("3/4") == std::pair<int, int>{2, 4});
  for (const char* bad : {"0/4", "5/4", "4", "a/b", "1/0", "1/100001", ""})
    CHECK_THROWS_WITH(lab::parse_shard(bad), Catch::Contains("K/N with 1 <= K <= N"));
  long all = 0;
  for (int k = 0; k < 7; ++k) all += lab::shard_games(100, k, 7);
  CHECK(all == 100);
  CHECK(lab::shard_games(100, 0, 7) == 15);
  CHECK(lab::shard_games(100, 6, 7) == 14);
}

TEST_CASE("A record to replay: a file, or a lab folder's game; records folders hold records only", "[session]") {
  testing::TempDir dir;
  CHECK_THROWS_WITH(open_record(dir.path() + "/none.txt", -1), Catch::Contains("cannot read"));
  CHECK_THROWS_WITH(open_record(dir.path(), -1), Catch::Contains("is a folder: name one of its games with --game N"));
  const std::string file = dir.write("r.txt", "[Game \"dipole\"]\n1. white e1-f2/1\n");
  CHECK_THROWS_WITH(open_record(file, 3), Catch::Contains("picks a game of a lab folder"));
  const RecordToReplay r = open_record(file, -1);
  CHECK(r.rules->def().name == "dipole");
  CHECK(r.record.plies.size() == 1);
  CHECK_NOTHROW(check_records_folder(dir.path() + "/new"));  // missing: made when the records are saved
  CHECK_THROWS_WITH(check_records_folder(dir.path()), Catch::Contains("it holds r.txt, which is not a record"));
  CHECK_THROWS_WITH(check_records_folder(file), Catch::Contains("not a folder"));
}
