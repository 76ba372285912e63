// Evaluation of positions for the agents.
#include "agents/evaluation.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fmt/format.h>
#include <map>
#include <mutex>
#include <stdexcept>

#include "core/text.h"

namespace boardlab {

double terminal_value(const Outcome& o, int player) {
  if (o.kind == Outcome::Kind::Draw) return 0;
  return o.winner == player ? 1 : -1;
}

double evaluate(const Rules& rules, const State& s, int player) {
  if (s.outcome().over()) return terminal_value(s.outcome(), player);
  if (rules.vm().has_evaluate_hook()) return rules.vm().evaluate(s, player);
  // Material: each stack counts for whoever owns its top piece, its height times the top
  // piece's rank (at least 1): kings over men, control of a stack over what lies beneath.
  const GameDef& def = rules.def();
  double mine = 0, theirs = 0;
  for (int c = 0; c < def.board.ncells; ++c) {
    if (!s.height(c)) continue;
    const int top = s.top(c);
    const double w = s.height(c) * std::max(1, def.kinds[def.kind_of[static_cast<size_t>(top)]].rank);
    (def.owner_of[static_cast<size_t>(top)] == player ? mine : theirs) += w;
  }
  return mine + theirs == 0 ? 0.0 : 0.5 * (mine - theirs) / (mine + theirs);
}

}  // namespace boardlab

namespace boardlab {

namespace {
// Agents are made per game by simulate: each file is read once per definition.
std::shared_ptr<const LearnedEval> load_shared(const std::string& path, const GameDef& def) {
  static std::mutex lock;
  static std::map<std::string, std::shared_ptr<const LearnedEval>> loaded;
  const std::string key = path + '\n' + def.name + '\n' + def.content_hash;
  std::lock_guard<std::mutex> hold(lock);
  auto& slot = loaded[key];
  if (!slot) {
    std::string warning;
    try {
      slot = LearnedEval::load(path, def, &warning);
    } catch (const std::runtime_error& e) {
      loaded.erase(key);
      throw std::invalid_argument(fmt::format("eval: {}", e.what()));
    }
    if (!warning.empty()) fmt::print(stderr, "warning: {}\n", warning);
  }
  return slot;
}
}  // namespace

Evaluator evaluator_param(AgentParams& p, const GameDef& def) {
  const std::string name = p.text("eval", "builtin");
  if (name == "builtin") return {};
  using Nets = std::vector<std::shared_ptr<const LearnedEval>>;
  const auto members = [&](const std::string& file) -> Nets {
    if (file != "learned") {
      if (!p.limits.files)
        throw std::invalid_argument(fmt::format("eval={}: here an agent reads no file a spec names (eval=builtin or eval=learned)",
                                                file.substr(0, 100)));
      return {load_shared(file, def)};
    }
    if (p.learned) return {p.learned};
    if (def.weights_files.empty())
      throw std::invalid_argument(fmt::format("eval=learned: {} names no weights file (its `weights:`) and none were "
                                              "trained here; name one (eval=FILE)", def.name));
    Nets own;
    for (const auto& f : def.weights_files) own.push_back(load_shared(f, def));
    return own;
  };
  // A '+' joins the members of an ensemble, unless the name is one file.
  const bool whole = name.find('+') == std::string::npos || (p.limits.files && std::filesystem::exists(name));
  Nets nets;
  int builtin = 0;
  for (const auto& file : whole ? std::vector<std::string>{name} : split(name, '+')) {
    if (file == "builtin") {
      ++builtin;
      continue;
    }
    const Nets more = members(file);
    nets.insert(nets.end(), more.begin(), more.end());
  }
  return Evaluator(std::move(nets), builtin);
}

}  // namespace boardlab
