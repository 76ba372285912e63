// Game records: writing, reading and replaying them.
#include "session/game_record.h"

#include <charconv>
#include <cstdio>
#include <fmt/format.h>
#include <stdexcept>

#include "core/text.h"
#include "state/position_text.h"

namespace boardlab {

namespace {

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

// The quoted values of a header line: [Name "a" "b"].
std::vector<std::string> header_values(const std::string& line, size_t from, int line_no) {
  std::vector<std::string> out;
  size_t i = from;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    if (i < line.size() && line[i] == ']') return out;
    if (i >= line.size() || line[i] != '"') break;
    std::string v;
    for (++i; i < line.size() && line[i] != '"'; ++i) {
      if (line[i] == '\\' && i + 1 < line.size()) ++i;
      v += line[i];
    }
    if (i >= line.size()) break;
    out.push_back(v);
    ++i;
  }
  throw std::invalid_argument(fmt::format("line {}: a header is [Name \"value\"]", line_no));
}

}  // namespace

std::string format_record(const Record& r) {
  std::string out = fmt::format("[Game {}]\n[Definition {}]\n", quoted(r.game), quoted(r.definition_hash));
  for (const auto& [k, v] : r.options) out += fmt::format("[Option {}]\n", quoted(k + "=" + v));
  out += fmt::format("[Seed \"{}\"]\n", r.seed);
  for (const auto& [p, who] : r.players) out += fmt::format("[Player {} {}]\n", quoted(p), quoted(who));
  if (!r.date.empty()) out += fmt::format("[Date {}]\n", quoted(r.date));
  if (!r.start.empty()) out += fmt::format("[Start {}]\n", quoted(r.start));
  if (!r.roll.empty()) out += fmt::format("[Roll {} {}]\n", quoted(r.roll_side), quoted(r.roll));
  out += fmt::format("[Result {}]\n", quoted(r.result));
  for (size_t i = 0; i < r.plies.size(); ++i) {
    const auto& p = r.plies[i];
    out += fmt::format("{}. {}{} {}\n", i + 1, p.side, p.dice.empty() ? "" : " [" + p.dice + "]", p.move);
  }
  return out;
}

Record parse_record(const std::string& text) {
  Record r;
  int line_no = 0;
  bool have_game = false;
  size_t at = 0;
  while (at < text.size()) {
    size_t nl = text.find('\n', at);
    if (nl == std::string::npos) nl = text.size();
    const std::string line = trim(text.substr(at, nl - at));
    at = nl + 1;
    ++line_no;
    if (line.empty() || line[0] == '#') continue;
    if (line[0] == '[') {
      const size_t sp = line.find(' ');
      const std::string name = line.substr(1, sp == std::string::npos ? std::string::npos : sp - 1);
      const auto v = header_values(line, sp == std::string::npos ? line.size() : sp, line_no);
      auto need = [&](size_t n) {
        if (v.size() != n) throw std::invalid_argument(fmt::format("line {}: [{}] takes {} value(s)", line_no, name, n));
      };
      if (name == "Game") need(1), r.game = v[0], have_game = true;
      else if (name == "Definition") need(1), r.definition_hash = v[0];
      else if (name == "Seed") {
        need(1);
        auto [end, ec] = std::from_chars(v[0].data(), v[0].data() + v[0].size(), r.seed);
        if (ec != std::errc() || end != v[0].data() + v[0].size())
          throw std::invalid_argument(fmt::format("line {}: [Seed] takes a whole number from 0 to 2^64 - 1", line_no));
      }
      else if (name == "Date") need(1), r.date = v[0];
      else if (name == "Start") need(1), r.start = v[0];
      else if (name == "Result") need(1), r.result = v[0];
      else if (name == "Player") need(2), r.players.emplace_back(v[0], v[1]);
      else if (name == "Roll") need(2), r.roll_side = v[0], r.roll = v[1];
      else if (name == "Option") {
        need(1);
        try {
          r.options.push_back(parse_key_value(v[0], "[Option]"));
        } catch (const std::invalid_argument& e) {
          throw std::invalid_argument(fmt::format("line {}: {}", line_no, e.what()));
        }
      }
      continue;  // unknown headers are kept out, not refused: newer files still read
    }
    // "12. white [6-5] 24/18 23/18"
    const size_t dot = line.find(". ");
    if (dot == std::string::npos || !parse_int(line.substr(0, dot)))
      throw std::invalid_argument(fmt::format("line {}: expected a move line such as '1. white e1-g3'", line_no));
    std::string rest = trim(line.substr(dot + 2));
    Record::Ply p;
    const size_t sp = rest.find(' ');
    p.side = rest.substr(0, sp);
    rest = sp == std::string::npos ? "" : trim(rest.substr(sp + 1));
    if (!rest.empty() && rest[0] == '[') {
      const size_t close = rest.find(']');
      if (close == std::string::npos) throw std::invalid_argument(fmt::format("line {}: the roll has no closing ]", line_no));
      p.dice = rest.substr(1, close - 1);
      rest = trim(rest.substr(close + 1));
    }
    if (rest.empty()) throw std::invalid_argument(fmt::format("line {}: the move is missing", line_no));
    p.move = rest;
    if (r.plies.size() >= kMaxRecordPlies)
      throw std::invalid_argument(fmt::format("line {}: a record holds at most {} moves", line_no, kMaxRecordPlies));
    r.plies.push_back(p);
  }
  if (!have_game) throw std::invalid_argument("not a game record: no [Game \"...\"] header");
  return r;
}

void save_record(const std::string& path, const Record& r) { write_text_file(path, format_record(r)); }

Record::Ply record_ply(const GameDef& def, const State& s, const std::string& move_text) {
  return {def.players[static_cast<size_t>(s.side())].name, dice_text(s), move_text};
}

std::vector<std::string> recorded_seats(const GameDef& def, const Record& r) {
  std::vector<std::string> out(def.players.size());
  for (const auto& [player, who] : r.players) {
    const int p = def.player_index(player);
    if (p < 0) continue;
    // "A, B from move N, C from move M": the last spec follows the last ", " that comes
    // before a " from move " (a spec may hold ", " itself: mcts:iterations=500, threads=2).
    std::string last = who;
    if (const size_t from = who.rfind(" from move "); from != std::string::npos) {
      const size_t cut = who.rfind(", ", from);
      last = who.substr(0, from).substr(cut == std::string::npos ? 0 : cut + 2);
    }
    out[static_cast<size_t>(p)] = trim(last);
  }
  return out;
}

int first_person(const GameDef& def, const Record& r) {
  for (const auto& [player, who] : r.players)
    if (who == "human" && def.player_index(player) >= 0) return def.player_index(player);
  return 0;
}

WrittenPly written_ply(const GameDef& def, const Record::Ply& p) {
  return {def.player_index(p.side), p.dice, p.move, -1};
}

namespace {
// What a replay of a record keeps as it goes: each move, as the viewer reads it, and the
// positions.
class ReplayKeeper : public GameObserver {
 public:
  ReplayKeeper(const Rules& rules, Replay& out, int viewer, bool keep_positions)
      : rules_(rules), out_(out), viewer_(viewer), keep_(keep_positions) {}
  void reads_by(Replayer& walk) { walk_ = &walk; }
  void moving(const State& s, const MoveList& legal, int chosen) override {
    if (viewer_ >= 0) out_.shown.push_back(rules_.text_for(s, legal, chosen, viewer_, walk_->notation()));
    out_.moves.push_back(legal[chosen]);
  }
  void moved(const State& s) override {
    if (keep_) out_.positions.push_back(s.snapshot());  // boards, not histories: memory linear in the record
  }

 private:
  const Rules& rules_;
  Replay& out_;
  int viewer_;
  bool keep_;
  Replayer* walk_ = nullptr;  // whose notation of the mover's moves a viewer's may reuse
};
}  // namespace

Replay replay(const Rules& rules, const Record& r, int viewer, bool keep_positions) {
  const GameDef& def = rules.def();
  Replay out{rules.initial(), {}, {}, {}, {}};
  try {
    if (!r.start.empty()) out.state = parse_position(def, r.start);
  } catch (const PositionError& e) {
    out.error = fmt::format("the start position does not read: {}", e.what());
    if (keep_positions) out.positions.push_back(out.state.snapshot());
    return out;
  }
  if (keep_positions) out.positions.push_back(out.state.snapshot());
  ReplayKeeper keep(rules, out, viewer, keep_positions);
  Replayer walk(rules, out.state, &keep);
  keep.reads_by(walk);
  for (size_t i = 0; i < r.plies.size(); ++i) {
    const auto& p = r.plies[i];
    const WrittenPly ply = written_ply(def, p);
    const std::string why = ply.side < 0 ? fmt::format("'{}' is not a player of {}", p.side, def.name) : walk.play(ply);
    if (!why.empty()) {
      out.error = fmt::format("move {} ({} {}): {}", i + 1, p.side, p.move, why);
      break;
    }
  }
  // A game whose last move left the side to move without one ended there: the state knows.
  rules.outcome(out.state);
  if (keep_positions) out.positions.back() = out.state.snapshot();
  return out;
}

}  // namespace boardlab
