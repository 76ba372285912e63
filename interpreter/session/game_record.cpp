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
    r.plies.push_back(p);
  }
  if (!have_game) throw std::invalid_argument("not a game record: no [Game \"...\"] header");
  return r;
}

void save_record(const std::string& path, const Record& r) { write_text_file(path, format_record(r)); }

Record::Ply record_ply(const GameDef& def, const State& s, const std::string& move_text) {
  return {def.players[static_cast<size_t>(s.side())].name, dice_text(s), move_text};
}

int first_person(const GameDef& def, const Record& r) {
  for (const auto& [player, who] : r.players)
    if (who == "human" && def.player_index(player) >= 0) return def.player_index(player);
  return 0;
}

Replay replay(const Rules& rules, const Record& r, int viewer, bool keep_positions) {
  const GameDef& def = rules.def();
  Replay out{rules.initial(), {}, {}, {}, {}};
  try {
    if (!r.start.empty()) out.state = parse_position(def, r.start);
    rules.judge(out.state);  // a start that is over already says so
  } catch (const PositionError& e) {
    out.error = fmt::format("the start position does not read: {}", e.what());
    if (keep_positions) out.positions.push_back(out.state);
    return out;
  }
  State& s = out.state;
  if (keep_positions) out.positions.push_back(s);
  MoveList moves;
  for (size_t i = 0; i < r.plies.size(); ++i) {
    const auto& p = r.plies[i];
    auto fail = [&](const std::string& why) { out.error = fmt::format("move {} ({} {}): {}", i + 1, p.side, p.move, why); };
    const int side = def.player_index(p.side);
    if (side < 0) return fail(fmt::format("'{}' is not a player of {}", p.side, def.name)), out;
    if (s.outcome().over()) return fail("the game was already over: " + describe(def, s.outcome())), out;
    if (s.awaiting_roll()) {
      if (p.dice.empty()) return fail("the record gives no roll"), out;
      try {
        const auto dice = parse_dice(def, p.dice);
        s.roll(dice.data(), s.opening_roll() ? side : -1);
      } catch (const PositionError& e) {
        return fail(e.what()), out;
      }
    }
    if (s.side() != side) return fail(fmt::format("it is {}'s turn", def.players[static_cast<size_t>(s.side())].name)), out;
    rules.legal_moves(s, moves);
    const auto notation = rules.notation(s, moves);
    auto parsed = notation.parse(p.move);
    if (parsed.index < 0) return fail(parsed.error), out;
    if (viewer >= 0)
      out.shown.push_back(rules.text_for(s, moves, parsed.index, viewer, notation));
    out.moves.push_back(moves[parsed.index]);
    rules.apply(s, out.moves.back());
    if (keep_positions) out.positions.push_back(s);
  }
  // A game whose last move left the side to move without one ended there.
  if (!s.outcome().over() && !s.awaiting_roll()) rules.start_turn(s, moves);
  if (keep_positions) out.positions.back() = s;
  return out;
}

}  // namespace boardlab
