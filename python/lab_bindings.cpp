// boardlab.lab's C++ side: simulate (the CLI's series, the same seeds and results, with
// Python callables allowed in the seats) and read (a simulate folder), each giving the games
// and their moves as columns that boardlab/lab.py makes into pandas DataFrames.
#include <fmt/format.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <future>
#include <map>
#include <thread>

#include "bindings.h"
#include "callable_agent.h"
#include "definition/bundled.h"
#include "lab/lab_game.h"
#include "lab/match.h"
#include "lab/runs.h"
#include "lab/simulation.h"
#include "lab/summary.h"

namespace boardlab::python {

namespace {

// The columns of the games and of their moves, as lists in a dict each.
struct Columns {
  std::map<std::string, py::list> games, moves;
};

py::object player_or_none(const GameDef& def, int player) {
  if (player < 0) return py::none();
  return py::str(def.players[static_cast<size_t>(player)].name);
}

// Built with the GIL released: plain C++ first (the records replay the games), Python after.
struct GameRow {
  lab::GameStats stats;
  Record record;
};

Columns columns(const GameDef& def, const std::vector<GameRow>& rows) {
  Columns c;
  const int n = def.nplayers();
  for (const auto& [g, record] : rows) {
    auto agent_of = [&](int player) -> py::object {
      if (player < 0) return py::none();
      return py::int_((player - g.first_seat + n) % n);
    };
    c.games["game"].append(g.index);
    c.games["seed"].append(g.seed);
    c.games["first_agent_seat"].append(g.first_seat);
    c.games["starter"].append(player_or_none(def, g.starter));
    c.games["winner"].append(player_or_none(def, g.winner));
    c.games["winning_agent"].append(agent_of(g.winner));
    c.games["starter_won"].append(g.winner >= 0 && g.winner == g.starter);
    c.games["capped"].append(g.capped);
    c.games["result"].append(g.result);
    c.games["plies"].append(g.plies);
    c.games["seconds"].append(g.seconds);
    for (size_t i = 0; i < record.plies.size(); ++i) {
      const auto& ply = record.plies[i];
      int player = -1;
      for (int p = 0; p < n; ++p)
        if (def.players[static_cast<size_t>(p)].name == ply.side) player = p;
      c.moves["game"].append(g.index);
      c.moves["ply"].append(i + 1);
      c.moves["player"].append(ply.side);
      c.moves["agent"].append(agent_of(player));
      c.moves["dice"].append(ply.dice);
      c.moves["move"].append(ply.move);
    }
  }
  return c;
}

py::dict as_dict(Columns c, const lab::RunInfo& run) {
  py::dict out, games, moves;
  for (auto& [k, v] : c.games) games[py::str(k)] = v;
  for (auto& [k, v] : c.moves) moves[py::str(k)] = v;
  out["games"] = games;
  out["moves"] = moves;
  out["agents"] = run.agents;
  out["game"] = run.game;
  out["seed"] = run.seed;
  return out;
}

std::vector<GameRow> with_records(const Rules& rules, const lab::RunInfo& run, std::vector<lab::GameStats> games, bool moves) {
  std::vector<GameRow> rows;
  for (auto& g : games) {
    Record r = moves ? lab_game_record(rules, run, g) : Record{};
    rows.push_back({std::move(g), std::move(r)});
  }
  return rows;
}

}  // namespace

void interruptible(std::atomic<bool>& stop, const std::function<void()>& work) {
  std::promise<void> finished;
  auto done = finished.get_future();
  std::thread worker([&] {
    try {
      work();
      finished.set_value();
    } catch (...) {
      finished.set_exception(std::current_exception());
    }
  });
  bool interrupted = false;
  {
    py::gil_scoped_release released;
    while (done.wait_for(std::chrono::milliseconds(50)) != std::future_status::ready) {
      py::gil_scoped_acquire gil;
      if (!interrupted && PyErr_CheckSignals() != 0) interrupted = true, stop = true;  // the error stays set
    }
    worker.join();
  }
  if (interrupted) throw py::error_already_set();
  done.get();  // the work's own error, if any
}

namespace {

// A series as boardlab simulate plays it, with Python callables seated through the config's
// agent factory. `callables` keeps the handles (borrowed: the caller's list holds them).
struct Series {
  lab::SimulationConfig config;
  std::vector<py::handle> callables;
};

void make_series(Series& s, const GamePtr& game, const py::list& agents, long games, uint64_t seed, int max_plies,
                 int threads, int opening_plies) {
  lab::SimulationConfig& config = s.config;
  config.def = game->def;
  config.games = games;
  config.seed = seed;
  config.max_plies = max_plies;
  config.threads = threads;
  config.opening_plies = opening_plies;
  if (threads == 0) config.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));  // every core
  lab::check_series_bounds(config);
  for (const py::handle a : agents) {
    if (py::isinstance<py::str>(a)) {
      config.agents.push_back(AgentSpec::parse(a.cast<std::string>()));
    } else if (PyCallable_Check(a.ptr())) {
      AgentSpec spec;
      spec.name = "python";
      spec.params["index"] = std::to_string(s.callables.size());
      spec.params["name"] = py::hasattr(a, "__name__") ? py::str(a.attr("__name__")).cast<std::string>() : "policy";
      config.agents.push_back(spec);
      s.callables.push_back(a);
    } else {
      throw std::invalid_argument("each agent is a spec (a str such as 'mcts:iterations=200') or a callable state -> action");
    }
  }
  if (s.callables.empty()) return;
  config.agent_factory = [game, &s](const AgentSpec& spec, uint64_t seat_seed) -> std::unique_ptr<Agent> {
    if (spec.name == "python")
      return std::make_unique<CallableAgent>(game, s.callables.at(std::stoul(spec.params.at("index"))), spec.params.at("name"));
    return make_agent(spec, s.config.def, seat_seed);
  };
}

py::dict simulate(const GamePtr& game, const py::list& agents, long games, uint64_t seed, int max_plies, int threads,
                  int opening_plies, bool moves, const std::string& out, bool replace) {
  Series series;
  make_series(series, game, agents, games, seed, max_plies, threads, opening_plies);
  const lab::RunInfo run = lab::run_info(game->name, game->options, series.config);
  if (!out.empty()) lab::check_results_folder(out, run, replace);  // before any game, as simulate --out does
  std::vector<GameRow> rows;
  std::atomic<bool> stop{false};
  series.config.stop = &stop;
  interruptible(stop, [&] {
    std::vector<lab::GameStats> played;
    if (out.empty()) {
      played = lab::simulate(series.config);
    } else {
      // Each game goes to the folder as it ends, as simulate --out writes it: Ctrl-C keeps
      // the games played (`boardlab simulate --resume OUT` plays the rest of a run of specs).
      lab::RunJournal journal(out, run, *game->def, {}, replace);
      played = lab::simulate(series.config, {}, [&](const lab::GameStats& g) { journal.add(g); });
      journal.flush();
      if (!stop) {
        const std::vector<std::string> lines = journal.take_lines(played);
        lab::write_results(out, played, lab::summarize(played, *game->def), *game->def, run, true, &lines);
      }
    }
    ThreadRules rules(game->def);
    rows = with_records(rules, run, std::move(played), moves);
  });
  return as_dict(columns(*game->def, rows), run);
}

// A match as `boardlab match` reports it: the first agent's record, score and Elo with their
// intervals, the first mover's wins, and the program's text.
py::dict match(const GamePtr& game, const py::list& agents, long games, uint64_t seed, int max_plies, int threads,
               int opening_plies) {
  Series series;
  make_series(series, game, agents, games, seed, max_plies, threads, opening_plies);
  if (series.config.agents.size() != 2) throw std::invalid_argument("a match is between two agents");
  lab::MatchConfig m;
  m.series = series.config;  // its agent factory refers to `series`, alive until the end
  lab::Match played;
  std::string text;
  std::atomic<bool> stop{false};
  m.series.stop = &stop;
  interruptible(stop, [&] {
    played = lab::play_match(m);
    text = lab::match_text(played, m);
  });
  const lab::MatchResult& r = played.result;
  const auto [low, high] = r.interval();
  const lab::EloDifference elo = lab::elo_difference(r);
  py::dict out;
  out["games"] = r.games;
  out["wins"] = r.wins;
  out["draws"] = r.draws;
  out["losses"] = r.losses;
  out["capped"] = r.capped;
  out["first_mover_wins"] = r.first_mover_wins;
  out["score"] = r.score();
  out["score_interval"] = py::make_tuple(low, high);
  out["elo"] = elo.elo;
  out["elo_interval"] = py::make_tuple(elo.interval95.low, elo.interval95.high);
  out["text"] = text;
  return out;
}

py::dict read(const std::string& folder, const std::string& definition, bool moves) {
  std::vector<GameRow> rows;
  lab::RunInfo run;
  GameDefPtr def;
  {
    py::gil_scoped_release released;
    run = lab::read_run_info(folder);
    def = definition.empty() ? open_named_definition(run.game, run.options) : open_definition(definition, run.options);
    ThreadRules rules(def);
    rows = with_records(rules, run, lab::read_games(folder, *def), moves);
  }
  return as_dict(columns(*def, rows), run);
}

}  // namespace

void bind_lab(py::module_& m) {
  auto lab = m.def_submodule("_lab", "the C++ side of boardlab.lab");
  lab.def("simulate", &simulate, py::arg("game").none(false), py::arg("agents"), py::arg("games"), py::arg("seed"), py::arg("max_plies"),
          py::arg("threads"), py::arg("opening_plies"), py::arg("moves"), py::arg("out"), py::arg("replace"));
  lab.def("match", &match, py::arg("game").none(false), py::arg("agents"), py::arg("games"), py::arg("seed"), py::arg("max_plies"),
          py::arg("threads"), py::arg("opening_plies"));
  lab.def("read", &read, py::arg("folder"), py::arg("definition"), py::arg("moves"));
}

}  // namespace boardlab::python
