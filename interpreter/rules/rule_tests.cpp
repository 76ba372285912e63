// Rule tests as data: see rule_tests.h. Each scenario sets up a position (a position text
// or the start, then moves played, then seeded random moves, then a roll), and each of its
// expectations is checked there; a failure is reported at the line of the expectation that
// failed, and the other scenarios still run.
#include "rules/rule_tests.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fmt/format.h>
#include <map>
#include <memory>
#include <optional>

#include "core/text.h"
#include "definition/bundled.h"
#include "definition/game_def.h"
#include "definition/yaml_tree.h"
#include "rules/playout.h"
#include "rules/replay.h"
#include "rules/rules.h"
#include "state/position_text.h"

namespace boardlab {

namespace fs = std::filesystem;

namespace {

// The reasons a game ends for, as a test file names them (resignation is no rule's).
constexpr std::pair<Outcome::Reason, const char*> kReasons[] = {
    {Outcome::Reason::NoMoves, "no_moves"},       {Outcome::Reason::NoPieces, "no_pieces"},
    {Outcome::Reason::NoStacks, "no_stacks"},
    {Outcome::Reason::Repetition, "repetition"},  {Outcome::Reason::MoveCap, "move_cap"},
    {Outcome::Reason::NoProgress, "no_progress"}, {Outcome::Reason::Script, "script"}};

std::vector<std::string> reason_names() {
  std::vector<std::string> out;
  for (const auto& [reason, name] : kReasons) out.emplace_back(name);
  return out;
}

const char* reason_name(Outcome::Reason r) {
  for (const auto& [reason, name] : kReasons)
    if (reason == r) return name;
  return "none";
}

}  // namespace

const Schema& rule_tests_schema() {
  using namespace schema;
  static const SchemaPtr s = [] {
    auto options = dict(scalar());
    const char* options_doc = "option values by name, as `--option` sets them";
    auto scenario = structure({
        {"name", string(), true, "what the scenario shows, in one line: the rule it tests"},
        {"options", options, false, options_doc},
        {"position", string(), false, "the position to start from, as position text; default the game's start"},
        {"play", list(string()), false,
         "moves played first, in notation; in a game with dice each begins with its roll, `[6-5] 24/18 13/8`, "
         "and a roll-off's with its winner, `white [6-5] 24/18 13/8` (unnamed, the dice are read in player order: "
         "the first die the first player's)"},
        {"seed", integer(), false, "seeds the moves of `random_plies`; default 1"},
        {"random_plies", integer(), false, "then this many uniformly random moves (and rolls), at most 100000"},
        {"dice", string(), false, "then this roll, as typed: `6,5` (the position must be waiting for one; a roll-off's dice are read in "
                                           "player order, and are never a double)"},
        {"moves", list(string()), false, "exactly these moves are legal, each listed once as the game prints it"},
        {"legal", list(string()), false, "each of these is a legal move"},
        {"illegal", list(string()), false, "none of these is a legal move"},
        {"outcome", string(), false, "how the game stands: the winner's name, `draw`, or `none` while it goes on"},
        {"reason", one_of(reason_names()), false,
         "why it ended: a rule of the runtime's, or `script` for the result() hook"},
        {"result", string(), false, "the result's name among the definition's `results`, as `result()` gives it, or `none`"},
        {"after", string(), false, "the position reached, as position text"},
        {"perft", list(integer()), false,
         "the move-tree counts at depths 1, 2, ... (at most 30; a position waiting for a roll counts every roll)"},
    });
    return structure({
        {"game", string(), false, "the definition tested, relative to this file; default NAME.yaml beside NAME.test.yaml"},
        {"options", options, false, std::string(options_doc) + ", for every scenario"},
        {"scenarios", list(scenario), true, "the scenarios, run in order"},
    });
  }();
  return *s;
}

std::string rule_tests_beside(const std::string& definition_path) {
  if (!definition_path.ends_with(".yaml") || is_rule_test_file(definition_path)) return "";
  std::string p = definition_path.substr(0, definition_path.size() - 5) + std::string(kRuleTestSuffix);
  std::error_code ec;
  return fs::is_regular_file(p, ec) ? p : "";
}

namespace {

// What one scenario may ask for (a test file is a stranger's too).
constexpr long long kMaxTestPlies = 100'000;
constexpr size_t kMaxPerftDepth = 30;

using Options = std::vector<std::pair<std::string, std::string>>;

Options read_options(const YNode* n) {
  Options out;
  if (n && n->is_map())
    for (const auto& [k, v] : n->fields) out.emplace_back(k, v->scalar);
  return out;
}

// One scenario's run: its expectations report here.
class Scenario {
 public:
  Scenario(const YNode& node, RuleTestResult& out, std::chrono::steady_clock::time_point deadline)
      : node_(node), out_(out), deadline_(deadline) {
    const YNode* n = node.get("name");
    name_ = n ? n->scalar : "?";
  }
  void fail(const YNode* at, const std::string& why) {
    out_.failures.error(at ? at->pos : node_.pos, fmt::format("scenario '{}': {}", name_, why));
    failed_ = true;
  }
  bool failed() const { return failed_; }
  void run(const Rules& rules);

 private:
  bool set_up(const Rules& rules, State& s);
  bool play(const Rules& rules, State& s, const YNode& item);
  void check_moves(const Rules& rules, const State& s);
  void check_outcome(const Rules& rules, const State& s);

  const YNode& node_;
  RuleTestResult& out_;
  std::chrono::steady_clock::time_point deadline_;  // perft counts stop then
  std::string name_;
  bool failed_ = false;
};

// Why a text names no legal move: it names several, or none of these.
std::string why_not(const Rules::Notation& notation, const Rules::Notation::Parsed& parsed) {
  if (parsed.ambiguous) return parsed.error;
  return "not legal here; legal: " + (notation.texts().empty() ? std::string("none") : join(notation.texts(), ", "));
}

// A play item: `[side] [[6-5]] move`, the side and roll only where the game wants them.
bool Scenario::play(const Rules& rules, State& s, const YNode& item) {
  const GameDef& def = rules.def();
  std::string text = trim(item.scalar);
  auto word = [&] { return text.substr(0, text.find(' ')); };
  WrittenPly ply;
  ply.side = def.player_index(word());
  if (ply.side >= 0) text = trim(text.substr(word().size()));
  if (const size_t close = text.find(']'); !text.empty() && text[0] == '[' && close != std::string::npos) {
    ply.dice = text.substr(1, close - 1);
    text = trim(text.substr(close + 1));
  } else if (rules.is_chance(s)) {
    return fail(&item, fmt::format("'{}': the position waits for a roll: write it first, as in `[6-5] 24/18 13/8`",
                                   item.scalar)),
           false;
  }
  ply.move = text;
  Replayer walk(rules, s);
  const std::string why = walk.play(ply);
  if (why.empty()) return true;
  if (walk.parsed().index < 0 && !walk.parsed().error.empty())
    return fail(&item, fmt::format("'{}' cannot be played: {}", item.scalar, why_not(walk.notation(), walk.parsed()))), false;
  return fail(&item, fmt::format("'{}': {}", item.scalar, why)), false;
}

bool Scenario::set_up(const Rules& rules, State& s) {
  const GameDef& def = rules.def();
  if (const YNode* p = node_.get("position")) {
    try {
      s = parse_position(def, p->scalar);
    } catch (const PositionError& e) {
      return fail(p, fmt::format("the position does not read: {}", e.what())), false;
    }
  }
  if (const YNode* play_list = node_.get("play"))
    for (const auto& item : play_list->items)
      if (!play(rules, s, *item)) return false;
  if (const YNode* r = node_.get("random_plies")) {
    const long long plies = *parse_int(r->scalar);
    if (plies < 0 || plies > kMaxTestPlies) return fail(r, fmt::format("random_plies is from 0 to {}", kMaxTestPlies)), false;
    const YNode* seed = node_.get("seed");
    Rng rng(seed ? static_cast<uint64_t>(*parse_int(seed->scalar)) : 1);
    if (plies > 0) random_playout(rules, s, rng, static_cast<int>(plies));
  }
  if (const YNode* d = node_.get("dice")) {
    if (def.dice.count == 0) return fail(d, fmt::format("{} has no dice", def.name)), false;
    try {
      rules.apply(s, read_roll(s, d->scalar));
    } catch (const PositionError& e) {
      return fail(d, e.what()), false;
    }
  }
  return true;
}

void Scenario::check_moves(const Rules& rules, const State& s) {
  const YNode* exact = node_.get("moves");
  const YNode* legal = node_.get("legal");
  const YNode* illegal = node_.get("illegal");
  if (!exact && !legal && !illegal) return;
  if (rules.is_chance(s))
    return fail(exact ? exact : legal ? legal : illegal, "the position waits for a roll: give it with `dice: 6,5`");
  MoveList moves;
  rules.legal_moves(s, moves);
  const auto notation = rules.notation(s, moves);
  const auto& texts = notation.texts();
  const std::string all = texts.empty() ? "none" : join(texts, ", ");
  if (exact) {
    // As printed: the notation is part of what the rules say.
    std::vector<int> listed(texts.size(), 0);
    std::vector<std::string> wrong, respelled;
    for (const auto& item : exact->items) {
      auto at = static_cast<size_t>(std::find(texts.begin(), texts.end(), item->scalar) - texts.begin());
      if (at == texts.size()) {
        const auto parsed = notation.parse(item->scalar);
        if (parsed.index < 0) {
          wrong.push_back(item->scalar);
          continue;
        }
        at = static_cast<size_t>(parsed.index);
        respelled.push_back(fmt::format("{} is printed {}", item->scalar, texts[at]));
      }
      if (listed[at]++) fail(item.get(), fmt::format("'{}' is listed twice", texts[at]));
    }
    std::vector<std::string> unlisted;
    for (size_t i = 0; i < texts.size(); ++i)
      if (!listed[i]) unlisted.push_back(texts[i]);
    if (!wrong.empty() || !unlisted.empty() || !respelled.empty()) {
      std::string why = "the legal moves differ:";
      if (!wrong.empty()) why += " not legal: " + join(wrong, ", ") + ";";
      if (!respelled.empty()) why += " " + join(respelled, ", ") + ";";
      if (!unlisted.empty()) why += " legal but not listed: " + join(unlisted, ", ") + ";";
      fail(exact, why + " legal: " + all);
    }
  }
  for (const auto& item : legal ? legal->items : std::vector<YPtr>{}) {
    const auto parsed = notation.parse(item->scalar);
    if (parsed.index < 0) fail(item.get(), fmt::format("'{}' should be legal: {}", item->scalar, why_not(notation, parsed)));
  }
  for (const auto& item : illegal ? illegal->items : std::vector<YPtr>{}) {
    const auto parsed = notation.parse(item->scalar);
    if (parsed.index >= 0)
      fail(item.get(), fmt::format("'{}' should not be legal, and is the move {}", item->scalar, texts[static_cast<size_t>(parsed.index)]));
  }
}

void Scenario::check_outcome(const Rules& rules, const State& start) {
  const YNode* outcome = node_.get("outcome");
  const YNode* reason = node_.get("reason");
  const YNode* result = node_.get("result");
  if (!outcome && !reason && !result) return;
  const GameDef& def = rules.def();
  const Outcome o = rules.outcome(start);
  const std::string got = describe(def, o);
  if (outcome) {
    const std::string& want = outcome->scalar;
    const std::string have = o.kind == Outcome::Kind::Win    ? def.players[static_cast<size_t>(o.winner)].name
                             : o.kind == Outcome::Kind::Draw ? "draw"
                                                             : "none";
    if (want != "draw" && want != "none" && def.player_index(want) < 0)
      fail(outcome, fmt::format("'{}' is not a player of {}: write a player's name, draw or none", want, def.name));
    else if (want != have)
      fail(outcome, fmt::format("the outcome is: {}; expected {}", got,
                                want == "none" ? "the game to go on" : want == "draw" ? "a draw" : want + " to win"));
  }
  if (reason && reason->scalar != reason_name(o.reason))
    fail(reason, fmt::format("the reason is {} ({}); expected {}", reason_name(o.reason), got, reason->scalar));
  if (result) {
    const std::string have = o.detail && o.detail <= def.results.size() ? def.results[o.detail - 1u].name : "none";
    if (result->scalar != have) fail(result, fmt::format("the result is {} ({}); expected {}", have, got, result->scalar));
  }
}

void Scenario::run(const Rules& rules) {
  State s = rules.initial();
  if (!set_up(rules, s)) return;
  check_moves(rules, s);
  check_outcome(rules, s);
  if (const YNode* after = node_.get("after")) {
    try {
      // The ply is compared when the expected position gives it.
      const WithPly ply = after->scalar.find("ply:") != std::string::npos ? WithPly::Yes : WithPly::No;
      const std::string want = position_text(parse_position(rules.def(), after->scalar), ply);
      const std::string have = position_text(s, ply);
      if (want != have) fail(after, fmt::format("the position is '{}'; expected '{}'", have, want));
    } catch (const PositionError& e) {
      fail(after, fmt::format("the expected position does not read: {}", e.what()));
    }
  }
  if (const YNode* counts = node_.get("perft")) {
    if (counts->items.size() > kMaxPerftDepth) return fail(counts, fmt::format("perft counts go {} deep at most", kMaxPerftDepth));
    for (size_t d = 0; d < counts->items.size(); ++d) {
      const long long want = *parse_int(counts->items[d]->scalar);
      const uint64_t have = perft(rules, s, static_cast<int>(d + 1), deadline_);
      if (static_cast<long long>(have) != want) {
        fail(counts->items[d].get(), fmt::format("perft {} is {}, expected {}", d + 1, have, want));
        break;  // deeper counts differ too, and take longer
      }
    }
  }
}

}  // namespace

RuleTestResult run_rule_tests(const std::string& path, double max_seconds) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(max_seconds));
  Diagnostics diags;
  YPtr doc = load_yaml_file(path, diags);
  if (doc) validate(*doc, rule_tests_schema(), "", diags);
  if (diags.has_errors()) throw DefinitionError(diags);
  std::string game = is_rule_test_file(path) ? path.substr(0, path.size() - kRuleTestSuffix.size()) + ".yaml" : "";
  if (const YNode* g = doc->get("game")) game = (fs::path(path).parent_path() / g->scalar).lexically_normal().string();
  if (game.empty()) {
    diags.error(doc->pos, "no game to test: name it with `game: FILE.yaml`, or call this file NAME.test.yaml beside NAME.yaml");
    throw DefinitionError(diags);
  }
  const Options file_options = read_options(doc->get("options"));
  // One definition and VM per set of options, loaded when a scenario first asks for it; at
  // most kRuleTestVms are kept (a file of 2,000 scenarios with options of their own would
  // otherwise keep 2,000 VMs), the one least recently asked for released first.
  std::map<Options, std::unique_ptr<ThreadRules>> by_options;
  std::map<Options, long> asked;
  long asks = 0;
  int most_vms = 0;
  auto rules_for = [&](const Options& extra) -> ThreadRules& {
    Options opts = file_options;
    for (const auto& kv : extra) opts.push_back(kv);
    if (!by_options.count(opts) && by_options.size() >= kRuleTestVms) {
      auto oldest = std::min_element(asked.begin(), asked.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
      by_options.erase(oldest->first);
      asked.erase(oldest);
    }
    asked[opts] = ++asks;
    auto& slot = by_options[opts];
    most_vms = std::max(most_vms, static_cast<int>(by_options.size()));
    if (!slot) {
      slot = std::make_unique<ThreadRules>(load_game_def(game, opts));
      slot->vm().set_checking(true);  // a bad move is caught at the script line that wrote it
    }
    return *slot;
  };
  rules_for({});  // the definition itself must load: a broken one is reported as such

  RuleTestResult out;
  const auto& scenarios = doc->get("scenarios")->items;
  for (size_t i = 0; i < scenarios.size(); ++i) {
    const auto& node = scenarios[i];
    ++out.scenarios;
    Scenario sc(*node, out, deadline);
    try {
      if (Clock::now() > deadline) throw PerftStopped{};
      sc.run(rules_for(read_options(node->get("options"))));
    } catch (const PerftStopped&) {
      const size_t rest = scenarios.size() - i - 1;
      sc.fail(node.get(), fmt::format("stopped: the file ran past its time budget of {} s (boardlab test --max-seconds){}",
                                      max_seconds, rest ? fmt::format("; {} more scenario{} not run", rest, rest == 1 ? "" : "s") : ""));
      out.scenarios += static_cast<int>(rest);
      out.failed += 1 + static_cast<int>(rest);
      break;
    } catch (const DefinitionError& e) {
      sc.fail(node->get("options"), fmt::format("the options do not apply: {}", e.diags.items().front().message));
    } catch (const ScriptError& e) {
      sc.fail(node.get(), fmt::format("the script failed: {}", e.what()));
    }
    out.failed += sc.failed();
  }
  out.most_vms = most_vms;
  return out;
}

}  // namespace boardlab
