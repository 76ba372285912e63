// Learned evaluations (interpreter/learn/, lab/training.h): the generic inputs on every
// board kind, the weights file, training that reaches a known value, reproducibility.
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <functional>
#include <set>

#include "agents/agent.h"
#include "agents/evaluation.h"
#include "core/text.h"
#include "definition/bundled.h"
#include "helpers.h"
#include "lab/training.h"
#include "learn/learned_eval.h"
#include "state/position_text.h"

using namespace boardlab;

namespace {

const char* kNim = "tests/data/nim-race/nim-race.yaml";

// The inputs set, each once.
std::map<int, float> inputs(const InputLayout& layout, const State& s, int perspective) {
  SparseInput x;
  layout.encode(s, perspective, x);
  std::map<int, float> out;
  for (int k = 0; k < x.size(); ++k) out.emplace(x.index(k), x.value(k));
  if (static_cast<int>(out.size()) != x.size()) FAIL("an input is set twice");
  return out;
}

// The inputs below `limit` (the cells' block, say).
std::map<int, float> below(const std::map<int, float>& in, int limit) {
  std::map<int, float> out;
  for (auto [i, v] : in)
    if (i < limit) out[i] = v;
  return out;
}

// Shows `visit` every position of a random game: before and after each roll.
void visit_random_game(const Rules& rules, const std::function<void(const State&)>& visit) {
  struct Seen : GameObserver {
    const std::function<void(const State&)>* visit;
    void rolled(const State& s) override { (*visit)(s); }
    void moved(const State& s) override { (*visit)(s); }
  } seen;
  seen.visit = &visit;
  Rng rng(5);
  RandomPlayer random(rng);
  std::vector<Player*> seats(static_cast<size_t>(rules.def().nplayers()), &random);
  State s = rules.initial();
  GameLoop().play(rules, s, seats, rng, 300, &seen);
}

// The Nim race's one piece `d` cells from the end, `side` to move.
State nim_race_at(const Rules& rules, int d, int side) {
  State s = rules.initial();
  s.clear();
  s.push_piece(rules.def().board.cell_index("a1") + d, static_cast<uint8_t>(rules.def().code(0, 0)));
  s.set_side(side);
  return s;
}

}  // namespace

TEST_CASE("Learned inputs: every bundled game's positions give distinct in-range inputs, one per piece kept") {
  for (const char* name : {"breakthrough", "dipole", "death-stacks", "double-draughts", "dablot", "hypergammon",
                           "lasca", "plakoto", "english-checkers"}) {
    auto game = testing::bundled(name);
    const GameDef& def = game->def();
    const InputLayout layout(def);
    const int levels = std::min(def.stack_cap, 8);
    visit_random_game(*game, [&](const State& s) {
      for (int p = 0; p < def.nplayers(); ++p) {
        const auto in = inputs(layout, s, p);
        long pieces = 0, reserves = 0;
        for (int c = 0; c < def.board.ncells; ++c) pieces += std::min(s.height(c), levels) + (s.height(c) > levels);
        for (size_t r = 0; r < def.reserve_slots.size(); ++r)
          for (int code = 1; code < def.ncodes; ++code) reserves += s.reserve(static_cast<int>(r), code) > 0 ? 2 : 0;
        const long dice = def.dice.count ? (s.awaiting_roll() ? 1 : 0) + static_cast<long>(std::set<int>(
                                               s.arrays().dice, s.arrays().dice + s.ndice()).size()) : 0;
        INFO(name << ", perspective " << p << ": " << position_text(s));
        CHECK(static_cast<long>(in.size()) == pieces + reserves + 2 + dice);  // + side to move + perspective
        CHECK(in.rbegin()->first < layout.size());
        CHECK(in.begin()->first >= 0);
      }
    });
  }
}

TEST_CASE("Learned inputs: a grid seen by the second player is turned half round, owners counted from the viewer") {
  auto game = testing::bundled("breakthrough");
  const InputLayout layout(game->def());
  REQUIRE(layout.turned());
  // 64 cells x (levels x 2 kind-owners, + the height below them), side to move 2,
  // perspective 2. (A stack may hold every piece, as the definition sets no max_stack.)
  const int levels = std::min(game->def().stack_cap, 8);
  const int cell = levels * 2 + (game->def().stack_cap > 8 ? 1 : 0), board = 64 * cell;
  CHECK(layout.size() == board + 2 + 2);
  const State start = game->initial();
  // The start looks the same to both sides: the same board block.
  CHECK(below(inputs(layout, start, 0), board) == below(inputs(layout, start, 1), board));
  State s = parse_position(game->def(), "white a1=w h8=b");
  const auto white = inputs(layout, s, 0), black = inputs(layout, s, 1);
  CHECK(white.size() == 4);
  CHECK(white.count(0 * cell + 0));   // a1, mine
  CHECK(white.count(63 * cell + 1));  // h8, the other's
  CHECK(black.count(0 * cell + 0));   // h8 turned to a1, mine
  CHECK(black.count(63 * cell + 1));  // a1 turned to h8, the other's
  CHECK(white.count(board + 0));      // side to move: the viewer
  CHECK(black.count(board + 1));      // side to move: the other
  CHECK(white.count(board + 2 + 0));  // the perspective
  CHECK(black.count(board + 2 + 1));
}

TEST_CASE("Learned inputs: a lattice's points, and stacks from the top with the height below the levels kept") {
  auto dablot = testing::bundled("dablot");
  const InputLayout lattice(dablot->def());
  int points = 0;
  for (int c = 0; c < dablot->def().board.ncells; ++c) points += dablot->def().board.playable[static_cast<size_t>(c)];
  CHECK(lattice.describe().find(fmt::format("cells {} x", points)) == 0);

  auto dipole = testing::bundled("dipole");  // stacks of up to 12 of one colour: 8 levels kept
  const GameDef& d = dipole->def();
  REQUIRE(d.stack_cap > 8);
  const InputLayout stacks(d);
  State s = dipole->initial();
  s.clear();
  const int cell = d.board.cell_index("b2") >= 0 && d.board.playable[static_cast<size_t>(d.board.cell_index("b2"))]
                       ? d.board.cell_index("b2") : d.board.cell_index("a1");
  const int mine = d.code(0, 0);
  for (int i = 0; i < 10; ++i) s.push_piece(cell, static_cast<uint8_t>(mine));
  const auto in = inputs(stacks, s, 0);
  CHECK(in.size() == 8 + 1 + 2);  // 8 levels, the 2 below them, side to move and perspective
  float below_levels = 0;
  for (auto [i, v] : in)
    if (v != 1.0f) below_levels = v;
  CHECK(below_levels == Approx(2.0 / (d.stack_cap - 8)));

  auto lasca = testing::bundled("lasca");  // mixed columns: level 0 is the top piece
  const InputLayout columns(lasca->def());
  State c = parse_position(lasca->def(), "white a1=wb");  // bottom to top: a white soldier under a black one
  const auto top_black = inputs(columns, c, 0);
  State c2 = parse_position(lasca->def(), "white a1=bw");
  CHECK(top_black != inputs(columns, c2, 0));
}

TEST_CASE("Learned inputs: a track's bar and tray, the side to move, and the dice before and after the roll") {
  auto game = testing::bundled("hypergammon");
  const GameDef& def = game->def();
  const InputLayout layout(def);
  REQUIRE(layout.turned());
  State s = parse_position(def, "white 22=w 23=w 1=b 2=b 3=b");
  const int white = def.code(0, 0);
  s.set_reserve(def.bar_slot, white, 1);
  const auto before = inputs(layout, s, 0);
  s.set_reserve(def.bar_slot, white, 0);
  s.set_reserve(def.off_slot, white, 1);
  const auto off = inputs(layout, s, 0);
  CHECK(before != off);
  CHECK(before.size() == off.size());
  State rolled = parse_position(def, "white dice:3,3 22=w 23=w 24=w 1=b 2=b 3=b");
  State waiting = parse_position(def, "white 22=w 23=w 24=w 1=b 2=b 3=b");
  const auto r = inputs(layout, rolled, 0), w = inputs(layout, waiting, 0);
  CHECK(r.size() == w.size());  // a double's one face (four dice) against "awaiting the roll"
  CHECK(r != w);
  bool four_threes = false;
  for (auto [i, v] : r) four_threes |= v == Approx(1.0);
  CHECK(four_threes);
}

TEST_CASE("Weights files: a round trip keeps every weight; a file for another game or a damaged one is refused") {
  testing::TempDir dir;
  auto nim = open_definition(kNim);
  lab::TrainConfig c;
  c.def = nim;
  c.games = 200;
  c.check_games = 0;
  const lab::TrainResult r = lab::train(c);
  const std::string path = dir.path() + "/nim.weights";
  r.eval->save(path, r.summary);
  std::string warning = "unset";
  auto back = LearnedEval::load(path, *nim, &warning);
  CHECK(warning.empty());
  CHECK(back->net() == r.eval->net());
  CHECK(back->training().find("\"games\":200") != std::string::npos);
  State s = ThreadRules(nim).initial();
  LearnedEval::Scratch a, b;
  CHECK(back->value(s, 0, a) == r.eval->value(s, 0, b));

  auto other = open_definition("breakthrough");
  CHECK_THROWS_WITH(LearnedEval::load(path, *other), Catch::Contains("trained for 'nim-race', not 'breakthrough'"));
  CHECK_THROWS_WITH(make_agent(AgentSpec::parse("greedy:eval=" + path), other, 1),
                    Catch::Contains("trained for 'nim-race', not 'breakthrough'"));

  std::string text;
  {
    std::ifstream in(path, std::ios::binary);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  const auto write = [&](const std::string& name, const std::string& body) {
    std::ofstream out(dir.path() + "/" + name, std::ios::binary);
    out << body;
    return dir.path() + "/" + name;
  };
  CHECK_THROWS_WITH(LearnedEval::load(write("cut.weights", text.substr(0, text.size() - 5)), *nim),
                    Catch::Contains("parameters after its header"));
  CHECK_THROWS_WITH(LearnedEval::load(write("long.weights", text + "x"), *nim), Catch::Contains("parameters after its header"));
  CHECK_THROWS_WITH(LearnedEval::load(write("other.weights", "hello\n"), *nim), Catch::Contains("not a weights file"));
  // nlohmann's texts come in plain words, without their codes.
  CHECK_THROWS_WITH(LearnedEval::load(write("json.weights", "boardlab-weights 1\n{nope\n"), *nim),
                    Catch::EndsWith("the header is not JSON: at line 1, column 3: invalid literal (last read: '{no'); expected string literal"));
  CHECK_THROWS_WITH(LearnedEval::load(write("field.weights", "boardlab-weights 1\n{\"definition\": 3}\n"), *nim),
                    Catch::EndsWith("a header field has the wrong type: a string was expected, not a number"));
  // A header over kMaxWeightsHeader is refused before it is parsed (a 63 MB one took 1.5 GB).
  CHECK_THROWS_WITH(LearnedEval::load(write("huge.weights", "boardlab-weights 1\n[" + std::string(kMaxWeightsHeader, '1') + "]\n"), *nim),
                    Catch::Contains(fmt::format("a weights file's header is at most {}", kMaxWeightsHeader)));
  CHECK_THROWS_WITH(LearnedEval::load(dir.path() + "/missing.weights", *nim), Catch::Contains("cannot read"));
  // A header whose training field nests 100,000 lists: refused as it is read (it used to
  // overflow the stack when the header was printed again, killing a server).
  std::string header = text.substr(0, text.find('\n') + 1);
  std::string deep = std::string(100000, '[') + std::string(100000, ']');
  CHECK_THROWS_WITH(LearnedEval::load(write("deep.weights", header + "{\"training\": " + deep + "}\n"), *nim),
                    Catch::Contains("nests deeper than 64 levels"));
  // Files that are not files: a device that never ends, a pipe nobody writes to.
  CHECK_THROWS_WITH(LearnedEval::load("/dev/zero", *nim), Catch::Contains("not a regular file"));
  const std::string fifo = dir.path() + "/pipe.weights";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK_THROWS_WITH(LearnedEval::load(fifo, *nim), Catch::Contains("not a regular file"));
  CHECK_THROWS_WITH(make_agent(AgentSpec::parse("greedy:eval=" + fifo), nim, 1), Catch::Contains("not a regular file"));
  // Another version of the same game loads, with a warning.
  auto changed = open_definition(kNim);
  const_cast<GameDef&>(*changed).content_hash = "0000000000000000";
  LearnedEval::load(path, *changed, &warning);
  CHECK(warning.find("trained on another version of 'nim-race'") != std::string::npos);

  // A variant may name the weights of a definition it extends (nearer or farther up), with
  // no warning: their rules differ by design. Not when its board, and so its layout, differs.
  const std::string base = std::filesystem::absolute(kNim).string();
  const auto variant = [&](const std::string& name, const std::string& extends, const std::string& more) {
    return open_definition(write(name + ".yaml", "name: " + name + "\nextends: " + extends + "\n" + more));
  };
  auto child = variant("nim-child", base, "");
  auto grandchild = variant("nim-grandchild", dir.path() + "/nim-child.yaml", "");
  CHECK(grandchild->extended_names == std::vector<std::string>{"nim-child", "nim-race"});
  for (const auto& def : {child, grandchild}) {
    warning = "unset";
    CHECK(LearnedEval::load(path, *def, &warning)->net() == r.eval->net());
    CHECK(warning.empty());
  }
  auto wider = variant("nim-wide", base, "board: {kind: grid, size: [12, 1], directions: {w: [-1, 0]}}\n"
                                         "setup:\n  - {stack: T, cells: [l1]}\n");
  CHECK_THROWS_WITH(LearnedEval::load(path, *wider), Catch::Contains("another input layout"));
  CHECK_THROWS_WITH(LearnedEval::load(path, *open_definition("breakthrough-6x6")),
                    Catch::Contains("trained for 'nim-race', neither 'breakthrough-6x6' nor a definition it extends (breakthrough)"));
}

TEST_CASE("Training: self-play learns the known values of a Nim race, and every agent plays them with eval") {
  auto nim = open_definition(kNim);
  lab::TrainConfig c;
  c.def = nim;
  c.games = 100000;  // about a second
  c.rate = 0.02;
  c.check_games = 0;
  const lab::TrainResult r = lab::train(c);
  ThreadRules rules(nim);
  LearnedEval::Scratch scratch;
  // With d cells to go, the side to move wins exactly when d is not a multiple of 3: the
  // first player (to move at d = 9) loses. Best play brings the first player to 9, 6 and 3
  // and the second to the others; those are the positions self-play learns (a position off
  // that path is seen only after a random move, rarely).
  for (int d = 1; d <= 9; ++d) {
    const int side = d % 3 ? 1 : 0;
    const State s = nim_race_at(rules, d, side);
    const double v = r.eval->value(s, side, scratch);
    INFO("d = " << d << ", side " << side << ": value " << v);
    CHECK((d % 3 ? v > 0.5 : v < -0.5));
    CHECK(r.eval->value(s, 1 - side, scratch) == Approx(-v).margin(0.3));
    if (d % 3 == 0) continue;
    // Each agent with the weights moves to leave a multiple of 3.
    for (const char* spec : {"greedy:eval=learned", "alphabeta:depth=1,eval=learned", "mcts:iterations=50,eval=learned"}) {
      auto agent = make_agent(AgentSpec::parse(spec), nim, 7, r.eval);
      MoveList legal;
      rules.legal_moves(s, legal);
      State after = s;
      Move m;
      legal.get(agent->choose(rules, s, legal), m);
      rules.apply(after, m);
      int at = 0;
      for (int cell = 0; cell < nim->board.ncells; ++cell)
        if (after.height(cell)) at = cell;
      INFO(spec);
      CHECK((at - nim->board.cell_index("a1")) % 3 == 0);
    }
  }
}

TEST_CASE("Training: one thread replays a seed exactly; another seed learns other weights") {
  auto nim = open_definition(kNim);
  lab::TrainConfig c;
  c.def = nim;
  c.games = 300;
  c.check_games = 0;
  const auto a = lab::train(c), b = lab::train(c);
  CHECK(a.eval->net() == b.eval->net());
  CHECK(a.progress.plies == b.progress.plies);
  c.seed = 2;
  CHECK_FALSE(lab::train(c).eval->net() == a.eval->net());
  // A strength check is part of the summary.
  c.check_games = 10;
  const auto checked = lab::train(c);
  REQUIRE(checked.progress.checks.size() == 1);
  CHECK(checked.progress.checks[0].games == 10);
  CHECK(checked.summary.find("\"checks\":[{") != std::string::npos);
}

TEST_CASE("Training: a chain of 70 runs, each from the last one's weights, keeps every file readable") {
  // Each run once nested the previous run's summary in its own: from the 60th or so a
  // weights header nested past the 64 levels JSON is read to, and the file could not be read.
  auto nim = open_definition(kNim);
  testing::TempDir dir;
  lab::TrainConfig c;
  c.def = nim;
  c.games = 2;
  c.check_games = 0;
  std::string path;
  for (int run = 1; run <= 70; ++run) {
    const auto r = lab::train(c);
    path = fmt::format("{}/run{}.weights", dir.path(), run);
    r.eval->save(path, r.summary);
    c.start = LearnedEval::load(path, *nim);
    c.seed = static_cast<uint64_t>(run + 1);
  }
  const auto summary = nlohmann::json::parse(c.start->training());
  REQUIRE(summary["lineage"].size() == 69);
  CHECK(summary["lineage"][0]["seed"] == 1);  // the first run first
  CHECK(summary["continued_from"] == summary["lineage"][68]);
  CHECK(summary["continued_from"]["seed"] == 69);
  CHECK_FALSE(summary["continued_from"].contains("continued_from"));
  // A summary of the earlier form, one run nested in the next, is unrolled oldest first.
  nlohmann::json nested = {{"seed", 1}, {"continued_from", nullptr}};
  for (int run = 2; run <= 3; ++run) nested = {{"seed", run}, {"continued_from", nested}};
  const auto unrolled = lab::training_lineage(nested);
  REQUIRE(unrolled.size() == 3);
  CHECK(unrolled[0] == nlohmann::json{{"seed", 1}});
  CHECK(unrolled[2] == nlohmann::json{{"seed", 3}});
}

namespace {
// The cross-entropy a learning step descends: of the win probabilities (1 + value) / 2 and
// (1 + target) / 2.
double cross_entropy(const ValueNet& net, const SparseInput& mine, const SparseInput& theirs, double target) {
  ValueNet::Scratch s;
  const double p = (1 + net.value(mine, theirs, s)) / 2, t = (1 + target) / 2;
  return -(t * std::log(p) + (1 - t) * std::log(1 - p));
}
}  // namespace

TEST_CASE("A learning step is the cross-entropy's gradient, for a plain and an antisymmetric network") {
  for (const bool antisymmetric : {false, true}) {
    INFO((antisymmetric ? "antisymmetric" : "plain"));
    ValueNet net(8, 3, 5, antisymmetric);
    SparseInput mine, theirs;
    mine.reserve(3), theirs.reserve(3);
    mine.add(0, 1), mine.add(2, 0.5f), mine.add(5, 1);
    theirs.add(1, 1), theirs.add(2, 0.25f), theirs.add(6, 1);  // input 2 in both views
    // Larger weights than a new net's, so that every gradient is well above float noise.
    std::vector<float> before(net.parameter_count());
    net.write_parameters(before.data());
    for (size_t i = 0; i < before.size(); ++i) before[i] = static_cast<float>(std::sin(1.7 * static_cast<double>(i) + 0.3));
    if (antisymmetric) before.back() = 0;  // b2: no bias in an antisymmetric net
    net.read_parameters(before.data());
    const float target = 0.6f, rate = 1e-3f;
    ValueNet stepped = net;
    ValueNet::Scratch scratch;
    stepped.learn(mine, theirs, target, rate, scratch);
    std::vector<float> after(net.parameter_count());
    stepped.write_parameters(after.data());
    int moved = 0;
    for (size_t i = 0; i < before.size(); ++i) {
      std::vector<float> q = before;
      const float eps = 1e-2f;
      q[i] = before[i] + eps;
      ValueNet plus = net;
      plus.read_parameters(q.data());
      q[i] = before[i] - eps;
      ValueNet minus = net;
      minus.read_parameters(q.data());
      const double slope = (cross_entropy(plus, mine, theirs, target) - cross_entropy(minus, mine, theirs, target)) / (2 * eps);
      const double step = (after[i] - before[i]) / rate;
      INFO("parameter " << i << ": step " << step << ", downhill " << -slope);
      CHECK(step == Approx(-slope).margin(2e-3).epsilon(0.02));
      moved += std::abs(step) > 1e-3;
    }
    // Inputs 0, 2, 5 (and 1, 6 when antisymmetric) times 3 hidden, b1, w2, and b2 when plain.
    CHECK(moved == (antisymmetric ? 5 * 3 + 3 + 3 : 3 * 3 + 3 + 3 + 1));
    if (antisymmetric) CHECK(net.value(mine, theirs, scratch) == -net.value(theirs, mine, scratch));
  }
}

TEST_CASE("An antisymmetric network learns the Nim race, its two sides exact negations, through its weights file") {
  auto nim = open_definition(kNim);
  testing::TempDir dir;
  lab::TrainConfig c;
  c.def = nim;
  c.games = 50000;
  c.rate = 0.02;
  c.check_games = 0;
  c.antisymmetric = true;
  const lab::TrainResult r = lab::train(c);
  REQUIRE(r.eval->net().antisymmetric());
  const std::string path = dir.path() + "/anti.weights";
  r.eval->save(path, r.summary);
  {
    std::ifstream in(path, std::ios::binary);
    std::string magic;
    std::getline(in, magic);
    CHECK(magic == "boardlab-weights 2");  // a build that knows only plain nets refuses it
  }
  const auto back = LearnedEval::load(path, *nim);
  CHECK(back->net() == r.eval->net());
  ThreadRules rules(nim);
  LearnedEval::Scratch scratch;
  for (int d = 1; d <= 9; ++d) {
    const int side = d % 3 ? 1 : 0;
    const State s = nim_race_at(rules, d, side);
    const double v = back->value(s, side, scratch);
    INFO("d = " << d << ", side " << side << ": value " << v);
    CHECK((d % 3 ? v > 0.5 : v < -0.5));
    CHECK(back->value(s, 1 - side, scratch) == -v);
    // An agent's evaluation, alone and beside a plain net, sees both views.
    Evaluator alone({back});
    CHECK(alone(rules, s, side) == v);
    const auto plain = std::make_shared<LearnedEval>(*nim, 8, 3);
    Evaluator mixed({plain, back});
    CHECK(mixed(rules, s, side) == Approx((plain->value(s, side, scratch) + v) / 2));
  }
  // Only for two players, whether new or read from a file.
  auto three = open_definition("tests/data/three-way-race/three-way-race.yaml");
  REQUIRE(three->nplayers() == 3);
  CHECK_THROWS_WITH(LearnedEval(*three, 4, 1, true), Catch::Contains("an antisymmetric network is for two players; 'three-way-race' has 3"));
  std::string text = read_text_file(path, 1 << 20).value();
  CHECK_THROWS_WITH(LearnedEval::load(dir.write("three.weights", text), *three),
                    Catch::Contains("an antisymmetric network is for two players"));
}

TEST_CASE("eval= is checked when an agent is made") {
  auto nim = open_definition(kNim);
  CHECK_THROWS_WITH(make_agent(AgentSpec::parse("greedy:eval=learned"), nim, 1), Catch::Contains("nim-race names no weights file"));
  CHECK_THROWS_WITH(make_agent(AgentSpec::parse("mcts:eval=/nonexistent/x.weights"), nim, 1), Catch::Contains("cannot read"));
  CHECK_THROWS_WITH(make_agent(AgentSpec::parse("random:eval=x"), nim, 1), Catch::Contains("random has no parameter 'eval'"));
}

TEST_CASE("An ensemble (eval=A+B) judges by the mean of its networks' values") {
  auto nim = open_definition(kNim);
  testing::TempDir dir;
  std::vector<std::shared_ptr<const LearnedEval>> nets;
  for (uint64_t seed : {1, 2}) {
    const auto e = std::make_shared<LearnedEval>(*nim, 8, seed);
    e->save(dir.path() + fmt::format("/{}.weights", seed));
    nets.push_back(e);
  }
  ThreadRules rules(nim);
  const State s = rules.initial();
  LearnedEval::Scratch scratch;
  const double a = nets[0]->value(s, 0, scratch), b = nets[1]->value(s, 0, scratch);
  REQUIRE(a != b);
  Evaluator both(nets);
  CHECK(both(rules, s, 0) == Approx((a + b) / 2));
  const std::string spec = fmt::format("greedy:eval={0}/1.weights+{0}/2.weights", dir.path());
  CHECK(make_agent(AgentSpec::parse(spec), nim, 1) != nullptr);
  CHECK_THROWS_WITH(make_agent(AgentSpec::parse(fmt::format("greedy:eval={}/1.weights+{}/3.weights", dir.path(), dir.path())), nim, 1),
                    Catch::Contains("3.weights: cannot read"));
}

TEST_CASE("builtin may join an ensemble (eval=A+builtin): the mean takes the built-in evaluation as a member") {
  auto nim = open_definition(kNim);
  testing::TempDir dir;
  const auto net = std::make_shared<LearnedEval>(*nim, 8, 1);
  const std::string file = dir.path() + "/1.weights";
  net->save(file);
  ThreadRules rules(nim);
  const State s = rules.initial();
  LearnedEval::Scratch scratch;
  const double learned = net->value(s, 0, scratch), builtin = evaluate(rules, s, 0);
  REQUIRE(learned != Approx(builtin));
  const auto value = [&](const std::string& eval) {
    AgentParams p("greedy", {{"eval", eval}});
    Evaluator e = evaluator_param(p, *nim);
    return e(rules, s, 0);
  };
  CHECK(value(file + "+builtin") == Approx((learned + builtin) / 2));
  CHECK(value("builtin+" + file + "+builtin") == Approx((learned + 2 * builtin) / 3));  // a member counted twice weighs twice
  CHECK(value("builtin+builtin") == Approx(builtin));
  CHECK(value(file) == Approx(learned));
}

namespace {
std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}
}  // namespace

TEST_CASE("A definition's weights may be an ensemble (weights: A+B): eval=learned judges by the mean") {
  testing::TempDir dir;
  dir.write("nim-race.lua", read_file("tests/data/nim-race/nim-race.lua"));
  const std::string yaml = read_file(kNim);
  auto nim = open_definition(kNim);
  std::vector<double> values;
  for (uint64_t seed : {1, 2}) {
    LearnedEval e(*nim, 8, seed);
    e.save(dir.path() + fmt::format("/{}.weights", seed));
    LearnedEval::Scratch scratch;
    values.push_back(e.value(ThreadRules(nim).initial(), 0, scratch));
  }
  REQUIRE(values[0] != values[1]);
  const auto learned_value = [&](const std::string& weights) {
    auto def = open_definition(dir.write("nim-race.yaml", yaml + "weights: " + weights + "\n"));
    AgentParams p("greedy", {{"eval", "learned"}});
    Evaluator eval = evaluator_param(p, *def);
    ThreadRules rules(def);
    return eval(rules, rules.initial(), 0);
  };
  CHECK(learned_value("1.weights") == Approx(values[0]));
  CHECK(learned_value("1.weights+2.weights") == Approx((values[0] + values[1]) / 2));
  // A file whose name holds a '+' is still one file.
  std::filesystem::copy_file(dir.path() + "/2.weights", dir.path() + "/1+2.weights");
  CHECK(learned_value("1+2.weights") == Approx(values[1]));
  // Each member must be there, and is named where it is missing.
  CHECK_THROWS_WITH(learned_value("1.weights+3.weights"), Catch::Contains("cannot find the weights file") &&
                                                              Catch::Contains("3.weights"));
}

TEST_CASE("A definition names its weights: eval=learned and its levels use them, a variant does not inherit them") {
  testing::TempDir dir;
  dir.write("nim-race.lua", read_file("tests/data/nim-race/nim-race.lua"));
  const std::string yaml = read_file(kNim);
  const std::string path = dir.write("nim-race.yaml", yaml + "weights: nim.weights\n");
  const int line = static_cast<int>(std::count(yaml.begin(), yaml.end(), '\n')) + 1;
  // The file must be there when the definition loads.
  CHECK_THROWS_WITH(open_definition(path),
                    Catch::Contains(fmt::format("nim-race.yaml:{}:10: error: cannot find the weights file", line)));
  dir.write("nim.weights", "not weights\n");
  auto bad = open_definition(path);
  const Diagnostics errors = level_errors(bad);
  REQUIRE(errors.has_errors());
  CHECK(errors.str().find(fmt::format("nim-race.yaml:{}:10: error: ", line)) != std::string::npos);
  CHECK(errors.str().find("not a weights file") != std::string::npos);

  lab::TrainConfig c;
  c.def = bad;
  c.games = 100;
  c.check_games = 0;
  lab::train(c).eval->save(dir.path() + "/nim.weights");
  auto def = open_definition(path);
  CHECK(level_errors(def).items().empty());
  CHECK(level_spec(*def, 1) == "greedy:eval=learned");
  CHECK(make_agent(AgentSpec::parse("mcts:iterations=10,eval=learned"), def, 1) != nullptr);

  dir.write("variant.yaml", "extends: nim-race.yaml\nname: nim-variant\n");
  auto variant = open_definition(dir.path() + "/variant.yaml");
  CHECK(variant->weights_files.empty());
  CHECK(level_spec(*variant, 1) == "greedy");
  CHECK_THROWS_WITH(make_agent(AgentSpec::parse("greedy:eval=learned"), variant, 1),
                    Catch::Contains("nim-variant names no weights file"));
}

TEST_CASE("compare's eval=auto: weights trained once per rule set, then reused from the cache") {
  testing::TempDir dir;
  auto nim = open_definition(kNim);
  bool trained = false;
  auto first = lab::cached_weights(nim, dir.path() + "/cache", 0.2, 1, {}, &trained);
  CHECK(trained);
  auto again = lab::cached_weights(nim, dir.path() + "/cache", 0.2, 1, {}, &trained);
  CHECK_FALSE(trained);
  CHECK(again->net() == first->net());
  // A changed rule set (another content hash) learns anew.
  auto changed = std::make_shared<GameDef>(*nim);
  changed->content_hash = "0123456789abcdef";
  lab::cached_weights(changed, dir.path() + "/cache", 0.2, 1, {}, &trained);
  CHECK(trained);
}

