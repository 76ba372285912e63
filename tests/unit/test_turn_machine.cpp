// The turn machine on small made-up games: pass or lose with no move, the move cap, the
// repetition key, and a script's result hook.
#include <catch2/catch.hpp>

#include "helpers.h"
#include "agents/agent.h"
#include "core/text.h"
#include "session/game_record.h"
#include "state/position_text.h"

using namespace boardlab;

namespace {

// Each side steps one piece to an empty neighbouring cell (or, with `captures`, onto an
// enemy piece, removing it); a side whose pieces are boxed in has no move.
std::string stepper(bool captures = false) {
  return std::string(
             "function generate()\n"
             "  local me = state.side()\n"
             "  for c = 0, board.ncells - 1 do\n"
             "    if state.owner(c) == me then\n"
             "      for d = 0, board.ndirs - 1 do\n"
             "        local t = board.ray(c, d, 1)\n"
             "        if t >= 0 and state.height(t) == 0 then moves.stack(c, t, 1)\n") +
         (captures ? "        elseif t >= 0 and state.owner(t) ~= me then moves.capture(c, t, 1)\n" : "") +
         "        end\n"
         "      end\n"
         "    end\n"
         "  end\n"
         "end\n";
}
const std::string kStepper = stepper();

MoveList legal(const Rules& g, State& s) {
  MoveList m;
  g.legal_moves(s, m);
  return m;
}

}  // namespace

TEST_CASE("a side with no move loses, or passes, as the definition says") {
  testing::TempDir dir;
  // a on a1 is boxed in by b's pieces on a2, b1 and b2.
  SECTION("lose") {
    ThreadRules g(load_game_def(testing::tiny_definition(dir, kStepper, "turn: {no_moves: lose}\n", testing::kTinySetupOfSix)));
    State s = parse_position(g.def(), "a a1=x a2=o b1=o b2=o");
    const State before = s;
    const Outcome lost{Outcome::Kind::Win, Outcome::Reason::NoMoves, 1};
    // The position is over: a function of the position, whoever asks first.
    CHECK_FALSE(before.outcome().over());  // nothing known before anyone asks
    CHECK(g.outcome(before) == lost);
    CHECK(legal(g, s).empty());
    CHECK(s.outcome() == lost);  // listing the moves found it too
    CHECK(g.over(s));
    CHECK_FALSE(g.is_chance(s));
    // Asking changes nothing of the position.
    CHECK((s.same_position(before) && s.hash() == before.hash()));
    // An edit forgets the verdict: with a2 freed, a has a move again.
    State freed = parse_position(g.def(), "a a1=x b1=o b2=o");
    CHECK_FALSE(g.over(freed));
    CHECK(legal(g, freed).size() == 1);
    // Undo brings back what was known: the move into the box and back out.
    State t = parse_position(g.def(), "b a1=x b1=o b2=o c3=o");
    MoveList moves = legal(g, t);
    for (int i = 0; i < moves.size(); ++i) {
      g.apply(t, moves[i]);
      const bool over = g.over(t);
      t.undo();
      CHECK_FALSE(t.outcome().over());
      if (over) CHECK(position_text(t) == "b a1=x b1=o b2=o c3=o");
    }
  }
  SECTION("pass") {
    ThreadRules g(load_game_def(testing::tiny_definition(dir, kStepper, "turn: {no_moves: pass}\n", testing::kTinySetupOfSix)));
    State s = parse_position(g.def(), "a a1=x a2=o b1=o b2=o");
    MoveList moves = legal(g, s);
    REQUIRE(moves.size() == 1);
    CHECK(moves[0].is_pass());
    CHECK(g.move_texts(s, moves) == std::vector<std::string>{"pass"});
    g.apply(s, moves[0]);
    CHECK(g.def().players[s.side()].name == "b");
    CHECK(position_text(s) == "b ply:1 a1=x b1=o a2=o b2=o");
    CHECK_FALSE(s.outcome().over());
  }
}

TEST_CASE("the move cap draws the game") {
  testing::TempDir dir;
  ThreadRules g(load_game_def(testing::tiny_definition(dir, kStepper, "turn: {max_plies: 3}\n")));
  State s = g.initial();
  for (int i = 0; i < 3; ++i) {
    CHECK_FALSE(s.outcome().over());
    MoveList moves = legal(g, s);
    REQUIRE_FALSE(moves.empty());
    g.apply(s, moves[0]);
  }
  CHECK(s.outcome() == Outcome{Outcome::Kind::Draw, Outcome::Reason::MoveCap, -1});
  CHECK(legal(g, s).empty());
  s.undo();
  CHECK_FALSE(s.outcome().over());
}

TEST_CASE("the repetition key can include the side to move") {
  testing::TempDir dir;
  ThreadRules g(load_game_def(testing::tiny_definition(dir, kStepper, "repetition: {count: 2, key: board+side}\n")));
  State s = parse_position(g.def(), "a a1=x c3=o");
  testing::play(g, s, "a1-a2");
  testing::play(g, s, "c3-c2");
  testing::play(g, s, "a2-a1");
  CHECK_FALSE(s.outcome().over());
  testing::play(g, s, "c2-c3");  // the start again, with a to move: the second occurrence
  CHECK(s.outcome() == Outcome{Outcome::Kind::Draw, Outcome::Reason::Repetition, -1});
}

TEST_CASE("a script's result hook ends the game") {
  testing::TempDir dir;
  ThreadRules g(load_game_def(testing::tiny_definition(
      dir, kStepper + "function result()\n  if state.owner(board.cell('c1')) == 0 then return 'a' end\nend\n")));
  State s = parse_position(g.def(), "a b1=x c3=o");
  testing::play(g, s, "b1-c1");
  CHECK(s.outcome() == Outcome{Outcome::Kind::Win, Outcome::Reason::Script, 0});
}

TEST_CASE("a result hook names a detail the definition declares, with its score") {
  testing::TempDir dir;
  const std::string hook =
      "function result()\n  if state.owner(board.cell('c1')) == 0 then return 'a', DETAIL end\nend\n";
  auto make = [&](const std::string& detail, const std::string& yaml) {
    std::string lua = kStepper + hook;
    lua.replace(lua.find("DETAIL"), 6, detail);
    return std::make_unique<ThreadRules>(load_game_def(testing::tiny_definition(dir, lua, yaml)));
  };
  auto g = make("'rout'", "results: {rout: {doc: a rout, score: 2}}\n");
  State s = parse_position(g->def(), "a b1=x c3=o");
  testing::play(*g, s, "b1-c1");
  CHECK(describe(g->def(), s.outcome()) == "a wins (a rout)");
  CHECK(g->def().results[static_cast<size_t>(s.outcome().detail - 1)].score == 2);
  auto bad = make("'nope'", "results: {rout: {doc: a rout}}\n");
  State t = parse_position(bad->def(), "a b1=x c3=o");
  CHECK_THROWS_WITH(testing::play(*bad, t, "b1-c1"), Catch::Contains("result: 'nope' is not one of the definition's results (rout)"));
}

TEST_CASE("the first player comes from the definition or an option") {
  testing::TempDir dir;
  auto path = testing::tiny_definition(dir, kStepper,
                                       "turn: {first: $starter}\noptions: {starter: {default: b, values: [a, b]}}\n");
  CHECK(load_game_def(path)->first_player == 1);
  CHECK(load_game_def(path, {{"starter", "a"}})->first_player == 0);
  CHECK_THROWS_WITH(load_game_def(path, {{"starter", "c"}}),
                    Catch::Contains("option 'starter' must be one of: a, b; not 'c'"));
}

TEST_CASE("lose_without_pieces: the side left with no piece loses") {
  testing::TempDir dir;
  // Moving onto the enemy removes it.
  ThreadRules g(load_game_def(testing::tiny_definition(dir, stepper(true), "turn: {lose_without_pieces: true}\n")));
  State s = parse_position(g.def(), "a a1=x b2=o");
  MoveList moves;
  g.legal_moves(s, moves);
  auto texts = g.move_texts(s, moves);
  auto it = std::find(texts.begin(), texts.end(), "xb2,a1-b2/1");
  REQUIRE(it != texts.end());
  g.apply(s, moves[static_cast<int>(it - texts.begin())]);
  CHECK(s.outcome() == Outcome{Outcome::Kind::Win, Outcome::Reason::NoPieces, 0});
  CHECK(describe(g.def(), s.outcome()) == "a wins (the other side has no piece left)");
}

TEST_CASE("lose_without_stacks: the side that owns no stack loses, as a plain result hook would say") {
  testing::TempDir dir;
  ThreadRules g(load_game_def(testing::tiny_definition(dir, stepper(), "turn: {lose_without_stacks: true}\n", testing::kTinySetupOfSix)));
  // b owns nothing (its piece lies under a's), whoever is to move: over as soon as it is read.
  State typed = parse_position(g.def(), "b a1=x c3=ox");
  CHECK(g.outcome(typed) == Outcome{Outcome::Kind::Win, Outcome::Reason::NoStacks, 0});
  CHECK(describe(g.def(), g.outcome(typed)) == "a wins (the other side owns no stack)");

  // Death Stacks with the primitive (as bundled) against the same rules with a result hook in
  // plain Lua instead: the same games, ending at the same ply with the same winner.
  auto read = [](const std::string& path) { return *read_text_file(path); };
  std::string yaml = read("definitions/death-stacks.yaml");
  const std::string rule = "  lose_without_stacks: true";
  REQUIRE(yaml.find(rule) != std::string::npos);
  yaml.replace(yaml.find(rule), rule.size(), "  lose_without_stacks: false");
  yaml.replace(yaml.find("../scripts/death-stacks.lua"), 27, "plain.lua");
  const std::string weights = "weights: weights/death-stacks.weights\n";  // not beside the copy
  REQUIRE(yaml.find(weights) != std::string::npos);
  yaml.erase(yaml.find(weights), weights.size());
  dir.write("plain.lua", read("scripts/death-stacks.lua") +
                             "\nfunction result()\n"
                             "  for p = 0, game.nplayers - 1 do\n"
                             "    local owns = false\n"
                             "    for c = 0, board.ncells - 1 do owns = owns or state.owner(c) == p end\n"
                             "    if not owns then return 1 - p end\n"
                             "  end\n"
                             "end\n");
  ThreadRules plain(load_game_def(dir.write("plain.yaml", yaml)));
  auto bundled = testing::bundled("death-stacks");
  int ended = 0;
  for (int game = 0; game < 30; ++game) {
    // Greedy play ends games (random play in Death Stacks hardly ever does).
    auto agent = make_agent(AgentSpec::parse("greedy"), bundled->def_ptr(), static_cast<uint64_t>(game));
    State a = bundled->initial(), b = plain.initial();
    MoveList ma, mb;
    while (!a.outcome().over() && a.ply() < 300) {
      bundled->legal_moves(a, ma);
      plain.legal_moves(b, mb);
      REQUIRE(ma.size() == mb.size());
      const int pick = agent->choose(*bundled, a, ma);
      bundled->apply(a, ma[pick]);
      plain.apply(b, mb[pick]);
      REQUIRE(a.outcome().over() == b.outcome().over());
    }
    if (a.outcome().reason == Outcome::Reason::NoStacks) {
      ++ended;
      CHECK(b.outcome().reason == Outcome::Reason::Script);
      CHECK(a.outcome().winner == b.outcome().winner);
    }
  }
  CHECK(ended > 20);  // the comparison saw the rule decide games
}

namespace {

// A pile on a1: take one piece (the turn passes) or three (and move again); a side with no
// move loses. From ten, taking three is the only winning move; a search that took the extra
// move for the other side's would see no win at all, and take one.
const std::string kPile =
    "function generate()\n"
    "  local h = state.height(0)\n"
    "  if h >= 1 then moves.begin(); moves.take(0, h - 1); moves.commit() end\n"
    "  if h >= 3 then\n"
    "    moves.begin(); for k = 1, 3 do moves.take(0, h - k) end; moves.again(); moves.commit()\n"
    "  end\n"
    "end\n"
    "function notation(m) return m.again and 'take 3' or 'take 1' end\n";

}  // namespace

TEST_CASE("The same side may move twice in a row: records, replay and every agent take it as any turn") {
  testing::TempDir dir;
  dir.write("pile.lua", kPile);
  ThreadRules g(load_game_def(dir.write("pile.yaml", "name: pile\nscript: pile.lua\nplayers: [{name: a}, {name: b}]\n"
                                                     "board: {kind: grid, size: [1, 1], max_stack: 10}\n"
                                                     "pieces: {p: {glyphs: {a: x, b: o}}}\n"
                                                     "setup: [{stack: xxxxxxxxxx, cells: [a1]}]\nturn: {no_moves: lose}\n")));
  State s = g.initial();
  MoveList moves = legal(g, s);
  REQUIRE(g.move_texts(s, moves) == std::vector<std::string>{"take 1", "take 3"});
  State after = s;
  g.apply(after, moves[1]);
  CHECK(after.side() == 0);  // a moves again
  CHECK(position_text(after) == "a ply:1 a1=xxxxxxx");
  after.undo();
  CHECK((after.same_position(s) && after.hash() == s.hash()));
  // Every search finds the extra-move combination; one that negated the value of a position
  // where the same side moves again would take one and lose.
  for (const char* spec : {"alphabeta:depth=10", "expectimax:depth=10", "mcts:iterations=5000"}) {
    INFO(spec);
    auto agent = make_agent(AgentSpec::parse(spec), g.def_ptr(), 1);
    CHECK(g.move_texts(s, moves)[static_cast<size_t>(agent->choose(g, s, moves))] == "take 3");
  }
  // Played out by alphabeta on both sides: a wins, moving twice in a row on the way; the
  // record of it replays, its plies naming a twice running.
  auto agent = make_agent(AgentSpec::parse("alphabeta:depth=10"), g.def_ptr(), 1);
  State game = s;
  Record r;
  r.game = "pile";
  for (MoveList m = legal(g, game); !m.empty(); m = legal(g, game)) {
    const int k = agent->choose(g, game, m);
    r.plies.push_back(record_ply(g.def(), game, g.move_texts(game, m)[static_cast<size_t>(k)]));
    g.apply(game, m[k]);
  }
  CHECK(g.outcome(game) == Outcome{Outcome::Kind::Win, Outcome::Reason::NoMoves, 0});
  CHECK(r.plies.size() >= 2);
  CHECK((r.plies[0].side == "a" && r.plies[1].side == "a"));
  const Replay rep = replay(g, parse_record(format_record(r)));
  CHECK(rep.error.empty());
  CHECK(rep.state.same_position(game));
}
