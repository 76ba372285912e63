// boardlab.Agent: a built-in agent (any spec `boardlab agents` lists) choosing moves for a
// Python state, with the GIL released while it searches; and CallableAgent, a Python
// callable seated in the lab's games (python/lab_bindings.cpp).
#include <fmt/format.h>
#include <pybind11/stl.h>

#include <cmath>
#include <mutex>

#include "agents/agent.h"
#include "bindings.h"
#include "callable_agent.h"

namespace boardlab::python {

int CallableAgent::decide(const Rules& rules, const State& s, const MoveList& legal) {
  (void)rules;
  std::vector<int64_t> ids;
  game_->ids.ids(s, legal, ids);
  py::gil_scoped_acquire gil;
  try {
    GameState view(game_, s);
    const py::object answer = py::reinterpret_borrow<py::object>(policy_)(view);
    const auto id = answer.cast<int64_t>();
    for (size_t i = 0; i < ids.size(); ++i)
      if (ids[i] == id) return static_cast<int>(i);
    throw std::invalid_argument(fmt::format("the Python agent {} chose {}, which is not a legal action here", name_, id));
  } catch (py::error_already_set& e) {  // made into a C++ error here, while the GIL is held
    throw std::runtime_error(fmt::format("the Python agent {} failed: {}", name_, e.what()));
  } catch (const py::cast_error&) {
    throw std::invalid_argument(fmt::format("the Python agent {} must return an action (an int)", name_));
  }
}

namespace {

// A built-in agent with a VM of its own, so that it searches without the GIL.
class BuiltinAgent {
 public:
  BuiltinAgent(GamePtr game, const std::string& spec, uint64_t seed)
      : game_(std::move(game)), rules_(game_->def), agent_(make_agent(AgentSpec::parse(spec), game_->def, seed)), spec_(spec) {}

  int64_t step(GameState& s) { return choose(s).first; }

  // The agent's k best moves as it rated them: (action, value, visits), best first.
  std::vector<std::tuple<int64_t, double, long>> hint(GameState& s, int k) {
    auto [chosen, scores] = choose(s);
    std::vector<std::tuple<int64_t, double, long>> out;
    for (const auto& [move, value, visits] : scores) {
      if (static_cast<int>(out.size()) >= k) break;
      out.emplace_back(move, value, visits);
    }
    if (out.empty()) out.emplace_back(chosen, std::nan(""), 0L);  // an agent that keeps no figures
    return out;
  }
  const std::string& spec() const { return spec_; }
  std::string last_search() const { return agent_->last_search(); }

 private:
  struct Scored {
    int64_t move;
    double value;
    long visits;
  };
  std::pair<int64_t, std::vector<Scored>> choose(GameState& s) {
    // A state of other rules would be read by this game's tables; the same rules loaded
    // twice are the same game.
    if (s.game()->def->content_hash != game_->def->content_hash)
      throw std::invalid_argument(fmt::format("this agent plays {}; the state is of other rules ({}): make the agent with the "
                                              "state's game", game_->def->name, s.game()->def->name));
    if (s.is_terminal()) throw std::invalid_argument("the game is over: there is no move to choose");
    if (s.is_chance()) throw std::invalid_argument("this state waits for a roll: apply one before asking an agent");
    const State position = s.state();  // copied under the GIL
    std::pair<int64_t, std::vector<Scored>> out;
    const auto work = [&](const std::atomic<bool>* stop) {
      const std::lock_guard<std::mutex> lock(busy_);  // one search at a time per agent, its stop flag with it
      agent_->stop_on(stop);
      struct Unset {
        Agent& agent;
        ~Unset() { agent.stop_on(nullptr); }
      } unset{*agent_};
      rules_.legal_moves(position, legal_);
      game_->ids.ids(position, legal_, ids_);
      const int i = agent_->choose(rules_, position, legal_);
      out.first = ids_[static_cast<size_t>(i)];
      for (const auto& sc : agent_->last_scores()) out.second.push_back({ids_[static_cast<size_t>(sc.move)], sc.value, sc.visits});
    };
    if (!agent_->searches()) {  // a quick choice: a thread would cost more than it
      py::gil_scoped_release released;
      work(nullptr);
      return out;
    }
    // A search answers Ctrl-C: it stops within a few hundred nodes and KeyboardInterrupt is raised.
    std::atomic<bool> stop{false};
    interruptible(stop, [&] { work(&stop); });
    return out;
  }
  GamePtr game_;
  ThreadRules rules_;
  std::unique_ptr<Agent> agent_;
  std::string spec_;
  std::mutex busy_;
  MoveList legal_;
  std::vector<int64_t> ids_;
};

}  // namespace

void bind_agents(py::module_& m) {
  py::class_<BuiltinAgent>(m, "Agent", "a built-in agent: Agent(game, 'mcts:iterations=200', seed=1)")
      .def(py::init<GamePtr, const std::string&, uint64_t>(), py::arg("game").none(false), py::arg("spec"), py::arg("seed") = 1)
      .def("step", &BuiltinAgent::step, py::arg("state"), "the action the agent chooses")
      .def("hint", &BuiltinAgent::hint, py::arg("state"), py::arg("k") = 3,
           "its k best moves as (action, value, visits), value the mover's expected score in [0, 1]")
      .def("last_search", &BuiltinAgent::last_search)
      .def_property_readonly("spec", &BuiltinAgent::spec)
      .def("__call__", &BuiltinAgent::step, py::arg("state"))
      .def("__repr__", [](const BuiltinAgent& a) { return fmt::format("<boardlab.Agent {}>", a.spec()); });
  py::list catalogue;
  for (const auto& info : agent_catalogue()) catalogue.append(info.name);
  m.attr("AGENTS") = catalogue;
}

}  // namespace boardlab::python
