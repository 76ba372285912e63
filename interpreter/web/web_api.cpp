// The web API (web_api.h): a store of games, each a PlaySession behind its own lock, and
// the routes that read and change them.
#include "web/web_api.h"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <limits>
#include <optional>
#include <type_traits>
#include <random>
#include <set>
#include <thread>

#include "core/json_text.h"
#include "definition/bundled.h"
#include "session/play_session.h"
#include "web/assets.h"
#include "web/game_view.h"
#include "state/move_route.h"

namespace boardlab {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

struct WebApi::Game {
  std::mutex mutex;  // one request at a time changes a game
  std::string id;
  std::unique_ptr<PlaySession> session;
  Clock::time_point used;
};

namespace {

// A request the client got wrong: its status and the message it reads.
struct Refusal {
  int status;
  std::string message;
};

// Text from a request (a path, a move) may be any bytes: invalid UTF-8 is replaced, not thrown.
WebResponse reply(const json& j, int status = 200) {
  return {status, "application/json", j.dump(-1, ' ', false, json::error_handler_t::replace)};
}
WebResponse error(int status, const std::string& message) { return reply({{"error", message}}, status); }

json parse_body(const std::string& body) {
  if (body.size() > WebApi::kMaxBody) throw Refusal{413, fmt::format("the request is larger than {} bytes", WebApi::kMaxBody)};
  if (body.empty()) return json::object();
  try {
    json j = parse_json(body);
    if (!j.is_object()) throw Refusal{400, "the request body should be a JSON object"};
    return j;
  } catch (const json::exception& e) {  // malformed, too deep, or a number too large (1e400)
    throw Refusal{400, fmt::format("the request body is not JSON: {}", json_error_text(e))};
  }
}

// A whole number that fits T, or nullopt: nlohmann's get<int> would wrap 4294967299 to 3.
template <typename T>
std::optional<T> whole(const json& v) {
  if (v.is_number_unsigned()) {
    const auto n = v.get<uint64_t>();
    if (n <= static_cast<uint64_t>(std::numeric_limits<T>::max())) return static_cast<T>(n);
  } else if (v.is_number_integer()) {
    const auto n = v.get<int64_t>();
    if (std::is_signed_v<T> && n >= static_cast<int64_t>(std::numeric_limits<T>::min()) &&
        n <= static_cast<int64_t>(std::numeric_limits<T>::max()))
      return static_cast<T>(n);
  }
  return std::nullopt;
}

template <typename T>
T convert(const json& v, const char* key) {
  if constexpr (std::is_integral_v<T>) {
    if (const auto n = whole<T>(v)) return *n;
    if (!v.is_number()) throw Refusal{400, fmt::format("'{}' has the wrong type (a whole number)", key)};
    throw Refusal{400, fmt::format("'{}' should be a whole number from {} to {}", key, std::numeric_limits<T>::min(),
                                   std::numeric_limits<T>::max())};
  } else if constexpr (std::is_same_v<T, std::vector<int>>) {
    if (!v.is_array()) throw Refusal{400, fmt::format("'{}' should be a list of whole numbers", key)};
    T out;
    for (const auto& item : v) out.push_back(convert<int>(item, key));
    return out;
  } else {
    try {
      return v.get<T>();
    } catch (const json::exception&) {
      throw Refusal{400, fmt::format("'{}' has the wrong type", key)};
    }
  }
}

// Field `key` of `j` as T, or `fallback` when absent; a field of another type, or a number
// out of T's range, is refused.
template <typename T>
T field(const json& j, const char* key, T fallback) {
  if (!j.contains(key) || j[key].is_null()) return fallback;
  return convert<T>(j[key], key);
}

// One computer move at most per request, so that a page can pace them (watching) and
// show each; a person's move plays no computer move at all.
class Pace : public PlaySession::Watcher {
 public:
  explicit Pace(int allowed) : allowed_(allowed) {}
  bool interrupted() override { return moved_ >= allowed_; }
  void played(const State&, const Move&, const std::string&, const State&, bool computer) override { moved_ += computer; }

 private:
  int allowed_, moved_ = 0;
};

json game_view(const std::string& id, const PlaySession& s, bool with_definition) {
  const bool over = s.over();
  const bool human = !over && s.is_human(s.state().side());
  json seats = json::array();
  for (int p = 0; p < s.def().nplayers(); ++p) seats.push_back(s.seat(p));
  json rolls = json::array();  // the dice each move played ("" in a game without)
  for (const auto& ply : s.record().plies) rolls.push_back(ply.dice);
  json j = {{"id", id},
            {"seats", seats},
            {"viewer", s.viewer()},
            {"position", position_view(s.state())},
            {"moves", s.shown()},
            {"rolls", rolls},
            {"result", s.result()},
            {"to_move", over ? "nobody" : human ? "human" : "computer"},
            {"legal", human ? legal_view(s.state(), s.legal(), s.texts()) : json::array()}};
  if (with_definition) j["definition"] = definition_view(s.def());
  return j;
}

}  // namespace

WebApi::WebApi(Config config) : config_(std::move(config)) {
  for (const auto& file : bundled_definitions()) {
    auto def = open_definition(file);
    catalog_.push_back({def->name, file, def});
  }
  for (const auto& file : config_.definitions) {
    auto def = open_definition(file);
    catalog_.push_back({file, file, def});
  }
  json games = json::array();
  for (const auto& c : catalog_)
    games.push_back({{"key", c.key}, {"definition", definition_view(*c.def)}, {"bundled", c.key == c.def->name}});
  catalog_reply_ = reply({{"games", games}, {"levels", kLevels}, {"default_level", kDefaultLevel}});
  next_id_ = std::random_device{}();
  const int cores = static_cast<int>(std::thread::hardware_concurrency());
  searches_ = std::make_unique<std::counting_semaphore<4096>>(
      std::clamp(config_.searches > 0 ? config_.searches : std::max(2, cores), 1, 4096));
  // The folders whose names replies leave out: the bundled files', each definition's own.
  std::set<std::string> dirs;
  const auto add = [&](const std::filesystem::path& dir) {
    if (dir.empty()) return;
    std::error_code ec;
    const auto absolute = std::filesystem::absolute(dir, ec);
    if (!ec) dirs.insert(absolute.lexically_normal().string());
    dirs.insert(dir.lexically_normal().string());
  };
  add(data_dir());
  for (const auto& c : catalog_) add(std::filesystem::path(c.file).parent_path());
  for (auto dir : dirs) {
    // Absolute folders only, and never "/" alone: a relative one would match inside other
    // names, and "/" inside every move ("24/18").
    if (dir.size() < 2 || dir[0] != '/') continue;
    if (dir.back() != '/') dir += '/';
    private_dirs_.push_back(dir);
  }
  // Longest first, so that a folder inside another is taken out whole.
  std::sort(private_dirs_.begin(), private_dirs_.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
}

WebApi::~WebApi() = default;

const WebApi::Catalog* WebApi::entry(const std::string& key) const {
  for (const auto& c : catalog_)
    if (c.key == key) return &c;
  return nullptr;
}

size_t WebApi::games() {
  expire();
  std::lock_guard lock(mutex_);
  return games_.size();
}

void WebApi::expire() {
  std::lock_guard lock(mutex_);
  const auto now = config_.clock();
  for (auto it = games_.begin(); it != games_.end();) {
    // A game a request holds is not idle (its lock is taken).
    std::unique_lock game_lock(it->second->mutex, std::try_to_lock);
    const bool idle = game_lock && std::chrono::duration<double>(now - it->second->used).count() > config_.idle_seconds;
    game_lock = {};
    it = idle ? games_.erase(it) : std::next(it);
  }
}

std::shared_ptr<WebApi::Game> WebApi::find(const std::string& id) {
  expire();
  std::lock_guard lock(mutex_);
  auto it = games_.find(id);
  if (it == games_.end()) throw Refusal{404, fmt::format("no game '{}' (it may have expired)", id.substr(0, 40))};
  return it->second;
}

std::string WebApi::public_text(std::string text) const {
  for (const auto& dir : private_dirs_)
    for (size_t at; (at = text.find(dir)) != std::string::npos;) text.erase(at, dir.size());
  return text;
}

WebResponse WebApi::handle(const WebRequest& request) {
  // Messages name files by their names only: where the server keeps them is its own business.
  try {
    return route(request);
  } catch (const Refusal& r) {
    return error(r.status, public_text(r.message));
  } catch (const std::invalid_argument& e) {
    return error(400, public_text(e.what()));
  } catch (const DefinitionError& e) {
    return error(400, public_text(e.what()));
  } catch (const std::exception& e) {
    return error(500, public_text(e.what()));
  }
}

WebResponse WebApi::route(const WebRequest& rq) {
  if (!rq.path.starts_with("/api/")) {
    if (rq.method != "GET") throw Refusal{405, "only GET is served outside /api/"};
    const WebAsset* asset = web_asset(rq.path == "/" ? "/index.html" : rq.path);
    if (!asset) throw Refusal{404, fmt::format("nothing at '{}'", rq.path.substr(0, 100))};
    return {200, asset->type, std::string(asset->body)};
  }
  if (rq.path == "/api/catalog") {
    if (rq.method != "GET") throw Refusal{405, "GET /api/catalog"};
    return catalog_reply_;
  }
  if (rq.path == "/api/games") {
    if (rq.method != "POST") throw Refusal{405, "POST /api/games starts a game"};
    return create(rq.body);
  }
  constexpr std::string_view games = "/api/games/";
  if (!rq.path.starts_with(games) || rq.path.size() == games.size())
    throw Refusal{404, fmt::format("no endpoint '{}'", rq.path.substr(0, 100))};
  const std::string rest = rq.path.substr(games.size());
  const size_t slash = rest.find('/');
  const std::string id = rest.substr(0, slash), verb = slash == std::string::npos ? "" : rest.substr(slash + 1);
  auto game = find(id);
  std::lock_guard lock(game->mutex);
  game->used = config_.clock();
  if (verb.empty() && rq.method == "DELETE") {
    std::lock_guard store(mutex_);
    games_.erase(id);
    return reply({{"deleted", id}});
  }
  return act(*game, verb, rq.method, rq.body);
}

WebResponse WebApi::create(const std::string& body) {
  const json j = parse_body(body);
  std::string key = field<std::string>(j, "game", "");
  const std::string record = field<std::string>(j, "record", "");
  std::vector<std::string> options = field<std::vector<std::string>>(j, "options", {});
  std::optional<Record> saved;
  if (!record.empty()) {  // a saved game: its game and options, unless the request names them
    saved = parse_record(record);
    if (key.empty()) key = saved->game;
    if (!j.contains("options"))
      for (const auto& [k, v] : saved->options) options.push_back(k + "=" + v);
  }
  const Catalog* c = entry(key);
  if (!c) throw Refusal{404, fmt::format("no game '{}' here (GET /api/catalog lists them)", key.substr(0, 100))};
  const auto full = [&] {
    return Refusal{503, fmt::format("{} games are in play, the most this server keeps: end one first", games_.size())};
  };
  expire();
  {
    std::lock_guard lock(mutex_);  // refused before the work of a new game, and again after it
    if (games_.size() >= config_.max_games) throw full();
  }
  PlaySession::Setup setup;
  setup.def = options.empty() ? c->def : open_definition(c->file, options);
  setup.game = c->key;
  setup.options = options;
  setup.seats = field<std::vector<std::string>>(j, "seats", {});
  setup.limits = config_.agents;
  if (!setup.seats.empty() && setup.seats.size() != static_cast<size_t>(setup.def->nplayers()))
    throw Refusal{400, fmt::format("'seats' should name {} seats, one per player", setup.def->nplayers())};
  setup.seed = j.contains("seed") ? field<uint64_t>(j, "seed", 0) : fresh_seed();
  auto game = std::make_shared<Game>();
  game->used = config_.clock();
  try {
    game->session = std::make_unique<PlaySession>(setup);
  } catch (const ScriptError& e) {
    // A game that starts with its own options but not with these: the script refused them.
    if (options.empty()) throw;
    throw Refusal{400, fmt::format("the game does not start with these options: {}", e.what())};
  }
  // A saved game goes on with its recorded players (within the limits of specs from files)
  // unless the request names the seats.
  if (saved) game->session->load_record(std::move(*saved), "the record", setup.seats.empty());
  Pace pace(0);
  game->session->advance(&pace);
  std::lock_guard lock(mutex_);
  if (games_.size() >= config_.max_games) throw full();
  game->id = fmt::format("{:016x}", std::mt19937_64(next_id_++)());
  games_[game->id] = game;
  return reply(game_view(game->id, *game->session, true), 201);
}

// One of the server's search slots (Config::searches), held while a computer thinks.
class WebApi::SearchSlot {
 public:
  explicit SearchSlot(WebApi& api) : api_(api) {
    if (!api.searches_->try_acquire_for(std::chrono::duration<double>(api.config_.wait_seconds)))
      throw Refusal{503, "the server is busy thinking for other games: try again in a moment"};
  }
  ~SearchSlot() { api_.searches_->release(); }
  SearchSlot(const SearchSlot&) = delete;
  SearchSlot& operator=(const SearchSlot&) = delete;

 private:
  WebApi& api_;
};

WebResponse WebApi::act(Game& g, const std::string& verb, const std::string& method, const std::string& body) {
  PlaySession& s = *g.session;
  const auto want = [&](const char* m) {
    if (method != m) throw Refusal{405, fmt::format("{} /api/games/ID/{}", m, verb)};
  };
  const json j = parse_body(body);
  Pace none(0);
  if (verb.empty()) {
    want("GET");
    return reply(game_view(g.id, s, true));
  }
  if (verb == "move") {
    want("POST");
    if (s.over() || !s.is_human(s.state().side())) throw Refusal{409, "it is not a person's turn"};
    int index = field<int>(j, "index", -1);
    if (index < 0) {
      const auto parsed = s.parse(field<std::string>(j, "text", ""));
      if (parsed.index < 0) throw Refusal{422, parsed.error};
      index = parsed.index;
    }
    if (index >= s.legal().size()) throw Refusal{422, fmt::format("no move {}: there are {}", index, s.legal().size())};
    s.play(index);
    s.advance(&none);
  } else if (verb == "step") {
    want("POST");
    Pace one(1);
    const SearchSlot slot(*this);
    s.advance(&one);
  } else if (verb == "undo" || verb == "redo") {
    want("POST");
    if (!(verb == "undo" ? s.undo() : s.redo())) throw Refusal{409, fmt::format("nothing to {}", verb)};
    s.advance(&none);
  } else if (verb == "resign") {
    want("POST");
    if (s.over()) throw Refusal{409, "the game is over"};
    s.resign();
  } else if (verb == "hint") {
    want("POST");
    if (s.over() || !s.is_human(s.state().side())) throw Refusal{409, "it is not a person's turn"};
    const int count = field<int>(j, "count", 3);
    if (count < 1 || count > 20) throw Refusal{400, "'count' should be 1 to 20"};
    json hints = json::array();
    const SearchSlot slot(*this);
    for (const auto& h : s.hint(count)) hints.push_back({{"move", h.move}, {"value", h.value}, {"visits", h.visits}});
    return reply({{"hints", hints}});
  } else if (verb == "preview") {
    want("POST");
    const int index = field<int>(j, "move", -1);
    if (s.over() || index < 0 || index >= s.legal().size()) throw Refusal{422, "no such legal move"};
    const auto order = field<std::vector<int>>(j, "legs", {});
    const Move& m = s.legal()[index];
    json p = position_view(after_legs(s.state(), m, move_legs(s.state(), m), order));
    // The turn is not over: its side, ply and roll stay.
    p["side"] = s.state().side(), p["ply"] = s.state().ply(), p["dice"] = s.state().rolled();
    return reply({{"position", p}});
  } else if (verb == "record") {
    want("GET");
    return reply({{"text", format_record(s.record())}, {"file", fmt::format("{}-record.txt", s.def().name)}});
  } else if (verb == "positions") {
    want("GET");
    const Replay rep = replay(s.rules(), s.record(), s.viewer(), true);
    // Written position by position: one JSON tree of a long game's positions would cost ten
    // times its text.
    std::string text = "{\"positions\":[";
    for (size_t i = 0; i < rep.positions.size(); ++i)
      text += (i ? "," : "") + position_view(rep.positions[i]).dump(-1, ' ', false, json::error_handler_t::replace);
    text += "],\"moves\":" + json(rep.shown).dump(-1, ' ', false, json::error_handler_t::replace) + "}";
    return {200, "application/json", std::move(text)};
  } else if (verb == "load") {
    want("POST");
    const std::string note = s.load_text(field<std::string>(j, "text", ""), "the record");
    s.advance(&none);
    json v = game_view(g.id, s, false);
    v["note"] = note;
    return reply(v);
  } else {
    throw Refusal{404, fmt::format("no action '{}'", verb.substr(0, 40))};
  }
  return reply(game_view(g.id, s, false));
}

}  // namespace boardlab
