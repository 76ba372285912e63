// Summaries of self-play games, and the differences between two of them.
#include "lab/summary.h"

#include <algorithm>
#include <set>
#include <fmt/format.h>

namespace boardlab::lab {

Rate first_mover_wins(const std::vector<GameStats>& games) {
  Rate r{0, static_cast<long>(games.size())};
  for (const GameStats& g : games) r.hits += g.winner >= 0 && g.winner == g.starter;
  return r;
}

long capped_games(const std::vector<GameStats>& games) {
  return std::count_if(games.begin(), games.end(), [](const GameStats& g) { return g.capped; });
}

bool mostly_capped(long capped, long games) { return games > 0 && 2 * capped > games; }

std::string capped_note(long capped, long games, int max_plies) {
  return fmt::format("{} of {} games stopped at the cap of {} plies, undecided: they say little of the rules. Raise "
                     "--max-plies, or seat agents that finish games (greedy rather than random, say).",
                     capped, games, max_plies);
}

Variety variety_of(const std::vector<GameStats>& games) {
  std::set<std::pair<std::vector<int>, std::vector<std::string>>> seen;
  for (const GameStats& g : games) seen.insert({g.moves, g.dice});
  return {static_cast<long>(games.size()), static_cast<long>(seen.size())};
}

bool too_alike(const Variety& v) { return v.games > 0 && v.distinct < std::min(kMinDistinctGames, v.games / 2); }

Observed worth(Observed o, const Variety& v) {
  if (v.games > 0 && v.distinct < v.games) o.n = std::max(1L, v.distinct);
  return o;
}

std::string variety_text(const Variety& v) { return fmt::format("{} of {}", v.distinct, v.games); }

std::string alike_note(const Variety& v) {
  return fmt::format("the {} games are only {} distinct: agents that choose without chance play the same game again, "
                     "and copies of a game say nothing more of the rules. Start games with random moves (--openings P, "
                     "more of them), or seat agents that vary (random, greedy, mcts).",
                     v.games, v.distinct);
}

Summary summarize(const std::vector<GameStats>& games, const GameDef& def) {
  Summary s;
  s.games = static_cast<long>(games.size());
  s.variety = variety_of(games);
  s.seat_wins.assign(def.players.size(), Rate{0, s.games});
  s.draws = s.capped = s.first_agent_wins = Rate{0, s.games};
  s.starter_wins = first_mover_wins(games);
  for (const auto& e : def.events) s.event_names.push_back(e.name);
  for (const auto& p : def.players) s.player_names.push_back(p.name);
  std::vector<double> length, branching, seconds, score;
  const double draw_share = 1.0 / static_cast<double>(std::max(1, def.nplayers()));
  std::vector<std::vector<double>> events(def.events.size());
  std::vector<double> ply_sum;
  std::vector<long> ply_count;
  std::vector<std::vector<double>> turn_sum(def.players.size());
  s.games_by_turn.assign(def.players.size(), {});
  for (const GameStats& g : games) {
    if (g.winner >= 0 && static_cast<size_t>(g.winner) < s.seat_wins.size()) ++s.seat_wins[static_cast<size_t>(g.winner)].hits;
    if (g.winner < 0) ++s.draws.hits;
    if (g.capped) ++s.capped.hits;
    if (g.winner >= 0 && g.winner == g.first_seat) ++s.first_agent_wins.hits;
    score.push_back(g.winner < 0 ? draw_share : g.winner == g.first_seat ? 1.0 : 0.0);
    length.push_back(g.plies);
    double sum = 0;
    for (size_t i = 0; i < g.branching.size(); ++i) {
      sum += g.branching[i];
      if (ply_sum.size() <= i) ply_sum.resize(i + 1), ply_count.resize(i + 1);
      ply_sum[i] += g.branching[i];
      ++ply_count[i];
    }
    if (!g.branching.empty()) branching.push_back(sum / static_cast<double>(g.branching.size()));
    std::vector<size_t> turns(def.players.size(), 0);
    for (size_t i = 0; i < g.branching_sides.size() && i < g.branching.size(); ++i) {
      const auto seat = static_cast<size_t>(g.branching_sides[i] - '0');
      if (seat >= turns.size()) continue;
      const size_t k = turns[seat]++;
      if (turn_sum[seat].size() <= k) turn_sum[seat].resize(k + 1), s.games_by_turn[seat].resize(k + 1);
      turn_sum[seat][k] += g.branching[i];
      ++s.games_by_turn[seat][k];
    }
    for (size_t e = 0; e < events.size() && e < g.events.size(); ++e) events[e].push_back(static_cast<double>(g.events[e]));
    seconds.push_back(g.seconds);
    add_thinking(s.thinking, g.thinking);
    ++s.results[g.result];
  }
  s.first_agent_score = spread_of(score);
  // A score lies in [0, 1]: so does its interval (the normal approximation of a few games'
  // mean would reach past them).
  Interval& ci = s.first_agent_score.mean95;
  ci = {std::max(0.0, ci.low), std::min(1.0, ci.high)};
  s.length = spread_of(length);
  s.branching = spread_of(branching);
  for (auto& e : events) s.events.push_back(spread_of(e));
  s.seconds = spread_of(seconds);
  for (size_t i = 0; i < ply_sum.size(); ++i) s.branching_by_ply.push_back(ply_sum[i] / static_cast<double>(ply_count[i]));
  s.games_by_ply = ply_count;
  for (size_t p = 0; p < turn_sum.size(); ++p) {
    s.branching_by_turn.emplace_back();
    for (size_t k = 0; k < turn_sum[p].size(); ++k)
      s.branching_by_turn[p].push_back(turn_sum[p][k] / static_cast<double>(s.games_by_turn[p][k]));
  }
  return s;
}

std::vector<Compared> compare_summaries(const Summary& a, const Summary& b) {
  std::vector<Compared> out;
  auto rate = [&](const std::string& name, const Rate& x, const Rate& y) {
    out.push_back({name, x.value(), y.value(), rate_difference(x, y)});
  };
  auto mean = [&](const std::string& name, const Spread& x, const Spread& y, double scale = 1) {
    Difference d = mean_difference(x, y);
    d.value *= scale, d.interval95.low *= scale, d.interval95.high *= scale;
    out.push_back({name, x.mean * scale, y.mean * scale, d});
  };
  rate("first mover wins", a.starter_wins, b.starter_wins);
  for (size_t p = 0; p < a.seat_wins.size() && p < b.seat_wins.size(); ++p)
    rate(a.player_names[p] + " wins", a.seat_wins[p], b.seat_wins[p]);
  rate("draws", a.draws, b.draws);
  rate("stopped at the cap", a.capped, b.capped);
  rate("first agent wins", a.first_agent_wins, b.first_agent_wins);
  mean("first agent score", a.first_agent_score, b.first_agent_score);
  mean("length (plies)", a.length, b.length);
  mean("branching", a.branching, b.branching);
  for (size_t e = 0; e < a.events.size(); ++e)
    for (size_t f = 0; f < b.events.size(); ++f)
      if (a.event_names[e] == b.event_names[f]) mean(a.event_names[e] + " per game", a.events[e], b.events[f]);
  mean("milliseconds per game", a.seconds, b.seconds, 1000);
  return out;
}

}  // namespace boardlab::lab
