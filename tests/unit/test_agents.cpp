// Agents: specs, reproducibility, tree reuse, finding a win, dice, and the evaluate hook.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fmt/format.h>

#include "agents/agent.h"
#include "agents/evaluation.h"
#include "agents/factories.h"
#include "agents/params.h"
#include "definition/bundled.h"
#include "lab/match.h"
#include "helpers.h"
#include "state/position_text.h"

using namespace boardlab;

namespace {

// The moves an agent plays from the start of `game` for `plies` plies (dice from `seed`).
std::vector<std::string> moves_played(const Rules& game, Agent& agent, int plies, uint64_t seed) {
  State s = game.initial();
  Rng rng(seed);
  MoveList moves;
  std::vector<std::string> out;
  for (int i = 0; i < plies && !s.outcome().over(); ++i) {
    if (s.awaiting_roll()) game.apply(s, game.sample_chance(s, rng));
    game.legal_moves(s, moves);
    const int k = agent.choose(game, s, moves);
    out.push_back(game.move_texts(s, moves)[static_cast<size_t>(k)]);
    game.apply(s, moves[k]);
  }
  return out;
}

std::string choice(const Rules& game, const std::string& spec, const std::string& position) {
  auto agent = make_agent(AgentSpec::parse(spec), game.def_ptr(), 1);
  State s = parse_position(game.def(), position);
  MoveList moves;
  game.legal_moves(s, moves);
  return game.move_texts(s, moves)[static_cast<size_t>(agent->choose(game, s, moves))];
}

}  // namespace

TEST_CASE("agent specs: a name, then key=value parameters") {
  auto spec = AgentSpec::parse("mcts:iterations=5000, threads=2");
  CHECK(spec.name == "mcts");
  CHECK(spec.params == std::map<std::string, std::string>{{"iterations", "5000"}, {"threads", "2"}});
  CHECK(spec.str() == "mcts:iterations=5000,threads=2");
  CHECK(AgentSpec::parse("random").params.empty());
  CHECK_THROWS_WITH(AgentSpec::parse("mcts:iterations"), Catch::Contains("key=value"));
  // A number alone first is the agent's first parameter.
  CHECK(AgentSpec::parse("alphabeta:6,seconds=1").str() == "alphabeta:6,seconds=1");
  auto game = testing::bundled("dipole");
  CHECK_THROWS_WITH(make_agent(AgentSpec::parse("mcts:iterations=0"), game->def_ptr(), 1),
                    "mcts: iterations takes a whole number from 1 to 100000000, not '0'");
  CHECK_THROWS_WITH(make_agent(AgentSpec::parse("greedy:depth=2"), game->def_ptr(), 1), "greedy has no parameter 'depth'");
  CHECK_THROWS_WITH(make_agent(AgentSpec::parse("minimax"), game->def_ptr(), 1), Catch::Contains("no agent named 'minimax'"));
}

TEST_CASE("`boardlab agents` lists every parameter each agent reads, and each listed default is accepted") {
  for (const AgentInfo& info : agent_catalogue()) {
    INFO(info.name);
    auto game = testing::bundled(info.name == "expectimax" ? "hypergammon" : "breakthrough");
    std::set<std::string> listed;
    std::map<std::string, std::string> defaults;
    for (const AgentParam& p : info.params) listed.insert(p.name), defaults[p.name] = p.default_value;
    AgentParams bare(info.name, {});
    REQUIRE(make_named_agent(info.name, bare, game->def_ptr(), 1));
    CHECK(bare.read() == listed);
    AgentParams given(info.name, defaults);
    CHECK_NOTHROW(make_named_agent(info.name, given, game->def_ptr(), 1));
  }
}

TEST_CASE("agent lists: one spec per seat, a spec's own parameters after commas too") {
  const auto list = AgentSpec::parse_list("mcts:iterations=200,threads=1, random ,alphabeta:4,seconds=1");
  REQUIRE(list.size() == 3);
  CHECK(list[0].str() == "mcts:iterations=200,threads=1");
  CHECK(list[1].str() == "random");
  CHECK(list[2].str() == "alphabeta:4,seconds=1");
  CHECK(AgentSpec::parse_list("greedy").size() == 1);
  CHECK_THROWS_WITH(AgentSpec::parse_list("random,,greedy"), Catch::Contains("starts with the agent's name"));
  CHECK(random_seats(3) == "random,random,random");
}

TEST_CASE("Agent limits: time is cut to the limit; a larger table, more threads or a named file is refused") {
  auto game = testing::bundled("dipole");
  const AgentLimits limits{0.05, 20, 2, false};
  const auto make = [&](const std::string& spec) { return make_agent(AgentSpec::parse(spec), game->def_ptr(), 1, nullptr, limits); };
  State s = game->initial();
  MoveList moves;
  game->legal_moves(s, moves);
  // Budgets that would take minutes or never end stop at the limit.
  auto many = make("mcts:iterations=100000000");
  many->choose(*game, s, moves);
  CHECK(many->iterations() > 0);
  CHECK(many->iterations() < 100000000);
  auto deep = make("alphabeta:depth=64,seconds=0");
  deep->choose(*game, s, moves);
  CHECK_THAT(deep->last_search(), Catch::StartsWith("depth "));
  CHECK(std::stoi(deep->last_search().substr(6)) < 64);
  // A budget within the limit is the spec's own, exactly (a limit no loaded machine reaches:
  // 0.05 s cut 50 iterations in a sanitizer build under load).
  auto few = make_agent(AgentSpec::parse("mcts:iterations=50"), game->def_ptr(), 1, nullptr, AgentLimits{60, 20, 2, false});
  few->choose(*game, s, moves);
  CHECK(few->iterations() == 50);
  CHECK_THROWS_WITH(make("alphabeta:table_bits=28"), Catch::Contains("table_bits takes a whole number from 10 to 20"));
  CHECK_THROWS_WITH(make("mcts:threads=8"), Catch::Contains("threads takes a whole number from 1 to 2"));
  CHECK_THROWS_WITH(make("greedy:eval=/etc/passwd"), Catch::Contains("reads no file a spec names"));
  CHECK_THROWS_WITH(make("greedy:eval=learned+/etc/passwd"), Catch::Contains("reads no file a spec names"));
  // Without limits the same file is read (and refused for what it holds).
  CHECK_THROWS_WITH(make_agent(AgentSpec::parse("greedy:eval=/etc/passwd"), game->def_ptr(), 1), !Catch::Contains("reads no file"));
}

TEST_CASE("mcts with a fixed budget replays exactly, with one thread or two") {
  auto game = testing::bundled("dipole");
  for (const char* spec : {"mcts:iterations=300", "mcts:iterations=300,threads=2", "mcts:iterations=300,puct=1",
                           "mcts:iterations=300,puct=1,eval=learned,threads=2"}) {
    INFO(spec);
    auto a = make_agent(AgentSpec::parse(spec), game->def_ptr(), 7);
    auto b = make_agent(AgentSpec::parse(spec), game->def_ptr(), 7);
    CHECK(moves_played(*game, *a, 12, 3) == moves_played(*game, *b, 12, 3));
  }
}

namespace {
// A number in an agent's last_search() text, after `label`.
long figure(const Agent& agent, const std::string& label) {
  const std::string summary = agent.last_search();
  INFO(summary);
  const size_t at = summary.find(label);
  REQUIRE(at != std::string::npos);
  return std::stol(summary.substr(at + label.size()));
}

// The root's visits when `spec` (mcts) searches its second position, with `limits`.
long second_search_visits(const AgentLimits& limits, const char* spec = "mcts:iterations=2000") {
  auto game = testing::bundled("english-checkers");
  auto agent = make_agent(AgentSpec::parse(spec), game->def_ptr(), 1, nullptr, limits);
  State s = game->initial();
  MoveList moves;
  Rng rng(1);
  game->legal_moves(s, moves);
  game->apply(s, moves[agent->choose(*game, s, moves)]);
  // A reply it has searched, after which it has a choice (a forced move is not searched).
  MoveList replies;
  game->legal_moves(s, replies);
  for (int i = 0; i < replies.size(); ++i) {
    game->apply(s, replies[i]);
    game->legal_moves(s, moves);
    if (moves.size() > 1) break;
    s.undo();
  }
  REQUIRE(moves.size() > 1);
  agent->choose(*game, s, moves);
  return figure(*agent, "the root has ");
}
}  // namespace

TEST_CASE("a node budget: no larger a search than asked, deeper for more, depth 1 always finished") {
  auto game = testing::bundled("breakthrough");
  for (const char* name : {"alphabeta", "expectimax"}) {
    auto deepest = [&](long nodes) {
      INFO(name << " nodes=" << nodes);
      auto agent = make_agent(AgentSpec::parse(fmt::format("{}:depth=16,seconds=0,nodes={}", name, nodes)), game->def_ptr(), 1);
      State s = game->initial();
      MoveList moves;
      long depth = 0;
      for (int ply = 0; ply < 6; ++ply) {
        game->legal_moves(s, moves);
        const uint64_t before = agent->iterations();
        game->apply(s, moves[agent->choose(*game, s, moves)]);
        // Depth 1 is searched whatever the budget: its positions are the moves and the root.
        CHECK(agent->iterations() - before <= static_cast<uint64_t>(std::max<long>(nodes, moves.size() + 1)));
        CHECK(figure(*agent, "s, ") == static_cast<long>(agent->iterations() - before));
        depth = std::max(depth, figure(*agent, "depth "));
      }
      return depth;
    };
    CHECK(deepest(1) == 1);
    CHECK(deepest(3000) < deepest(60000));
  }
  // With dice: the chance nodes count as positions too.
  auto dice = testing::bundled("hypergammon");
  auto agent = make_agent(AgentSpec::parse("expectimax:depth=16,seconds=0,nodes=2000"), dice->def_ptr(), 1);
  CHECK(moves_played(*dice, *agent, 6, 5).size() == 6);
  CHECK(figure(*agent, "s, ") <= 2000);
}

TEST_CASE("mcts with both budgets stops at whichever runs out first") {
  auto game = testing::bundled("dipole");
  // Before, seconds alone decided and iterations were ignored: this searched for 60 s.
  auto agent = make_agent(AgentSpec::parse("mcts:iterations=300,seconds=60"), game->def_ptr(), 1);
  moves_played(*game, *agent, 1, 1);
  CHECK(figure(*agent, "") == 300);
  // Seconds alone: by time, not the default 1,000 playouts.
  auto timed = make_agent(AgentSpec::parse("mcts:seconds=0.3"), game->def_ptr(), 1);
  moves_played(*game, *timed, 1, 1);
  const std::string summary = timed->last_search();
  INFO(summary);
  CHECK(std::stod(summary.substr(summary.find(" in ") + 4)) >= 0.29);
}

TEST_CASE("mcts keeps its tree between moves, unless its limits say not to (a server's waiting games)") {
  // More visits at the root than this search's 2,000: the subtree came from the first.
  CHECK(second_search_visits({}) > 2000);
  CHECK(second_search_visits({}, "mcts:iterations=2000,puct=1") > 2000);  // the priors are kept with it
  AgentLimits forget;
  forget.keep_trees = false;
  CHECK(second_search_visits(forget) == 2000);
  CHECK(second_search_visits(forget, "mcts:iterations=2000,puct=1") == 2000);
}

namespace {
// Plays `s` forward by `plies` plies that bring back the position whose hash is `start`; false,
// and `s` unchanged, when none do.
bool back_to(const Rules& game, State& s, uint64_t start, int plies) {
  if (plies == 0) return s.hash() == start;
  MoveList moves;
  game.legal_moves(s, moves);
  for (int i = 0; i < moves.size(); ++i) {
    game.apply(s, moves[i]);
    if (back_to(game, s, start, plies - 1)) return true;
    s.undo();
  }
  return false;
}
}  // namespace

TEST_CASE("mcts reuses its tree only at the node the game reached, not at a transposition") {
  // The position comes back four plies on, with another history (it occurred twice now): the
  // old root has the same position but not this history, and its 2,000 visits must not be
  // kept. Before, the root was found at depth 0 and the search had 4,000 visits.
  auto game = testing::bundled("dablot");
  auto agent = make_agent(AgentSpec::parse("mcts:iterations=2000"), game->def_ptr(), 1);
  State s = game->initial();
  MoveList moves;
  game->legal_moves(s, moves);
  agent->choose(*game, s, moves);
  REQUIRE(back_to(*game, s, s.hash(), 4));  // each side steps out and back
  game->legal_moves(s, moves);
  agent->choose(*game, s, moves);
  CHECK(figure(*agent, "the root has ") < 4000);
  CHECK(figure(*agent, "the root has ") >= 2000);
  // With dice a roll is a level of the tree too: one agent playing both sides finds the
  // reply's position two levels down (the move, the roll) and keeps what it learned there.
  auto dice = testing::bundled("hypergammon");
  auto both = make_agent(AgentSpec::parse("mcts:iterations=20000"), dice->def_ptr(), 1);
  moves_played(*dice, *both, 2, 4);
  CHECK(figure(*both, "the root has ") > 20000);
}

TEST_CASE("mcts:puct first tries the move whose afterstate evaluates best for the mover") {
  // One iteration visits one move: plain UCT's is drawn at random, PUCT's has the highest
  // value before any visit, its afterstate's evaluation. Positions of a seeded random game.
  for (const char* name : {"dipole", "english-checkers", "breakthrough"}) {
    auto game = testing::bundled(name);
    State s = game->initial();
    Rng rng(3);
    MoveList moves;
    int differs = 0;
    for (int ply = 0; ply < 30 && !game->outcome(s).over(); ++ply) {
      game->legal_moves(s, moves);
      if (moves.size() > 1) {
        std::vector<double> value;
        const int mover = s.side();
        for (int k = 0; k < moves.size(); ++k) {
          game->apply(s, moves[k]);
          value.push_back(s.outcome().over() ? terminal_value(s.outcome(), mover) : evaluate(*game, s, mover));
          s.undo();
        }
        const double best = *std::max_element(value.begin(), value.end());
        auto puct = make_agent(AgentSpec::parse("mcts:iterations=1,puct=1"), game->def_ptr(), 1);
        auto uct = make_agent(AgentSpec::parse("mcts:iterations=1"), game->def_ptr(), 1);
        CHECK(value[static_cast<size_t>(puct->choose(*game, s, moves))] == Approx(best).margin(1e-6));
        differs += value[static_cast<size_t>(uct->choose(*game, s, moves))] < best - 1e-6;
      }
      game->apply(s, moves[static_cast<int>(rng.below(static_cast<uint32_t>(moves.size())))]);
    }
    CHECK(differs > 0);  // the test tells the two apart
  }
}

TEST_CASE("mcts's trees stay within their memory budget and the search goes on past it") {
  auto game = testing::bundled("english-checkers");
  State s = game->initial();
  MoveList moves;
  game->legal_moves(s, moves);
  // 20,000 iterations grow a tree of about 100,000 nodes; 1 MiB holds fewer than 32,768.
  auto free = make_agent(AgentSpec::parse("mcts:iterations=20000"), game->def_ptr(), 1);
  free->choose(*game, s, moves);
  CHECK(figure(*free, "on the move; ") > 32768);
  AgentLimits small;
  small.tree_mb = 1;
  for (const char* spec : {"mcts:iterations=20000", "mcts:iterations=20000,threads=2"}) {
    INFO(spec);
    auto capped = make_agent(AgentSpec::parse(spec), game->def_ptr(), 1, nullptr, small);
    capped->choose(*game, s, moves);
    CHECK(capped->iterations() == 20000);
    CHECK(figure(*capped, "on the move; ") <= 32768);
  }
}

TEST_CASE("every agent takes an immediate win") {
  // Dipole: the 2-stack on e1 captures the last black checker on g3 (e1-g3).
  auto dipole = testing::bundled("dipole");
  for (const char* spec : {"greedy", "alphabeta:depth=2", "mcts:iterations=500", "mcts:iterations=500,puct=1", "expectimax:depth=1"})
    CHECK(choice(*dipole, spec, "white e1=ww g3=b") == "e1-g3");
}

TEST_CASE("expectimax and mcts play dice games; the evaluate hook sees the race") {
  auto game = testing::bundled("hypergammon");
  // White has 6 pips to go, black (on its points 19-21) 60.
  State ahead = parse_position(game->def(), "white 1=w 2=w 3=w 4=b 5=b 6=b");
  CHECK(evaluate(*game, ahead, 0) > 0.5);
  CHECK(evaluate(*game, ahead, 1) < -0.5);
  for (const char* spec : {"expectimax:depth=1", "mcts:iterations=200"}) {
    auto a = make_agent(AgentSpec::parse(spec), game->def_ptr(), 3);
    auto b = make_agent(AgentSpec::parse(spec), game->def_ptr(), 3);
    CHECK(moves_played(*game, *a, 10, 5) == moves_played(*game, *b, 10, 5));
  }
  // Bearing off the last two checkers wins: expectimax takes it rather than 6/5 2/off.
  CHECK(choice(*game, "expectimax:depth=1", "white dice:6,1 6=w 1=w 24=b 23=b 22=b off:w=1") == "6/off 1/off");
}

TEST_CASE("a match alternates seats and counts from the first agent's side") {
  auto game = testing::bundled("dipole");
  lab::SimulationConfig c{game->def_ptr(), {AgentSpec::parse("mcts:iterations=300"), AgentSpec::parse("random")}, 6, 1, 300, 1};
  const auto games = lab::simulate(c);
  for (size_t i = 0; i < games.size(); ++i) CHECK(games[i].first_seat == static_cast<int>(i % 2));
  auto r = lab::match_result(games);
  CHECK(r.games == 6);
  CHECK(r.wins + r.draws + r.losses == 6);
  CHECK(r.wins >= 5);
  auto [lo, hi] = r.interval();
  CHECK(lo < r.score());
  CHECK(hi >= r.score() - 1e-12);
  // Each agent's thinking, whichever seat it had: mcts's 300 playouts take far longer than a
  // random choice (counted by seat, the two would share both agents' times).
  REQUIRE(r.thinking.size() == 2);
  const lab::Thinking &mcts = r.thinking[0], &random = r.thinking[1];
  CHECK(mcts.moves > 0);
  CHECK(random.moves > 0);
  CHECK(mcts.moves + random.moves <= r.plies);
  CHECK(mcts.longest <= mcts.seconds);
  CHECK(mcts.longest > 0);
  CHECK(mcts.seconds / static_cast<double>(mcts.moves) > 10 * random.seconds / static_cast<double>(random.moves));
}

TEST_CASE("search agents see that boxing in the last piece wins, with or without playouts") {
  // Pieces step to an empty neighbouring cell; b's c2-b2 leaves a's piece on a1 no move.
  testing::TempDir dir;
  const std::string lua =
      "function generate()\n"
      "  for i = 0, state.nmine() - 1 do\n"
      "    local c = state.mine(i)\n"
      "    for d = 0, board.ndirs - 1 do\n"
      "      local t = board.ray(c, d, 1)\n"
      "      if t >= 0 and state.height(t) == 0 then moves.stack(c, t, 1) end\n"
      "    end\n"
      "  end\n"
      "end\n";
  ThreadRules game(load_game_def(testing::tiny_definition(dir, lua, "turn: {no_moves: lose}\n", testing::kTinySetupOfSix)));
  for (const char* spec : {"mcts:iterations=300,rollout=0", "mcts:iterations=300", "mcts:iterations=300,rollout=0,puct=1", "alphabeta:depth=2"}) {
    INFO(spec);
    CHECK(choice(game, spec, "b a1=x a2=o b1=o c2=o") == "c2-b2");
  }
}

TEST_CASE("levels: the default ladder by the kind of game, a definition's own, and a bad one at its line") {
  auto dipole = testing::bundled("dipole");
  auto stacks = testing::bundled("death-stacks");  // the default ladder: no levels of its own
  // The bundled games ship weights (weights:): their default levels judge with them.
  CHECK(level_spec(stacks->def(), 1) == "greedy:eval=learned");
  // Without dice: a search of a fixed size, four times larger a level, within a time cap.
  CHECK(level_spec(stacks->def(), 2) == "alphabeta:depth=64,nodes=2000,seconds=0.1,eval=learned");
  CHECK(level_spec(stacks->def(), 3) == "alphabeta:depth=64,nodes=8000,seconds=0.4,eval=learned");
  CHECK(level_spec(stacks->def(), 5) == "alphabeta:depth=64,nodes=128000,seconds=3,eval=learned");
  // Dipole names its own: material at level 1, and searches sixteen times apart.
  CHECK(level_spec(dipole->def(), 1) == "greedy");
  CHECK(level_spec(dipole->def(), 5) == "alphabeta:depth=64,nodes=512000,seconds=3,eval=learned");
  // The dice games name their own: kinds of player, random to two plies with the weights.
  CHECK(level_spec(testing::bundled("hypergammon")->def(), 1) == "random");
  CHECK(level_spec(testing::bundled("hypergammon")->def(), 5) == "expectimax:depth=2,seconds=3,eval=learned");
  CHECK(level_spec(testing::bundled("backgammon")->def(), 2) == "greedy");  // not Hypergammon's
  // The default with dice is timed: expectimax's depths are a hundredfold apart, budgets four
  // times apart no help. A variant that names `default` back, and has no weights of its own:
  {
    testing::TempDir dir;
    const auto variant = open_definition(dir.write(
        "hg.yaml", fmt::format("extends: {}/definitions/hypergammon.yaml\nname: hg\nlevels: {{1: default, 5: default}}\n",
                               std::filesystem::current_path().string())));
    CHECK(level_spec(*variant, 1) == "greedy");
    CHECK(level_spec(*variant, 5) == "expectimax:depth=16,seconds=3");
    CHECK(level_spec(*variant, 4) == "mcts:iterations=1000,seconds=1");  // inherited
  }
  CHECK(level_spec(testing::bundled("dablot")->def(), 4) == "mcts:iterations=8000,seconds=1");  // its own
  // Hex 7x7 names only level 4: greedy, Hex's level 4, is weak on the small board.
  CHECK(level_spec(testing::bundled("hex-7x7")->def(), 4) == "alphabeta:depth=64,nodes=4000,seconds=1");
  CHECK(level_spec(testing::bundled("hex-7x7")->def(), 5) == level_spec(testing::bundled("hex")->def(), 5));
  CHECK(level_spec(testing::bundled("hex")->def(), 4) == "greedy");
  // A Double Draughts variant names the one level its measured ladder needed, and inherits the rest.
  CHECK(level_spec(testing::bundled("double-draughts-straight-jumps")->def(), 2) == "alphabeta:depth=64,nodes=500,seconds=0.1");
  CHECK(level_spec(testing::bundled("double-draughts-straight-jumps")->def(), 3) ==
        level_spec(testing::bundled("double-draughts")->def(), 3));
  // Double Draughts' own levels search with the built-in evaluation (it beat the weights at equal time).
  CHECK(level_spec(testing::bundled("double-draughts")->def(), 3) == "alphabeta:depth=64,nodes=8000,seconds=0.4");
  CHECK(level_spec(testing::bundled("double-draughts")->def(), 1) == "greedy:eval=learned");
  // English checkers extends Double Draughts and names its levels `default`: the default
  // ladder, which judges with its own weights.
  for (int n = 2; n <= 5; ++n) CHECK(testing::bundled("english-checkers")->def().levels[static_cast<size_t>(n - 1)] == "default");
  CHECK(level_spec(testing::bundled("english-checkers")->def(), 3) == "alphabeta:depth=64,nodes=8000,seconds=0.4,eval=learned");
  CHECK(level_spec(testing::bundled("english-checkers")->def(), 5) == "alphabeta:depth=64,nodes=128000,seconds=3,eval=learned");
  // A variant inherits no weights: Death Stacks' default levels judge by material there.
  CHECK(level_spec(testing::bundled("death-stacks-tall5")->def(), 1) == "greedy");
  CHECK(level_spec(testing::bundled("death-stacks-tall5")->def(), 5) == "alphabeta:depth=64,nodes=128000,seconds=3");
  // Dipole 10x10 ships its own weights, names levels 1-4 and inherits Dipole's level 5.
  const auto ten = testing::bundled("dipole-10x10");
  REQUIRE(ten->def().weights_files.size() == 1);
  CHECK(std::filesystem::path(ten->def().weights_files[0]).filename() == "dipole-10x10.weights");
  CHECK(level_spec(ten->def(), 1) == "random");
  CHECK(level_spec(ten->def(), 4) == "alphabeta:depth=64,nodes=2000,seconds=0.1,eval=learned");
  CHECK(level_spec(ten->def(), 5) == level_spec(dipole->def(), 5));
  CHECK_THROWS_WITH(level_spec(dipole->def(), 6), "a level is 1 to 5, not 6");
  CHECK(make_agent(AgentSpec::parse("level:2"), dipole->def_ptr(), 1) != nullptr);
  CHECK(make_agent(AgentSpec::parse("level"), dipole->def_ptr(), 1) != nullptr);  // level 3
  CHECK_THROWS_WITH(make_agent(AgentSpec::parse("level:0"), dipole->def_ptr(), 1), Catch::Contains("from 1 to 5"));
  CHECK_THROWS_WITH(make_agent(AgentSpec::parse("greedy:3"), dipole->def_ptr(), 1),
                    "greedy takes no number alone, not '3' (name the parameter: eval=...)");
  CHECK_THROWS_WITH(make_agent(AgentSpec::parse("random:3"), dipole->def_ptr(), 1), "random takes no number alone, not '3'");
  CHECK(level_errors(dipole->def_ptr()).items().empty());
  // Every bundled game's levels make agents, and its weights were trained on the definition as
  // it is: a comment edited in a definition that others extend changes their hashes too.
  for (const std::string& file : bundled_definitions()) {
    INFO(file);
    CHECK(level_errors(open_definition(file)).str() == "");
  }
  testing::TempDir dir;
  const std::string path = testing::tiny_definition(dir, "function generate() end\n",
                                                     "levels:\n  2: \"mctz:seconds=1\"\n  4: \"level:2\"\n");
  auto bad = load_game_def(path);
  const auto errors = level_errors(bad).str();
  CHECK_THAT(errors, Catch::Contains("tiny.yaml:9:6: error: level 2: no agent named 'mctz' (did you mean 'mcts'?)"));
  CHECK_THAT(errors, Catch::Contains("tiny.yaml:10:6: error: level 4: a level names an agent, not another level"));
  // The definition's file as errors name it (relative to where the test runs, when shorter).
  CHECK_THROWS_WITH(make_agent(AgentSpec::parse("level:2"), bad, 1),
                    Catch::Contains("(level 2, ") && Catch::Contains("tiny.yaml:9:6)"));
  // A definition comes from a stranger: its levels get the limits of specs from files. Its
  // level 1 once made `check` read /dev/zero for minutes (and a FIFO blocked it forever).
  const std::string greedy_path = testing::tiny_definition(
      dir, "function generate() end\n",
      "levels:\n  1: \"greedy:eval=/dev/zero\"\n  2: \"alphabeta:table_bits=28\"\n  3: \"mcts:threads=64\"\n");
  auto greedy = load_game_def(greedy_path);
  const auto limited = level_errors(greedy).str();
  CHECK_THAT(limited, Catch::Contains("tiny.yaml:9:6: error: level 1: eval=/dev/zero: here an agent reads no file"));
  CHECK_THAT(limited, Catch::Contains("tiny.yaml:10:6: error: level 2: alphabeta: table_bits takes a whole number from 10 to 20"));
  CHECK_THAT(limited, Catch::Contains("tiny.yaml:11:6: error: level 3: mcts: threads takes a whole number from 1 to 2"));
  // The same specs typed by the person are theirs to ask for.
  CHECK(make_agent(AgentSpec::parse("mcts:threads=4"), greedy, 1) != nullptr);
}
