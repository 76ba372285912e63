// The rule-tweak lab: statistics against published answers, the sequential test on
// synthetic results, and self-play that does not depend on threads or shards.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <nlohmann/json.hpp>

#include "helpers.h"
#include "lab/simulation.h"
#include "lab/statistics.h"
#include "lab/summary.h"
#include "lab/compare.h"
#include "lab/compare_report.h"
#include "lab/ladder.h"
#include "lab/match.h"
#include "lab/report.h"
#include "lab/ratings.h"
#include "lab/svg_plot.h"
#include "lab/html_page.h"
#include "core/json_text.h"
#include "core/text.h"
#include "lab/results_json.h"
#include "lab/runs.h"
#include "definition/bundled.h"

using namespace boardlab;
using namespace boardlab::lab;
using Approx = Catch::Detail::Approx;

TEST_CASE("Wilson intervals equal the published ones", "[lab]") {
  // Newcombe (1998), Statistics in Medicine 17:857, table I.
  auto i = Rate{81, 263}.interval95();
  CHECK(i.low == Approx(0.2553).margin(0.0001));
  CHECK(i.high == Approx(0.3662).margin(0.0001));
  i = Rate{0, 10}.interval95();
  CHECK(i.low == 0);
  CHECK(i.high == Approx(0.2775).margin(0.0001));
  i = Rate{5, 10}.interval95();
  CHECK(i.low == Approx(0.2366).margin(0.0001));
  CHECK(i.high == Approx(0.7634).margin(0.0001));
  CHECK(Rate{}.interval95().high == 1);
}

TEST_CASE("Newcombe's interval for a difference of two rates", "[lab]") {
  // Newcombe (1998), Statistics in Medicine 17:873, method 10: 56/70 - 48/80.
  const Difference d = rate_difference(Rate{48, 80}, Rate{56, 70});
  CHECK(d.value == Approx(0.2));
  CHECK(d.interval95.low == Approx(0.0524).margin(0.0001));
  CHECK(d.interval95.high == Approx(0.3339).margin(0.0001));
}

TEST_CASE("Spreads: mean, sample sd, quartiles as numpy interpolates them", "[lab]") {
  const Spread s = spread_of({4, 1, 3, 2});
  CHECK(s.n == 4);
  CHECK(s.mean == Approx(2.5));
  CHECK(s.sd == Approx(std::sqrt(5.0 / 3.0)));
  CHECK(s.q1 == Approx(1.75));
  CHECK(s.median == Approx(2.5));
  CHECK(s.q3 == Approx(3.25));
  CHECK(s.min == 1);
  CHECK(s.max == 4);
  CHECK(s.mean95.low == Approx(2.5 - 1.959964 * std::sqrt(5.0 / 3.0) / 2).epsilon(1e-6));
  CHECK(spread_of({7}).median == 7);
  CHECK(spread_of({}).n == 0);
  const Difference d = mean_difference(spread_of({1, 2, 3}), spread_of({2, 3, 4}));
  CHECK(d.value == Approx(1));
  CHECK(d.interval95.low == Approx(1 - 1.959964 * std::sqrt(2.0 / 3.0)).epsilon(1e-6));
}

TEST_CASE("The sequential test settles clear differences and clear equality, and waits otherwise", "[lab]") {
  const SequentialTest t;  // delta 0.05, alpha = beta = 0.05
  auto test = [&](Rate a, Rate b) { return sequential_test(observed(a), observed(b), t).verdict; };
  CHECK(test(Rate{500, 1000}, Rate{600, 1000}) == Verdict::Found);
  CHECK(test(Rate{600, 1000}, Rate{500, 1000}) == Verdict::Found);  // either way
  CHECK(test(Rate{1000, 2000}, Rate{1000, 2000}) == Verdict::NotFound);
  CHECK(test(Rate{50, 100}, Rate{52, 100}) == Verdict::Continue);
  CHECK(test(Rate{0, 10}, Rate{10, 10}) == Verdict::Continue);  // before min_games
  // Identical results early on do not settle anything by themselves.
  CHECK(test(Rate{20, 20}, Rate{20, 20}) == Verdict::Continue);
  const auto st = sequential_test(observed(Rate{500, 1000}), observed(Rate{600, 1000}), t);
  CHECK(st.upper == Approx(std::log(0.95 / 0.025)));
  CHECK(st.lower == Approx(std::log(0.05 / 0.95)));
  // Fairer is one-sided: B as unfair the other way is not fairer; B at 0.5 from A at 0.6 is.
  SequentialTest fairer = t;
  fairer.kind = SequentialTest::Kind::Fairer;
  auto fair = [&](Rate a, Rate b) { return sequential_test(observed(a), observed(b), fairer).verdict; };
  CHECK(fair(Rate{600, 1000}, Rate{500, 1000}) == Verdict::Found);
  CHECK(fair(Rate{500, 1000}, Rate{600, 1000}) == Verdict::NotFound);
  CHECK(fair(Rate{1200, 2000}, Rate{800, 2000}) == Verdict::NotFound);
  CHECK(sequential_test(observed(Rate{600, 1000}), observed(Rate{500, 1000}), fairer).upper == Approx(std::log(0.95 / 0.05)));
}

namespace {
// How often a sequential test decides each way over 200 simulated comparisons, looking every
// 50 games up to 5,000: each side's game is a win (1), a draw (1/2) or a loss (0) with the
// given win and draw chances.
struct Side {
  double win, draw = 0;
};
std::map<Verdict, int> verdicts(Side a, Side b, SequentialTest::Kind kind, uint64_t seed) {
  Rng rng(seed);
  auto game = [&](Side s) {
    const double u = static_cast<double>(rng.below(1u << 30)) / (1u << 30);
    return u < s.win ? 1.0 : u < s.win + s.draw ? 0.5 : 0.0;
  };
  SequentialTest t;
  t.kind = kind;
  std::map<Verdict, int> out;
  for (int k = 0; k < 200; ++k) {
    std::vector<double> xa, xb;
    Verdict v = Verdict::Continue;
    for (int look = 0; look < 100 && v == Verdict::Continue; ++look) {
      for (int i = 0; i < 50; ++i) xa.push_back(game(a)), xb.push_back(game(b));
      v = sequential_test(observed(spread_of(xa)), observed(spread_of(xb)), t).verdict;
    }
    ++out[v];
  }
  return out;
}
}  // namespace

// alpha = beta = 0.05: 10 of 200 expected at the effect's bounds (the looks' granularity
// adds a little), fewer beyond them.
TEST_CASE("The sequential tests' error rates hold on simulated games", "[lab]") {
  using K = SequentialTest::Kind;
  SECTION("differs, on win rates") {
    CHECK(verdicts({0.5}, {0.5}, K::Differs, 7)[Verdict::Found] <= 15);
    CHECK(verdicts({0.45}, {0.55}, K::Differs, 8)[Verdict::Found] >= 190);
  }
  SECTION("skill: differs, on scores with draws") {
    CHECK(verdicts({0.4, 0.2}, {0.4, 0.2}, K::Differs, 9)[Verdict::Found] <= 15);
    CHECK(verdicts({0.35, 0.2}, {0.45, 0.2}, K::Differs, 10)[Verdict::Found] >= 190);
  }
  SECTION("fairer") {
    CHECK(verdicts({0.55}, {0.55}, K::Fairer, 11)[Verdict::Found] <= 15);  // as unfair
    CHECK(verdicts({0.6}, {0.4}, K::Fairer, 12)[Verdict::Found] <= 15);    // as unfair, the other way
    CHECK(verdicts({0.5}, {0.5}, K::Fairer, 13)[Verdict::Found] <= 15);    // both fair
    CHECK(verdicts({0.6}, {0.55}, K::Fairer, 14)[Verdict::Found] >= 185);  // fairer by delta
    CHECK(verdicts({0.6}, {0.5}, K::Fairer, 15)[Verdict::Found] >= 190);   // fairer by 2 delta
  }
}

namespace {
SimulationConfig small_run(const std::string& game, const std::string& a, const std::string& b, long games) {
  auto g = testing::bundled(game);
  return SimulationConfig{g->def_ptr(), {AgentSpec::parse(a), AgentSpec::parse(b)}, games, 11, 150, 1};
}
void same_games(const std::vector<GameStats>& x, const std::vector<GameStats>& y) {
  REQUIRE(x.size() == y.size());
  for (size_t i = 0; i < x.size(); ++i) {
    CHECK(x[i].index == y[i].index);
    CHECK(x[i].seed == y[i].seed);
    CHECK(x[i].winner == y[i].winner);
    CHECK(x[i].result == y[i].result);
    CHECK(x[i].plies == y[i].plies);
    CHECK(x[i].branching == y[i].branching);
    CHECK(x[i].events == y[i].events);
    CHECK(x[i].moves == y[i].moves);
    CHECK(x[i].dice == y[i].dice);
  }
}
}  // namespace

TEST_CASE("The same seed gives the same games and summary with 1 and 2 threads", "[lab]") {
  for (const char* game : {"death-stacks", "hypergammon"}) {
    SimulationConfig c = small_run(game, "greedy", "mcts:iterations=30", std::max(4, testing::random_games(12)));
    const auto one = simulate(c);
    c.threads = 2;
    const auto two = simulate(c);
    same_games(one, two);
    const Summary s1 = summarize(one, *c.def), s2 = summarize(two, *c.def);
    CHECK(s1.seat_wins[0].hits == s2.seat_wins[0].hits);
    CHECK(s1.draws.hits == s2.draws.hits);
    CHECK(s1.length.mean == s2.length.mean);
    CHECK(s1.branching_by_ply == s2.branching_by_ply);
    CHECK(s1.results == s2.results);
    // Seats alternate: the first agent plays first in the even games.
    CHECK(one[0].first_seat == 0);
    CHECK(one[1].first_seat == 1);
  }
}

TEST_CASE("Shards together are the whole run", "[lab]") {
  SimulationConfig c = small_run("dipole", "random", "random", 30);
  const auto whole = simulate(c);
  std::vector<GameStats> joined;
  c.shards = 3;
  for (c.shard = 0; c.shard < 3; ++c.shard)
    for (auto& g : simulate(c)) joined.push_back(g);
  std::sort(joined.begin(), joined.end(), [](const auto& x, const auto& y) { return x.index < y.index; });
  same_games(whole, joined);
  // A window of games (compare's batches) is the same games again.
  c.shards = 1, c.shard = 0, c.begin = 10, c.games = 20;
  const auto window = simulate(c);
  same_games(std::vector<GameStats>(whole.begin() + 10, whole.begin() + 20), window);
}

TEST_CASE("Events: every move a script tags is counted, and only those", "[lab]") {
  // Dipole tags captures (an enemy stack removed) and bear-offs: count both independently,
  // from the moves' actions, over the same seeded random games.
  SimulationConfig c = small_run("dipole", "random", "random", 20);
  REQUIRE(c.def->events.size() == 2);
  REQUIRE(c.def->events[0].name == "capture");
  const auto games = simulate(c);
  ThreadRules game(c.def);
  long tagged_captures = 0, tagged_offs = 0, removals = 0, offs = 0;
  for (const auto& g : games) {
    tagged_captures += g.events[0];
    tagged_offs += g.events[1];
    // Replays the game from the numbers simulate reports: its seed and seats.
    auto first = make_agent(c.agents[0], c.def, seat_seed(g.seed, g.first_seat));
    auto second = make_agent(c.agents[1], c.def, seat_seed(g.seed, 1 - g.first_seat));
    std::array<Player*, 2> seats;
    seats[static_cast<size_t>(g.first_seat)] = first.get();
    seats[static_cast<size_t>(1 - g.first_seat)] = second.get();
    State s = game.initial();
    MoveList moves;
    Move m;
    Rng dice(g.seed);
    while (!s.outcome().over() && s.ply() < c.max_plies) {
      if (s.awaiting_roll()) game.apply(s, game.sample_chance(s, dice));
      game.legal_moves(s, moves);
      if (moves.empty()) break;
      moves.get(seats[static_cast<size_t>(s.side())]->choose(game, s, moves), m);
      for (const Action& a : m) {
        removals += a.op == Op::Remove;
        offs += a.op == Op::ToReserve;
      }
      game.apply(s, m);
    }
    CHECK(s.ply() == g.plies);
    CHECK(s.outcome().winner == g.winner);
  }
  CHECK(tagged_captures > 0);
  CHECK(tagged_offs > 0);
  CHECK(tagged_captures == removals);
  CHECK(tagged_offs == offs);
}

TEST_CASE("A script naming an undeclared event is told which exist", "[lab]") {
  testing::TempDir dir;
  const std::string path = testing::tiny_definition(
      dir, "local E = game.flags('capture')\nfunction generate() end\n", "events:\n  jump: {doc: a jump}\n");
  try {
    ThreadRules game(load_game_def(path));
    FAIL("no error");
  } catch (const std::exception& e) {
    CHECK_THAT(e.what(), Catch::Contains("game.flags: no flag named 'capture' (flags: progress, jump)"));
  }
}

TEST_CASE("merge_runs joins shards' folders into the whole run and refuses what does not belong", "[lab]") {
  testing::TempDir dir;
  SimulationConfig c = small_run("dipole", "random", "random", 12);
  const auto whole = simulate(c);
  c.shards = 2;
  std::vector<std::string> dirs;
  for (c.shard = 0; c.shard < 2; ++c.shard) {
    const auto games = simulate(c);
    dirs.push_back(dir.path() + "/shard" + std::to_string(c.shard));
    write_results(dirs.back(), games, summarize(games, *c.def), *c.def, run_info("dipole", {}, c));
  }
  const MergedRun m = merge_runs(dirs);
  same_games(whole, m.games);
  CHECK(m.run.shards == std::vector<int>{1, 2});
  CHECK(m.notes.empty());
  // One shard alone: a note says what is missing.
  CHECK(merge_runs({dirs[0]}).notes.back() == "6 of the run's 12 games are here (1 of 2 shards).");
  // The same shard twice: a game in two shards.
  CHECK_THROWS_WITH(merge_runs({dirs[0], dirs[0]}), Catch::Contains("games.jsonl:1: game 0 is in two shards"));
  // Another run (another seed).
  c.seed = 99, c.shard = 0;
  const std::string other = dir.path() + "/other";
  const auto games = simulate(c);
  write_results(other, games, summarize(games, *c.def), *c.def, run_info("dipole", {}, c));
  CHECK_THROWS_WITH(merge_runs({dirs[0], other}), Catch::Contains("is not from the same run as"));
  // A hand-edited line: where it is, and why.
  dir.write("shard1/games.jsonl", "{\"index\": 1}\n");
  CHECK_THROWS_WITH(merge_runs(dirs), Catch::Contains("shard1/games.jsonl:1: "));
  CHECK_THROWS_WITH(merge_runs({dir.path()}), Catch::Contains("not a simulate folder"));
}

TEST_CASE("The ladder plays exactly the agents it is given, every pair once", "[lab]") {
  SimulationConfig base = small_run("dipole", "random", "random", 6);
  std::vector<std::string> played;
  auto runner = [&](const SimulationConfig& c, const std::string& what) {
    played.push_back(what);
    return simulate(c);
  };
  const Ladder l = play_ladder(base, {AgentSpec::parse("random"), AgentSpec::parse("random")}, runner);
  CHECK(played == std::vector<std::string>{"random vs random"});
  const Ladder three =
      play_ladder(base, {AgentSpec::parse("random"), AgentSpec::parse("greedy"), AgentSpec::parse("mcts:iterations=50")});
  for (size_t i = 0; i < 3; ++i)
    for (size_t j = 0; j < 3; ++j) CHECK(three.score(i, j) + three.score(j, i) == Approx(1.0));
  CHECK(three.score(1, 0) > 0.5);  // greedy beats random at Dipole
  CHECK_THROWS_WITH(play_ladder(base, {AgentSpec::parse("random")}), Catch::Contains("at least two agents"));
  (void)l;
}

TEST_CASE("compare stops when the test settles, and equal rules settle as the same", "[lab]") {
  // Random Breakthrough always ends (random Death Stacks at 60 plies mostly did not: no
  // verdict now comes from such games).
  CompareConfig c;
  c.a = small_run("breakthrough", "random", "random", 0);
  c.a.max_plies = 200;
  c.b = c.a;
  c.b.def = load_game_def(resolve_game("breakthrough"));  // the same rules, loaded again
  c.games = 2000, c.batch = 200;
  c.test.delta = 0.2;
  const Comparison r = compare(c);
  CHECK(r.last.verdict == Verdict::NotFound);
  CHECK(r.games_each() < 2000);
  CHECK(r.settled_after == r.games_each());
  same_games(r.games_a, r.games_b);  // the same seeds and agents: the same games
  for (const auto& row : r.rows)
    if (row.name != "milliseconds per game") CHECK(row.difference.value == Approx(0.0).margin(1e-12));
  c.no_stop = true, c.games = r.games_each() + 200;
  const Comparison all = compare(c);
  CHECK(all.games_each() == c.games);
  CHECK(all.settled_after == r.settled_after);
}

TEST_CASE("No verdict from games that mostly stopped at the ply cap, in every part of the lab", "[lab]") {
  // Random Death Stacks with a cap of 8 plies: no game ends. compare once said "Settled after
  // 100 games each: B is not fairer" from such games.
  CompareConfig c;
  c.a = small_run("death-stacks", "random", "random", 0);
  c.a.max_plies = 8;
  c.b = c.a;
  c.question = Question::Fairer;
  c.test.kind = SequentialTest::Kind::Fairer;
  c.games = 400, c.batch = 100;
  const Comparison r = compare(c);
  CHECK(r.last.verdict == Verdict::Unfinished);
  CHECK(r.games_each() == 100);  // it stops at the first look
  CHECK(r.settled_after == 0);
  CHECK(std::string(verdict_text(c.question, r.last.verdict)) == "no verdict");
  CHECK_THAT(verdict_sentence(c.question, c.test, r),
             Catch::StartsWith("No verdict after 100 games each: in A, 100 of 100 games stopped at the cap of 8 plies"));
  // The match's sequential test, the ladder, simulate's summary and the sweep say so too.
  MatchConfig m{c.a, EloTest{}, 20};
  m.series.games = 100;
  const Match played = play_match(m);
  CHECK(played.test.verdict == Verdict::Unfinished);
  CHECK_THAT(match_text(played, m), Catch::Contains("no verdict (most games stopped at the cap)") &&
                                        Catch::Contains("No verdict from these games: 20 of 20 games stopped"));
  SimulationConfig base = c.a;
  base.games = 10;
  const Ladder l = play_ladder(base, {AgentSpec::parse("random"), AgentSpec::parse("greedy")});
  CHECK_THAT(ladder_text(l, base), Catch::Contains("No verdict from random against greedy: 10 of 10 games stopped at the cap"));
  RunInfo run;
  run.game = "death-stacks", run.agents = {"random", "random"}, run.max_plies = 8;
  const Summary s = summarize(simulate(base), *base.def);
  CHECK_THAT(summary_text(s, run), Catch::Contains("Note: 10 of 10 games stopped at the cap of 8 plies"));
  // Games that end are told as before (random Breakthrough always ends).
  const SimulationConfig ends = small_run("breakthrough", "random", "random", 10);
  const Summary ended = summarize(simulate(ends), *ends.def);
  CHECK(ended.capped.hits == 0);
  CHECK_THAT(summary_text(ended, run), !Catch::Contains("Note:"));
}

TEST_CASE("Distinct games: copies count once", "[lab]") {
  auto game = [](std::vector<int> moves) {
    GameStats g;
    g.moves = std::move(moves);
    return g;
  };
  std::vector<GameStats> games(10, game({1, 2, 3}));
  Variety v = variety_of(games);
  CHECK(v.games == 10);
  CHECK(v.distinct == 1);
  CHECK(too_alike(v));
  games.clear();
  for (int i = 0; i < 40; ++i) games.push_back(game({i / 2}));  // each game twice: two copies of one agent seated both ways
  v = variety_of(games);
  CHECK(v.distinct == 20);
  CHECK_FALSE(too_alike(v));  // half of the games: what identical agents with openings give
  std::vector<GameStats> thrice;
  for (int i = 0; i < 30; ++i) thrice.push_back(game({i % 10}));
  CHECK(too_alike(variety_of(thrice)));  // 10 distinct of 30
  // A roll makes another game of the same moves.
  GameStats a = game({1}), b = game({1});
  a.dice = {"6-5"}, b.dice = {"3-1"};
  CHECK(variety_of({a, b}).distinct == 2);
  // A short series of distinct games is not refused for being short.
  CHECK_FALSE(too_alike(variety_of({game({1}), game({2}), game({3})})));
  // The test weighs a series of copies as its distinct games.
  CHECK(worth(Observed{0.5, 0.25, 40}, variety_of(games)).n == 20);
  CHECK(worth(Observed{0.5, 0.25, 3}, variety_of({game({1}), game({2}), game({3})})).n == 3);
}

TEST_CASE("No verdict from copies of one game, in every part of the lab; openings by default give agents without chance games that differ", "[lab]") {
  // Two searches without chance in Breakthrough: every game of a side is one game. compare
  // once said "Settled after 100 games each" from Kalah games like these.
  CompareConfig c;
  c.a = small_run("breakthrough", "alphabeta:depth=1", "alphabeta:depth=1", 0);
  c.b = c.a;
  c.b.def = load_game_def(resolve_game("breakthrough"), {{"first_player", "black"}});
  c.question = Question::Fairer;
  c.games = 400, c.batch = 100;
  const Comparison r = compare(c);
  CHECK(r.last.verdict == Verdict::Alike);
  CHECK(r.games_each() == 100);  // it stops at the first look
  CHECK(r.a.variety.distinct == 1);
  CHECK(std::string(verdict_text(c.question, r.last.verdict)) == "no verdict");
  CHECK_THAT(verdict_sentence(c.question, c.test, r), Catch::StartsWith("No verdict after 100 games each: in A, the 100 games are only 1 distinct"));
  // The match's test, the ladder and simulate's summary say so too.
  MatchConfig m{c.a, EloTest{}, 20};
  m.series.games = 40;
  const Match played = play_match(m);
  CHECK(played.test.verdict == Verdict::Alike);
  CHECK_THAT(match_text(played, m), Catch::Contains("no verdict (too few distinct games)") &&
                                        Catch::Contains("distinct games: 1 of 20"));
  SimulationConfig base = c.a;
  base.games = 40;
  const Ladder l = play_ladder(base, {AgentSpec::parse("alphabeta:depth=1"), AgentSpec::parse("alphabeta:depth=2")});
  CHECK_THAT(ladder_text(l, base), Catch::Contains("No verdict from alphabeta:depth=1 against alphabeta:depth=2: the 40 games are only 2 distinct"));
  RunInfo run;
  run.game = "breakthrough", run.agents = {"alphabeta:depth=1", "alphabeta:depth=1"}, run.max_plies = 150;
  CHECK_THAT(summary_text(summarize(simulate(base), *base.def), run),
             Catch::Contains("distinct games") && Catch::Contains("Note: the 40 games are only 1 distinct"));
  // --openings auto: random plies for agents without chance in a game without dice, none otherwise.
  CHECK(auto_opening_plies(*base.def, base.agents) == kAutoOpeningPlies);
  CHECK(auto_opening_plies(*base.def, {AgentSpec::parse("alphabeta"), AgentSpec::parse("greedy")}) == 0);
  CHECK(auto_opening_plies(*base.def, {AgentSpec::parse("level:3"), AgentSpec::parse("level:5")}) == kAutoOpeningPlies);
  CHECK(auto_opening_plies(*base.def, {AgentSpec::parse("level:1"), AgentSpec::parse("level:5")}) == 0);  // greedy
  CHECK(auto_opening_plies(*load_game_def(resolve_game("hypergammon")), {AgentSpec::parse("level:3"), AgentSpec::parse("level:3")}) == 0);
  c.a.opening_plies = c.b.opening_plies = kAutoOpeningPlies;
  c.games = c.batch = 60;
  const Comparison varied = compare(c);
  CHECK(varied.last.verdict != Verdict::Alike);
  CHECK(varied.a.variety.distinct >= 25);  // 30 rounds, each a game played from both seats alike
}

TEST_CASE("A question the settings cannot answer is said before any game", "[lab]") {
  SequentialTest t;
  CHECK(test_reach(Question::Differs, t, 2000).why.empty());  // delta 0.05: about 1,460 games
  t.delta = 0.01;
  const TestReach slow = test_reach(Question::Differs, t, 2000);
  CHECK(slow.possible);
  CHECK_THAT(slow.why, Catch::Contains("about 36376 games each"));  // log(0.95 / 0.025) / 0.01^2
  t.delta = 0.5;
  CHECK_FALSE(test_reach(Question::Fairer, t, 2000).possible);
  CHECK(test_reach(Question::Differs, t, 2000).possible);
}

TEST_CASE("A lab folder's numbers are read within their bounds, never converted blindly", "[lab]") {
  const auto j = nlohmann::json::parse(R"({"a": 1e300, "b": 4294967297, "c": 18446744073709551615, "d": -3, "e": 7,
                                          "f": [1, 2.5], "g": "7", "h": [1, 2, 3]})");
  CHECK_THROWS_WITH(json_integer(j, "a", 0, 100), "a must be a whole number from 0 to 100, not 1e+300");
  CHECK_THROWS_WITH(json_integer(j, "b", 0, 2147483647), Catch::Contains("not 4294967297"));
  CHECK_THROWS_WITH(json_integer(j, "c", 0, 100), Catch::Contains("not 18446744073709551615"));
  CHECK_THROWS_WITH(json_integer(j, "d", 0, 100), Catch::Contains("not -3"));
  CHECK_THROWS_WITH(json_integer(j, "g", 0, 100), Catch::Contains("not \"7\""));
  CHECK_THROWS_WITH(json_integer(j, "missing", 0, 100), "missing is missing");
  CHECK(json_integer(j, "e", 0, 100) == 7);
  CHECK(json_integer(j, "d", -5, 0) == -3);
  CHECK(json_integer_or(j, "missing", 4, 0, 100) == 4);
  CHECK_THROWS_WITH(json_integers(j, "f", 0, 10, 5), Catch::Contains("not 2.5"));
  CHECK_THROWS_WITH(json_integers(j, "h", 0, 10, 2), "h must be a list of at most 2 numbers");
  CHECK(json_integers(j, "h", 0, 10, 3) == std::vector<int>{1, 2, 3});
  // A run's summary as a stranger may write it: each number refused with its bounds.
  RunInfo run;
  run.game = "dipole", run.agents = {"random", "random"}, run.games = 10, run.max_plies = 100, run.shards = {1};
  run.shard_count = 1;
  for (const auto& [key, value] : std::vector<std::pair<const char*, nlohmann::json>>{
           {"games", 4611686018427387904LL}, {"games", 1e300}, {"max_plies", 4294967297LL}, {"opening_plies", -1},
           {"shard_count", 0}, {"shards", nlohmann::json::array({2})}}) {
    nlohmann::json bad = to_json(run);
    bad[key] = value;
    CHECK_THROWS_AS(run_from_json(bad), std::invalid_argument);
  }
  CHECK(to_json(run_from_json(to_json(run))) == to_json(run));
  // A game's line: plies, moves and events within theirs.
  auto def = load_game_def(resolve_game("dipole"));
  GameStats g;
  g.plies = 2, g.moves = {0, 1}, g.branching = {3, 4}, g.branching_sides = "01", g.events = {0, 0};
  g.result = "white wins";
  const nlohmann::json line = to_json(g, *def);
  CHECK(game_from_json(line, *def).moves == g.moves);
  for (const auto& [key, value] : std::vector<std::pair<const char*, nlohmann::json>>{
           {"plies", 1e300}, {"index", -1}, {"moves", nlohmann::json::array({0, 1e20})}, {"branching", nlohmann::json::array({-1, 2})}}) {
    nlohmann::json bad = line;
    bad[key] = value;
    CHECK_THROWS_AS(game_from_json(bad, *def), std::invalid_argument);
  }
}

TEST_CASE("Openings: each round of games starts with its own random moves, the same from both seats", "[lab]") {
  auto def = load_game_def(resolve_game("dipole"));
  // Two searches without chance: with no opening, every round replays the same two games.
  lab::SimulationConfig c{def, {AgentSpec::parse("alphabeta:depth=1"), AgentSpec::parse("alphabeta:depth=2")}, 6, 3, 300, 1};
  const auto same = lab::simulate(c);
  CHECK(same[0].branching == same[2].branching);
  CHECK(same[1].branching == same[3].branching);
  c.opening_plies = 2;
  const auto varied = lab::simulate(c);
  // The rounds differ, a game played alone is the game of the series, and the series replays.
  CHECK((varied[0].branching != varied[2].branching || varied[2].branching != varied[4].branching));
  for (int i = 0; i < 6; i += 2) {
    const auto a = lab::simulate([&] { auto one = c; one.begin = i; one.games = i + 1; return one; }());
    CHECK(a[0].plies == varied[static_cast<size_t>(i)].plies);  // the same game, played alone
  }
  CHECK(varied[0].plies >= 2);
  CHECK(lab::simulate(c)[4].branching == varied[4].branching);  // reproducible
}

TEST_CASE("An interrupted run keeps the games it finished, and the rest played later make the whole run", "[lab]") {
  testing::TempDir dir;
  SimulationConfig c = small_run("dipole", "greedy", "random", 12);
  const auto whole = simulate(c);
  const RunInfo run = run_info("dipole", {}, c);
  const std::string folder = dir.path() + "/run";
  // Stopped before it starts: no game, and the journal names the run with no summary yet.
  std::atomic<bool> stop{true};
  SimulationConfig stopped = c;
  stopped.stop = &stop;
  {
    RunJournal journal(folder, run, *c.def, {}, false);
    CHECK(simulate(stopped, {}, [&](const GameStats& g) { journal.add(g); }).empty());
  }
  CHECK(run_in_progress(folder, run));
  CHECK(read_games(folder, *c.def).empty());
  // Five games played, journalled as they end, then the rest, skipping what is there.
  SimulationConfig part = c;
  part.games = 5;
  {
    RunJournal journal(folder, run, *c.def, {}, false);
    simulate(part, {}, [&](const GameStats& g) { journal.add(g); });
  }
  auto kept = read_games(folder, *c.def);
  REQUIRE(kept.size() == 5);
  SimulationConfig rest = c;
  for (const auto& g : kept) rest.played.push_back(g.index);
  std::sort(rest.played.begin(), rest.played.end());
  auto more = simulate(rest);
  CHECK(more.size() == 7);
  kept.insert(kept.end(), more.begin(), more.end());
  std::sort(kept.begin(), kept.end(), [](const auto& x, const auto& y) { return x.index < y.index; });
  same_games(whole, kept);
}

TEST_CASE("A run with openings resumes with them, and its games keep their agents' time", "[lab]") {
  testing::TempDir dir;
  // Searches without chance: only the openings make the rounds differ, so a resumed run
  // that lost them would play other games.
  SimulationConfig c = small_run("dipole", "alphabeta:depth=1", "alphabeta:depth=2", 6);
  c.opening_plies = 2;
  const auto whole = simulate(c);
  const RunInfo run = run_info("dipole", {}, c);
  CHECK(run.opening_plies == 2);
  CHECK(run_from_json(to_json(run)).opening_plies == 2);
  const std::string folder = dir.path() + "/run";
  SimulationConfig part = c;
  part.games = 3;
  {
    RunJournal journal(folder, run, *c.def, {}, false);
    simulate(part, {}, [&](const GameStats& g) { journal.add(g); });
  }
  ResumedRun r = resume_run(folder, "", 0, 1);
  CHECK(r.config.opening_plies == 2);
  REQUIRE(r.kept.size() == 3);
  for (size_t i = 0; i < r.kept.size(); ++i) {
    // Each agent's moves are as played; the time is measured, so only its sense is checked.
    REQUIRE(r.kept[i].thinking.size() == 2);
    for (size_t k = 0; k < 2; ++k) {
      CHECK(r.kept[i].thinking[k].moves == whole[i].thinking[k].moves);
      CHECK(r.kept[i].thinking[k].moves > 0);
      CHECK(r.kept[i].thinking[k].longest <= r.kept[i].thinking[k].seconds);
    }
  }
  auto games = r.kept;
  SimulationConfig rest = r.config;
  for (const auto& g : r.kept) rest.played.push_back(g.index);
  for (auto& g : simulate(rest)) games.push_back(std::move(g));
  std::sort(games.begin(), games.end(), [](const auto& x, const auto& y) { return x.index < y.index; });
  same_games(whole, games);
  // The summary adds up every game's time, the kept ones' too, and prints it per agent.
  const Summary s = summarize(games, *c.def);
  REQUIRE(s.thinking.size() == 2);
  long moves = 0;
  for (const auto& g : whole) moves += g.thinking[1].moves;
  CHECK(s.thinking[1].moves == moves);
  CHECK_THAT(summary_text(s, run), Catch::Contains("time a move, B") && Catch::Contains("2 random plies first"));
  // A folder from before runs had openings or games their time reads as it did.
  auto old_run = to_json(run);
  old_run.erase("opening_plies");
  CHECK(run_from_json(old_run).opening_plies == 0);
  auto old_game = to_json(whole[0], *c.def);
  old_game.erase("thinking");
  CHECK(game_from_json(old_game, *c.def).thinking.empty());
}

TEST_CASE("Elo: a score's difference, ratings fitted to every pair, and the match SPRT's error rates", "[lab]") {
  CHECK(elo_of_score(0.5) == Approx(0).margin(1e-9));
  CHECK(elo_of_score(0.75) == Approx(190.849).epsilon(1e-4));  // 400 log10(3)
  CHECK(score_of_elo(elo_of_score(0.64)) == Approx(0.64));
  CHECK(elo_of_score(1.0) == 1000);
  // Three agents 0, 100 and 300 Elo apart, 3,000 games a pair drawn from their expected
  // scores (a fifth of each pair's games drawn): the fit finds them, inside its intervals.
  Rng rng(5);
  const double truth[] = {0, 100, 300};
  std::vector<PairResult> pairs;
  for (size_t i = 0; i < 3; ++i)
    for (size_t j = i + 1; j < 3; ++j) {
      const double s = score_of_elo(truth[i] - truth[j]), draw = 0.2, win = s - draw / 2;
      PairResult p{i, j, 0, 0, 0};
      for (int g = 0; g < 3000; ++g) {
        const double u = static_cast<double>(rng.below(1u << 30)) / (1u << 30);
        (u < win ? p.wins : u < win + draw ? p.draws : p.losses)++;
      }
      pairs.push_back(p);
    }
  const auto ratings = elo_ratings(3, pairs, 200, 9);
  for (size_t k = 0; k < 3; ++k) {
    INFO("agent " << k);
    CHECK(ratings[k].elo == Approx(truth[k]).margin(25));
    CHECK(ratings[k].interval95.low <= truth[k] + 1e-9);
    CHECK(ratings[k].interval95.high >= truth[k] - 1e-9);
  }
  // The SPRT of elo0 = 0 against elo1 = 30 over 200 simulated matches each way.
  auto decide = [&](double elo, uint64_t seed) {
    Rng r(seed);
    std::map<Verdict, int> out;
    for (int m = 0; m < 200; ++m) {
      std::vector<double> scores;
      SequentialState st;
      const double s = score_of_elo(elo);
      while (st.verdict == Verdict::Continue && scores.size() < 20000) {
        for (int g = 0; g < 20; ++g) scores.push_back(static_cast<double>(r.below(1u << 30)) / (1u << 30) < s ? 1.0 : 0.0);
        st = elo_sprt(observed(spread_of(scores)), EloTest{0, 30});
      }
      ++out[st.verdict];
    }
    return out;
  };
  CHECK(decide(0, 21)[Verdict::Found] <= 15);     // alpha 0.05: 10 expected
  CHECK(decide(30, 22)[Verdict::NotFound] <= 15);  // beta 0.05
  CHECK(decide(60, 23)[Verdict::Found] >= 195);
}

TEST_CASE("The lab's pages: text escaped in one place, tables, plots, and boardlab's stylesheet inline", "[lab]") {
  Table t{"t<1>", {text("a&b"), text("n")}, {{text("<x>"), text("3")}}, true, true};
  Plot p;
  p.title = "<plot>";
  p.series.push_back(Series("s"));
  p.series.back().x = {0, 1};
  p.series.back().y = {0, 1};
  HtmlPage page("A <title> & more");
  page.heading("h<2>").paragraph(text("\"quoted\" ") + hyperlink("a b/x\".html", "<link>") + code("<cmd>")).table(t).figure(p);
  const std::string html = page.str();
  CHECK(html.find("<title>A &lt;title&gt; &amp; more</title>") != std::string::npos);
  CHECK(html.find("<h2>h&lt;2&gt;</h2>") != std::string::npos);
  CHECK(html.find("<p>&quot;quoted&quot; <a href=\"a b/x&quot;.html\">&lt;link&gt;</a><code>&lt;cmd&gt;</code></p>") != std::string::npos);
  CHECK(html.find("<table id=\"t&lt;1&gt;\">\n<tr><th>a&amp;b</th><th>n</th></tr>\n<tr><th>&lt;x&gt;</th><td class=\"num\">3</td></tr>") !=
        std::string::npos);
  CHECK(html.find("<svg class=\"plot\"") != std::string::npos);
  CHECK(html.find("&lt;plot&gt;") != std::string::npos);
  CHECK(html.find("<plot>") == std::string::npos);
  // The stylesheet is the web page's own file, byte for byte.
  const auto css = read_text_file("interpreter/web/page/boardlab.css");
  REQUIRE(css);
  CHECK(std::string(boardlab_css()) == *css);
  CHECK(html.find(*css) != std::string::npos);
}

TEST_CASE("Plot ticks are round numbers covering the range, and pages escape what they print", "[lab]") {
  CHECK(nice_ticks(0, 1, 5) == std::vector<double>{0, 0.2, 0.4, 0.6, 0.8, 1.0});
  CHECK(nice_ticks(1, 300, 6) == std::vector<double>{50, 100, 150, 200, 250, 300});
  CHECK(nice_ticks(11, 123, 8) == std::vector<double>{20, 40, 60, 80, 100, 120});
  CHECK(nice_ticks(2, 6, 8) == std::vector<double>{2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5, 6});
  CHECK(nice_ticks(5, 5, 5).size() >= 2);  // an empty range still gets an axis
  for (double t : nice_ticks(-0.013, 0.037, 5)) CHECK(std::abs(t * 100 - std::round(t * 100)) < 1e-9);
  CHECK(escape_html("<a href=\"x\">&</a>") == "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;");
  // A plot with a band, bars and a named axis draws every series and the even line.
  Plot p;
  p.categories = {"A", "B"};
  p.reference_y = 0.5;
  Series dots("rate", Series::Style::Points);
  dots.x = {0, 1}, dots.y = {0.4, 0.6}, dots.low = {0.3, 0.5}, dots.high = {0.5, 0.7};
  p.series.push_back(dots);
  const std::string page = svg(p);
  CHECK(page.find("class=\"ref\"") != std::string::npos);
  CHECK(page.find(">A</text>") != std::string::npos);
  CHECK(page.find("class=\"err s0\"") != std::string::npos);
}

TEST_CASE("An Elo difference at the clamp is printed as a bound, not as an estimate", "[lab]") {
  // A match won 20-0 once read "+1000 (+287 to +1000)".
  MatchResult won;
  won.games = won.wins = 20;
  const EloDifference e = elo_difference(won);
  CHECK(e.elo == 1000);
  CHECK_THAT(elo_text(e.elo, e.interval95.low, e.interval95.high), Catch::StartsWith(">= +") && Catch::EndsWith("(every game won: no upper bound)"));
  CHECK(elo_text(-1000, -1000, -300) == "<= -300 (every game lost: no lower bound)");
  CHECK(elo_text(120, 80, 1000) == "+120 (+80 to no upper bound)");
  CHECK(elo_text(120, 80, 160) == "+120 (+80 to +160)");
}

TEST_CASE("A report's plots give each player one colour, and its length plot splits by result", "[lab]") {
  auto game = testing::bundled("hypergammon");
  std::vector<GameStats> games;
  auto add = [&](int winner, const std::string& result, int plies, bool capped = false) {
    GameStats g;
    g.index = static_cast<long>(games.size());
    g.first_seat = static_cast<int>(g.index % 2);
    g.starter = 1;  // black moved first in every game: the first mover's line differs from each player's
    g.winner = winner, g.result = result, g.plies = plies, g.capped = capped;
    games.push_back(g);
  };
  for (int i = 0; i < 6; ++i) add(0, "white wins (single game)", 30 + i);
  add(0, "white wins (gammon)", 50);
  for (int i = 0; i < 3; ++i) add(1, "black wins (single game)", 40 + i);
  add(-1, "draw", 100, true);
  RunInfo run;
  run.game = "hypergammon", run.agents = {"random", "random"}, run.max_plies = 100;
  const std::string page = html_report(summarize(games, game->def()), games, game->def(), run);
  // The length plot: a bar series per result, white's kinds in white's colour, lighter for
  // the rarer kind; the cap in its own colour.
  auto series_class = [&](const std::string& name) {
    const size_t at = page.find("<title>" + name + ":");
    REQUIRE(at != std::string::npos);
    const size_t cls = page.rfind("class=\"bar ", at);
    return page.substr(cls + 11, page.find('"', cls + 11) - cls - 11);
  };
  CHECK(series_class("white wins (single game)") == "s0");
  CHECK(series_class("white wins (gammon)") == "s0");
  CHECK(page.find("class=\"bar s0\" opacity=\"0.70\"><title>white wins (gammon):") != std::string::npos);
  CHECK(series_class("black wins (single game)") == "s1");
  CHECK(series_class("stopped at the cap") == fmt::format("s{}", kCappedColour));
  // The rates plot: white's and black's lines in the same colours, the first mover's apart.
  CHECK(page.find("class=\"line s0\"") != std::string::npos);
  CHECK(page.find("class=\"line s1\"") != std::string::npos);
  CHECK(page.find(fmt::format("class=\"band s{}\"", kFirstMoverColour)) != std::string::npos);
  CHECK(page.find(">first mover wins (95%</tspan><tspan x=\"802\" dy=\"14\">band)<") != std::string::npos);
  // A folder from elsewhere may name a result per game: the plot keeps 12 series at most.
  for (int i = 0; i < 200; ++i) add(i % 2, fmt::format("white wins (kind {})", i), 20 + i % 50);
  const std::string many = html_report(summarize(games, game->def()), games, game->def(), run);
  CHECK(many.find("<title>other results:") != std::string::npos);
  size_t legends = 0;
  for (size_t at = many.find("class=\"key "); at != std::string::npos; at = many.find("class=\"key ", at + 1)) ++legends;
  CHECK(legends <= 12 + 3 + 2);  // the length plot's 12, the rates plot's 3, the branching plot's 2
}

TEST_CASE("Plots: a value that is no number is left out, legends fit, compare's A and B apart", "[lab]") {
  Plot p;
  p.title = "t";
  Series s("a name long enough to run off the right edge of the picture");
  s.x = {1, 2, 3}, s.y = {std::nan(""), 0.5, std::nan("")};
  p.series.push_back(s);
  std::string out;
  REQUIRE_NOTHROW(out = svg(p));  // once: fmt's "negative precision" from the ticks of nothing
  CHECK(out.find("nan") == std::string::npos);
  CHECK(out.find("<tspan") != std::string::npos);  // the legend on several lines
  Plot none;
  Series all_nan("n");
  all_nan.x = {std::nan("")}, all_nan.y = {std::nan("")};
  none.series.push_back(all_nan);
  REQUIRE_NOTHROW(out = svg(none));
  CHECK(out.find("nan") == std::string::npos);
  // compare's report: A and B in two colours of their own in every plot that names them.
  CompareConfig c;
  c.a = small_run("breakthrough", "random", "random", 0);
  c.b = c.a;
  c.games = c.batch = 20;
  const std::string page = compare_html(compare(c), c, "a", "b", "dir");
  for (const int colour : kRuleSetColours) CHECK(page.find(fmt::format("class=\"key s{}\"", colour)) != std::string::npos);
  CHECK(kRuleSetColours[0] != kRuleSetColours[1]);
  CHECK(std::string(boardlab_css()).find(fmt::format(".s{} ", kPaletteColours - 1)) != std::string::npos);
  CHECK(time_text(3.11e-8) == "0.03 µs");
  CHECK(time_text(3.11e-5) == "31.1 µs");
  CHECK(time_text(0.00412) == "4.12 ms");
  CHECK(time_text(2.345) == "2.35 s");
}

TEST_CASE("The ladder's page plots each agent's rating with its interval", "[lab]") {
  Ladder l;
  l.agents = {AgentSpec::parse("random"), AgentSpec::parse("greedy")};
  l.games = 10;
  l.ratings = {Rating{0, {-50, 50}}, Rating{200, {120, 290}}};
  l.results.assign(2, std::vector<MatchResult>(2));
  l.results[0][1].games = 10, l.results[0][1].losses = 9, l.results[0][1].wins = 1;
  const std::string page = ladder_html(l, "dipole");
  CHECK(page.find("Elo rating with its 95% interval") != std::string::npos);
  // Strongest first: greedy's point at 200 with its interval, then random's.
  const size_t greedy = page.find("<title>rating: 200 (120 to 290)</title>"), random = page.find("<title>rating: 0 (-50 to 50)</title>");
  CHECK(greedy != std::string::npos);
  CHECK(random != std::string::npos);
  CHECK(greedy < random);
}

TEST_CASE("A few games' first-agent score has its interval within 0 and 1", "[lab]") {
  auto game = testing::bundled("dipole");
  std::vector<GameStats> games(4);
  for (size_t i = 0; i < games.size(); ++i) {
    games[i].index = static_cast<long>(i), games[i].first_seat = static_cast<int>(i % 2), games[i].plies = 10;
    games[i].winner = i < 3 ? games[i].first_seat : 1 - games[i].first_seat;  // the first agent wins 3 of 4
    games[i].result = "won";
  }
  const Spread score = summarize(games, game->def()).first_agent_score;
  CHECK(score.mean == Approx(0.75));
  CHECK(score.mean95.low >= 0);
  CHECK(score.mean95.high <= 1);  // the normal approximation alone gives 1.24
  CHECK(score.mean95.high == 1);
}
