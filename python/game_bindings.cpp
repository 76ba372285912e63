// boardlab.Game and boardlab.State: the OpenSpiel-style game API (docs/python.md), over the
// turn contract of rules/rules.h and the action ids of rules/action_ids.h.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <stdexcept>

#include "bindings.h"
#include "core/diagnostics.h"
#include "definition/bundled.h"
#include "state/move_route.h"
#include "state/position_text.h"
#include "view/board_view.h"

namespace boardlab::python {

bool GameState::is_terminal() {
  if (state_.awaiting_roll()) return rules().over(state_);
  list_moves();
  return legal_.size() == 0;  // empty exactly when the game is over (rules.h)
}

int GameState::current_player() {
  if (is_terminal()) return kTerminalPlayer;
  if (is_chance()) return kChancePlayer;
  return state_.side();
}

void GameState::list_moves() {
  if (moves_listed_ || state_.awaiting_roll()) return;
  rules().legal_moves(state_, legal_);
  moves_listed_ = true;
}

void GameState::list_ids() {
  if (ids_listed_) return;
  ids_.clear();
  if (is_chance()) {
    for (const ChanceOutcome& o : rules().chance_outcomes(state_)) ids_.push_back(game_->ids.roll_id(state_, o));
  } else if (!is_terminal()) {
    game_->ids.ids(state_, legal_, ids_);
  }
  ids_listed_ = true;
}

const std::vector<int64_t>& GameState::legal_actions() {
  list_ids();
  return ids_;
}

int GameState::move_index(int64_t id) {
  list_ids();
  for (size_t i = 0; i < ids_.size(); ++i)
    if (ids_[i] == id) return static_cast<int>(i);
  if (is_terminal()) throw std::invalid_argument(fmt::format("the game is over: no action is legal (asked for {})", id));
  throw std::invalid_argument(fmt::format("{} is not a legal action here ({} legal: {}{})", id, ids_.size(),
                                          fmt::join(ids_.begin(), ids_.begin() + std::min<size_t>(ids_.size(), 20), ", "),
                                          ids_.size() > 20 ? ", ..." : ""));
}

void GameState::apply_action(int64_t id) {
  const int i = move_index(id);
  if (is_chance())
    rules().apply(state_, rules().chance_outcomes(state_)[static_cast<size_t>(i)]);
  else
    rules().apply(state_, legal_[i]);
  history_.push_back(id);
  moves_listed_ = ids_listed_ = false;
}

std::string GameState::action_to_string(int64_t id) {
  const int i = move_index(id);
  if (is_chance()) {
    const ChanceOutcome& o = rules().chance_outcomes(state_)[static_cast<size_t>(i)];
    // As dice_text writes a roll that is showing.
    const std::string text = fmt::format("{}", fmt::join(o.dice.begin(), o.dice.begin() + state_.def().dice.count, "-"));
    return o.side >= 0 ? fmt::format("{} ({} starts)", text, state_.def().players[static_cast<size_t>(o.side)].name) : text;
  }
  return rules().move_texts(state_, legal_)[static_cast<size_t>(i)];
}

int64_t GameState::string_to_action(const std::string& text) {
  list_ids();
  if (is_terminal()) throw std::invalid_argument("the game is over: no action is legal");
  if (is_chance()) {
    const int id = game_->ids.roll_id(state_, read_roll(state_, text));
    if (id < 0) throw std::invalid_argument(fmt::format("'{}' is not a roll of this game", text));
    return id;
  }
  const auto parsed = rules().notation(state_, legal_).parse(text);
  if (parsed.index < 0) throw std::invalid_argument(parsed.error);
  return ids_[static_cast<size_t>(parsed.index)];
}

std::vector<double> GameState::returns() const {
  const int n = state_.def().nplayers();
  std::vector<double> out(static_cast<size_t>(n), 0.0);
  const Outcome o = rules().outcome(state_);
  if (o.kind != Outcome::Kind::Win) return out;
  // A win is worth its result's score (a result the definition scores 2 is worth 2); the
  // losers share the loss.
  const double score = o.detail ? state_.def().results[o.detail - 1u].score : 1;
  for (int p = 0; p < n; ++p) out[static_cast<size_t>(p)] = p == o.winner ? score : -score / (n - 1);
  return out;
}

namespace {

GamePtr load_game(const std::string& name, const py::object& options) {
  std::vector<std::string> settings;
  if (py::isinstance<py::dict>(options)) {
    for (auto [key, value] : options.cast<py::dict>()) {
      const std::string v = py::isinstance<py::bool_>(value) ? (value.cast<bool>() ? "true" : "false") : py::str(value).cast<std::string>();
      settings.push_back(py::str(key).cast<std::string>() + "=" + v);
    }
  } else if (!options.is_none()) {
    for (auto item : options) settings.push_back(py::str(item).cast<std::string>());
  }
  return std::make_shared<Game>(open_definition(name, settings), name, settings);
}

std::string state_text(GameState& s) {
  ViewOptions view;
  std::string text = draw_board(s.state(), view);
  const GameDef& def = s.state().def();
  if (s.is_terminal()) return text + describe(def, s.rules().outcome(s.state())) + "\n";
  const std::string side = def.players[static_cast<size_t>(s.state().side())].name;
  if (s.is_chance()) return text + fmt::format("{} to roll\n", s.state().opening_roll() ? "the players" : side);
  const std::string dice = dice_text(s.state());
  return text + fmt::format("{} to move{}\n", side, dice.empty() ? "" : " (dice " + dice + ")");
}

py::array_t<float> observation(GameState& s, int player, const InputLayout& layout) {
  const int n = s.state().def().nplayers();
  if (player < 0 || player >= n) throw std::invalid_argument(fmt::format("no player {}: the game has {}", player, n));
  py::array_t<float> out(layout.size());
  float* data = out.mutable_data();
  std::fill(data, data + layout.size(), 0.0f);
  SparseInput in;
  layout.encode(s.state(), player, in);
  for (int k = 0; k < in.size(); ++k) data[in.index(k)] = in.value(k);
  return out;
}

}  // namespace

void bind_games(py::module_& m) {
  m.attr("CHANCE_PLAYER") = kChancePlayer;
  m.attr("TERMINAL_PLAYER") = kTerminalPlayer;

  py::class_<Rng>(m, "Rng", "boardlab's seeded generator (xoshiro256**), the one the CLI's random players and dice use")
      .def(py::init<uint64_t>(), py::arg("seed"))
      .def("below", [](Rng& rng, uint32_t n) {
        if (n == 0) throw std::invalid_argument("Rng.below(n) needs n >= 1: there is no whole number in [0, 0)");
        return rng.below(n);
      }, py::arg("n"), "a whole number in [0, n), as the CLI's random player draws its move")
      .def("next", &Rng::next);
  m.def("game_seed", &game_seed, py::arg("seed"), py::arg("index"),
        "the seed of game `index` of a series seeded `seed` (docs/seeds.md)");

  py::class_<Game, GamePtr>(m, "Game")
      .def("new_initial_state", [](const GamePtr& g) { return GameState(g, g->rules->initial()); })
      .def("num_players", [](const Game& g) { return g.def->nplayers(); })
      .def("num_distinct_actions", [](const Game& g) { return g.ids.num_distinct(); },
           "the size of the action ids' route space; ids at or above it are a route's second, third... move (docs/python.md)")
      .def("max_chance_outcomes", [](const Game& g) { return g.ids.num_rolls(); })
      .def("player_names", [](const Game& g) {
        std::vector<std::string> out;
        for (const auto& p : g.def->players) out.push_back(p.name);
        return out;
      })
      .def("options", [](const Game& g) {
        py::dict out;
        for (const auto& o : g.def->options) out[py::str(o.name)] = o.value;
        return out;
      }, "every option of the definition with its value in this game")
      .def("name", [](const Game& g) { return g.def->name; })
      .def("observation_tensor_shape", [](Game& g) { return std::vector<int>{g.layout().size()}; })
      .def("action_route", [](const Game& g, int64_t id) {
        const auto r = g.ids.route(id);
        auto name = [&](int location) -> py::object {
          if (location == ActionIds::kNoLocation) return py::none();
          return py::str(location_name(*g.def, location));
        };
        return py::make_tuple(name(r.from), name(r.to), r.count);
      }, py::arg("action"), "(from, to, count) of a move's id: cell or '@slot' names, None for no location")
      .def("__repr__", [](const Game& g) { return fmt::format("<boardlab.Game {}>", g.def->name); });

  py::class_<GameState>(m, "State")
      .def("current_player", &GameState::current_player)
      .def("is_terminal", &GameState::is_terminal)
      .def("is_chance_node", &GameState::is_chance)
      .def("legal_actions", [](GameState& s) { return s.legal_actions(); },
           "the ids of the legal moves (at a chance node, of the rolls), in the rules' order (as `boardlab moves` lists them)")
      .def("legal_actions", [](GameState& s, int player) {
        return player == s.current_player() ? s.legal_actions() : std::vector<int64_t>{};
      }, py::arg("player"))
      .def("legal_actions_mask", [](GameState& s) {
        const int64_t n = s.game()->ids.num_distinct();
        py::array_t<bool> mask(n);
        bool* data = mask.mutable_data();
        std::fill(data, data + n, false);
        if (!s.is_chance())
          for (int64_t a : s.legal_actions()) data[a % n] = true;
        return mask;
      }, "a numpy bool array over num_distinct_actions(): True at each legal move's route (id % num_distinct_actions())")
      .def("chance_outcomes", [](GameState& s) {
        std::vector<std::pair<int64_t, double>> out;
        if (!s.is_chance()) return out;
        const auto& ids = s.legal_actions();
        const auto& rolls = s.rules().chance_outcomes(s.state());
        for (size_t i = 0; i < ids.size(); ++i) out.emplace_back(ids[i], rolls[i].probability);
        return out;
      }, "(action, probability) of each roll a chance node may get")
      .def("sample_chance_outcome", [](GameState& s, Rng& rng) {
        if (!s.is_chance()) throw std::invalid_argument("this state does not wait for a roll");
        return static_cast<int64_t>(s.game()->ids.roll_id(s.state(), s.rules().sample_chance(s.state(), rng)));
      }, py::arg("rng"), "a roll drawn from `rng` as the CLI's game loop draws it")
      .def("apply_action", &GameState::apply_action, py::arg("action"))
      .def("action_to_string", &GameState::action_to_string, py::arg("action"))
      .def("action_to_string", [](GameState& s, int, int64_t a) { return s.action_to_string(a); }, py::arg("player"), py::arg("action"))
      .def("string_to_action", &GameState::string_to_action, py::arg("text"))
      .def("string_to_action", [](GameState& s, int, const std::string& t) { return s.string_to_action(t); }, py::arg("player"), py::arg("text"))
      .def("returns", &GameState::returns)
      .def("rewards", [](GameState& s) {
        return s.is_terminal() ? s.returns() : std::vector<double>(static_cast<size_t>(s.state().def().nplayers()), 0.0);
      })
      .def("history", &GameState::history, "the actions applied since this state was made")
      .def("move_number", [](const GameState& s) { return s.state().ply(); })
      .def("result", [](GameState& s) -> py::object {
        if (!s.is_terminal()) return py::none();
        return py::str(describe(s.state().def(), s.rules().outcome(s.state())));
      }, "how the game ended in words (\"white wins (gammon)\"), or None")
      .def("dice", [](const GameState& s) { return s.state().rolled(); })
      .def("clone", [](const GameState& s) { return GameState(s); })
      .def("__copy__", [](const GameState& s) { return GameState(s); })
      .def("__deepcopy__", [](const GameState& s, py::dict) { return GameState(s); })
      .def("position_text", [](const GameState& s) { return position_text(s.state()); })
      .def_static("from_text", [](const GamePtr& g, const std::string& text) {
        return GameState(g, parse_position(*g->def, text));
      }, py::arg("game").none(false), py::arg("text"), "a state read from position_text()'s form")
      .def("observation_tensor", [](GameState& s, py::object player) {
        const int p = player.is_none() ? std::max(0, s.current_player() >= 0 ? s.current_player() : s.state().side())
                                       : player.cast<int>();
        return observation(s, p, s.game()->layout());
      }, py::arg("player") = py::none(),
         "the position as the learned evaluations see it, from `player`'s side (default: the side to move)")
      .def("get_game", [](const GameState& s) { return s.game(); })
      .def("__str__", &state_text)
      .def("__repr__", [](const GameState& s) { return fmt::format("<boardlab.State {}>", position_text(s.state())); });

  m.def("load_game", &load_game, py::arg("game"), py::arg("options") = py::none(),
        "a bundled game by name, or a definition file by path, with options as a dict or a list of 'key=value'");
}

}  // namespace boardlab::python
