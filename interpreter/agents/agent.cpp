// Agent specs, the catalogue `boardlab agents` prints, and the factory.
#include "agents/agent.h"

#include <algorithm>
#include <fmt/format.h>
#include <stdexcept>

#include "agents/factories.h"
#include "core/text.h"

namespace boardlab {

std::vector<AgentSpec> AgentSpec::parse_list(const std::string& text) {
  std::vector<std::string> specs;
  size_t start = 0;
  for (;;) {
    const size_t comma = text.find(',', start);
    const std::string piece = trim(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (!specs.empty() && piece.find('=') != std::string::npos && piece.find(':') == std::string::npos)
      specs.back() += "," + piece;
    else
      specs.push_back(piece);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  std::vector<AgentSpec> out;
  for (const auto& s : specs) out.push_back(parse(s));
  return out;
}

std::string random_seats(int players) {
  std::string out = "random";
  for (int p = 1; p < players; ++p) out += ",random";
  return out;
}

AgentSpec AgentSpec::parse(const std::string& text) {
  AgentSpec spec;
  const size_t colon = text.find(':');
  spec.name = trim(text.substr(0, colon));
  if (spec.name.empty()) throw std::invalid_argument("an agent spec starts with the agent's name: mcts:iterations=5000");
  if (colon == std::string::npos) return spec;
  size_t at = colon + 1;
  while (at <= text.size()) {
    size_t comma = text.find(',', at);
    if (comma == std::string::npos) comma = text.size();
    const std::string item = trim(text.substr(at, comma - at));
    if (at == colon + 1 && item.find('=') == std::string::npos && !item.empty() &&
        item.find_first_not_of("0123456789.") == std::string::npos) {
      spec.params[""] = item;  // a number for the agent's first parameter (make_agent knows which)
    } else {
      auto [key, value] = parse_key_value(item, "an agent parameter (separated by commas)");
      spec.params[key] = value;
    }
    at = comma + 1;
  }
  return spec;
}

std::string AgentSpec::str() const {
  std::vector<std::string> parts;
  for (const auto& [k, v] : params) parts.push_back(k.empty() ? v : k + "=" + v);  // "" first: the lone number
  return parts.empty() ? name : name + ":" + join(parts, ",");
}

const std::vector<AgentInfo>& agent_catalogue() {
  static const AgentParam kEval = {
      "eval", "builtin",
      "how positions are judged: builtin (the game's evaluate hook, else material), a weights file from `boardlab train`, "
      "learned (the weights the definition names, or those compare trained with eval=auto), or members joined by + "
      "(the mean of their values: learned+builtin adds material's gradient where the weights call all positions won)"};
  static const AgentParam kNodes = {
      "nodes", "0",
      "positions searched per move: deepening stops when half of them are searched, and the depth under way "
      "is dropped when all are; the same moves on any machine (0: no limit; seconds still applies)"};
  static const std::vector<AgentInfo> all = {
      {"random", "a uniformly random legal move", {}},
      {"greedy", "the move whose result evaluates best for the mover (one ply), ties at random", {kEval}},
      {"mcts",
       "Monte Carlo tree search (UCT) with random playouts; samples dice; keeps its tree between moves",
       {{"iterations", "1000", "playouts per move (split between threads)"},
        {"seconds", "0", "search this long per move instead (0: use iterations); with iterations given too, whichever runs out first"},
        {"c", "1.0", "exploration constant of UCT"},
        {"rollout", "20", "plies before a playout stops and the position is evaluated; short playouts suit games whose random play rarely ends (0 with eval=FILE)"},
        {"threads", "1", "trees searched in parallel, their visits added"},
        {"puct", "0", "> 0: PUCT with this constant instead of UCT: each move's prior is the softmax of its afterstate's "
                      "evaluation, which also stands for the move until it is visited (meant for eval=learned)"},
        {"temperature", "0.1", "of the priors' softmax, over rewards in [0, 1] (with puct)"},
        kEval}},
      {"alphabeta",
       "iterative-deepening alpha-beta with a transposition table; games without dice",
       {{"depth", "4", "the deepest search, in plies"},
        {"seconds", "5", "time per move: deepening stops when half of it is used (0: no limit)"},
        kNodes,
        {"table_bits", "20", "the transposition table holds 2^table_bits entries"},
        kEval}},
      {"expectimax",
       "depth-limited search that averages over the dice; for games with chance",
       {{"depth", "2", "the deepest search, in the mover's plies"},
        {"seconds", "5", "time per move (0: no limit)"},
        kNodes,
        {"table_bits", "18", "the move-ordering table holds 2^table_bits entries"},
        kEval}},
      {"level",
       "a playing level: the agent the game's definition names for it (levels:), or the default ladder: 1 greedy, "
       "2-5 alphabeta searching 2,000, 8,000, 32,000 and 128,000 positions a move, within 0.1, 0.4, 1 and 3 s "
       "(with dice expectimax for those times; with more than two players mcts, 250 to 16,000 playouts)",
       {{"n", std::to_string(kDefaultLevel), "1 (weakest) to 5 (strongest)"}}},
  };
  return all;
}

// The default ladder: greedy, then searches of a fixed size, four times larger from one level
// to the next, so that a level plays the same moves on any machine under any load and beats
// the level below by a measured margin (docs/results.md, "The ladder of levels"). The old
// times, 0.1 to 3 s, stay as each level's cap, so that no level thinks longer than it did and
// a game whose positions are slow to judge stays responsive (its levels are then timed).
// Which search: at equal time alphabeta beat mcts in most bundled games without dice and
// expectimax beat it in every one with dice; mcts is left for games of more players. With
// dice the levels stay timed: expectimax's next depth costs a hundred times the last, so
// budgets four times apart search the same depth.
std::string level_spec(const GameDef& def, int level) {
  static const char* const kSeconds[kLevels] = {"", "0.1", "0.4", "1", "3"};
  static const char* const kNodes[kLevels] = {"", "2000", "8000", "32000", "128000"};
  static const char* const kPlayouts[kLevels] = {"", "250", "1000", "4000", "16000"};
  if (level < 1 || level > kLevels) throw std::invalid_argument(fmt::format("a level is 1 to {}, not {}", kLevels, level));
  const std::string& own = def.levels[static_cast<size_t>(level - 1)];
  if (!own.empty() && own != "default") return own;
  // A definition's own weights judge the positions of its default levels.
  const char* eval = def.weights_files.empty() ? "" : ",eval=learned";
  if (level == 1) return def.weights_files.empty() ? "greedy" : "greedy:eval=learned";
  const auto i = static_cast<size_t>(level - 1);
  if (def.nplayers() != 2) return fmt::format("mcts:iterations={},seconds={}{}", kPlayouts[i], kSeconds[i], eval);
  if (def.dice.count) return fmt::format("expectimax:depth=16,seconds={}{}", kSeconds[i], eval);
  return fmt::format("alphabeta:depth=64,nodes={},seconds={}{}", kNodes[i], kSeconds[i], eval);
}

bool chooses_by_chance(const AgentSpec& spec, const GameDef& def) {
  if (spec.name == "alphabeta" || spec.name == "expectimax") return false;
  if (spec.name != "level") return true;
  const auto n = spec.params.find("n") != spec.params.end() ? spec.params.at("n")
                 : spec.params.find("") != spec.params.end() ? spec.params.at("") : std::to_string(kDefaultLevel);
  try {
    const AgentSpec own = AgentSpec::parse(level_spec(def, std::stoi(n)));
    return own.name == "level" || chooses_by_chance(own, def);
  } catch (const std::exception&) {
    return true;  // a bad level is refused where the agent is made
  }
}

namespace {

// Level n's agent; its spec may not be another level (a level defined by itself would loop).
// The spec is the definition's, a file's: it gets the limits of specs from files.
std::unique_ptr<Agent> make_level(const GameDefPtr& def, int n, uint64_t seed, const AgentLimits& limits) {
  const AgentSpec spec = AgentSpec::parse(level_spec(*def, n));
  if (spec.name == "level") throw std::invalid_argument("a level names an agent, not another level");
  return make_agent(spec, def, seed, nullptr, limits.within(AgentLimits::from_file()));
}

std::unique_ptr<Agent> make_level_agent(AgentParams& p, const GameDefPtr& def, uint64_t seed) {
  const int n = static_cast<int>(p.integer("n", kDefaultLevel, 1, kLevels));
  p.finish();
  try {
    return make_level(def, n, seed, p.limits);
  } catch (const std::invalid_argument& e) {
    const SourcePos& at = def->level_pos[static_cast<size_t>(n - 1)];
    if (at.line == 0) throw;
    throw std::invalid_argument(fmt::format("{} (level {}, {}:{}:{})", e.what(), n, at.file, at.line, at.col));
  }
}

}  // namespace

std::unique_ptr<Agent> make_named_agent(const std::string& name, AgentParams& p, const GameDefPtr& def, uint64_t seed) {
  if (name == "random") return make_random_agent(p, def, seed);
  if (name == "greedy") return make_greedy_agent(p, def, seed);
  if (name == "mcts") return make_mcts_agent(p, def, seed);
  if (name == "alphabeta") return make_alphabeta_agent(p, def, seed);
  if (name == "expectimax") return make_expectimax_agent(p, def, seed);
  if (name == "level") return make_level_agent(p, def, seed);
  return nullptr;
}

Diagnostics level_errors(const GameDefPtr& def) {
  Diagnostics out;
  for (const auto& file : def->weights_files) {
    try {
      std::string warning;
      LearnedEval::load(file, *def, &warning);
      if (!warning.empty()) out.warning(def->weights_pos, warning);
    } catch (const std::runtime_error& e) {
      out.error(def->weights_pos, e.what());
    }
  }
  for (int n = 1; n <= kLevels; ++n) {
    const auto i = static_cast<size_t>(n - 1);
    if (def->levels[i].empty()) continue;
    try {
      make_level(def, n, 1, {});
    } catch (const std::invalid_argument& e) {
      out.error(def->level_pos[i], fmt::format("level {}: {}", n, e.what()));
    }
  }
  return out;
}

std::unique_ptr<Agent> make_agent(const AgentSpec& given, const GameDefPtr& def, uint64_t seed,
                                  std::shared_ptr<const LearnedEval> learned, const AgentLimits& limits) {
  AgentSpec spec = given;
  if (auto lone = spec.params.find(""); lone != spec.params.end()) {
    const auto& catalogue = agent_catalogue();
    auto info = std::find_if(catalogue.begin(), catalogue.end(), [&](const AgentInfo& a) { return a.name == spec.name; });
    if (info != catalogue.end()) {
      // Only a number may stand alone, for a first parameter that is a number.
      const std::string& first = info->params.empty() ? "" : info->params[0].default_value;
      if (first.empty() || first.find_first_not_of("0123456789.") != std::string::npos)
        throw std::invalid_argument(fmt::format("{} takes no number alone, not '{}'{}", spec.name, lone->second,
                                                info->params.empty() ? "" : " (name the parameter: " + info->params[0].name + "=...)"));
      const std::string value = lone->second;
      spec.params.erase(lone);
      if (!spec.params.emplace(info->params[0].name, value).second)
        throw std::invalid_argument(fmt::format("{}: '{}' and {}= both set {}", spec.name, value, info->params[0].name,
                                                info->params[0].name));
    }
  }
  AgentParams params(spec.name, spec.params);
  params.learned = std::move(learned);
  params.limits = limits;
  if (auto agent = make_named_agent(spec.name, params, def, seed)) return agent;
  std::vector<std::string> names;
  for (const auto& a : agent_catalogue()) names.push_back(a.name);
  const std::string near = closest(spec.name, names);
  throw std::invalid_argument(fmt::format("no agent named '{}' ({})", spec.name,
                                          near.empty() ? "agents: " + join(names, ", ") : "did you mean '" + near + "'?"));
}

}  // namespace boardlab
