// Text and HTML reports of self-play results.
#include "lab/report.h"

#include "lab/html_page.h"

#include "lab/svg_plot.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace boardlab::lab {

namespace {

std::string spread_text(const Spread& s, int digits = 1, double scale = 1, const char* unit = "") {
  return fmt::format("mean {:.{}f}{} ({:.{}f}-{:.{}f}), median {:.{}f}, sd {:.{}f}, min {:.{}f}, max {:.{}f}",
                     s.mean * scale, digits, unit, s.mean95.low * scale, digits, s.mean95.high * scale, digits,
                     s.median * scale, digits, s.sd * scale, digits, s.min * scale, digits, s.max * scale, digits);
}

// The unit a time of `seconds` reads best in, as people write it: s, ms or µs.
struct TimeUnit {
  double scale;
  const char* name;
};
TimeUnit time_unit(double seconds) {
  if (seconds >= 1) return {1, " s"};
  if (seconds >= 1e-3) return {1e3, " ms"};
  return {1e6, " µs"};
}

// Game length, a stacked bar per bin: how the games of that length ended, by result (a
// gammon apart from a single game): each winner's results in the winner's colour, lighter
// for the rarer kinds; draws and games stopped at the cap in their own colours.
Plot length_histogram(const std::vector<GameStats>& games) {
  Plot p;
  p.title = "Game length, by how the game ended";
  p.ylabel = "games";
  p.integer_x = true;
  if (games.empty()) return p;
  int lo = games[0].plies, hi = lo;
  for (const auto& g : games) lo = std::min(lo, g.plies), hi = std::max(hi, g.plies);
  const int width = std::max(1, (hi - lo + 40) / 40);  // about 40 bins
  const size_t bins = static_cast<size_t>((hi - lo) / width + 1);
  // The results, each winner's (then the draws', then the cap) most frequent first.
  struct Kind {
    std::string name;
    int winner;  // a player, -1: a draw, -2: stopped at the cap
    long games = 0;
    std::vector<double> count;
  };
  std::map<std::string, Kind> by_name;
  for (const auto& g : games) {
    const std::string name = g.capped ? "stopped at the cap" : g.result;
    auto [k, fresh] = by_name.try_emplace(name, Kind{name, g.capped ? -2 : g.winner, 0, {}});
    if (fresh) k->second.count.resize(bins);
    ++k->second.games;
    ++k->second.count[static_cast<size_t>((g.plies - lo) / width)];
  }
  std::vector<Kind> kinds;
  for (auto& [name, k] : by_name) kinds.push_back(std::move(k));
  // The most frequent results drawn apart; the rest as one series (a folder from elsewhere
  // may name a result per game).
  constexpr size_t kMostKinds = 12;
  std::stable_sort(kinds.begin(), kinds.end(), [](const Kind& a, const Kind& b) { return a.games > b.games; });
  if (kinds.size() > kMostKinds) {
    Kind other{"other results", -1, 0, std::vector<double>(bins)};
    for (size_t i = kMostKinds - 1; i < kinds.size(); ++i) {
      other.games += kinds[i].games;
      for (size_t b = 0; b < bins; ++b) other.count[b] += kinds[i].count[b];
    }
    kinds.resize(kMostKinds - 1);
    kinds.push_back(std::move(other));
  }
  auto rank = [](int winner) { return winner >= 0 ? winner : winner == -1 ? 1000 : 1001; };
  std::stable_sort(kinds.begin(), kinds.end(), [&](const Kind& a, const Kind& b) {
    return rank(a.winner) != rank(b.winner) ? rank(a.winner) < rank(b.winner) : a.games > b.games;
  });
  std::vector<double> base(bins, 0);
  for (size_t i = 0; i < kinds.size(); ++i) {
    const Kind& k = kinds[i];
    Series s(k.name, Series::Style::Bars);
    s.colour = k.winner >= 0 ? player_colour(k.winner) : k.winner == -1 ? kDrawColour : kCappedColour;
    const size_t shade = static_cast<size_t>(std::count_if(kinds.begin(), kinds.begin() + static_cast<long>(i),
                                                           [&](const Kind& o) { return o.winner == k.winner; }));
    s.opacity = std::max(0.3, 1 - 0.3 * static_cast<double>(shade));
    for (size_t b = 0; b < bins; ++b) {
      s.x.push_back(lo + static_cast<double>(b) * width);
      s.y.push_back(k.count[b]);
      s.base.push_back(base[b]);
      base[b] += k.count[b];
    }
    p.series.push_back(std::move(s));
  }
  p.xlabel = width == 1 ? "plies" : fmt::format("plies (bars of {})", width);
  p.bar_width = width;
  return p;
}

// The running rate of the games `counts` says yes to, sampled at about 400 points (every
// point of a long run is not needed to draw it), with its Wilson band when `band`.
template <class Counts>
Series running_rate(const std::vector<GameStats>& games, const std::string& name, bool band, Counts counts) {
  Series s(name);
  long hits = 0;
  const size_t every = std::max<size_t>(1, games.size() / 400);
  for (size_t i = 0; i < games.size(); ++i) {
    hits += counts(games[i]);
    if (i % every != 0 && i + 1 != games.size()) continue;
    const Rate r{hits, static_cast<long>(i + 1)};
    s.x.push_back(static_cast<double>(i + 1)), s.y.push_back(r.value());
    if (band) {
      const Interval ci = r.interval95();
      s.low.push_back(ci.low), s.high.push_back(ci.high);
    }
  }
  return s;
}

bool first_mover_won(const GameStats& g) { return g.winner >= 0 && g.winner == g.starter; }

// Running rates as the games go on: the first mover's wins with its 95% band against the
// even share, each player's wins and the draws.
Plot rates_over_games(const std::vector<GameStats>& games, const GameDef& def) {
  Plot p = running_rate_plot("Win rates as the games go on (running rate)", "games played", def.nplayers());
  p.series.push_back(running_first_mover(games, "first mover wins"));
  for (int k = 0; k < def.nplayers(); ++k) {
    p.series.push_back(running_rate(games, def.players[static_cast<size_t>(k)].name + " wins", false,
                                    [k](const GameStats& g) { return g.winner == k; }));
    p.series.back().colour = player_colour(k);
  }
  if (std::any_of(games.begin(), games.end(), [](const GameStats& g) { return g.winner < 0; })) {
    p.series.push_back(running_rate(games, "draws", false, [](const GameStats& g) { return g.winner < 0; }));
    p.series.back().colour = kDrawColour;
  }
  return p;
}

}  // namespace

Series running_first_mover(const std::vector<GameStats>& games, const std::string& name) {
  Series s = running_rate(games, name, true, first_mover_won);
  s.colour = kFirstMoverColour;
  return s;
}

Plot running_rate_plot(const std::string& title, const std::string& xlabel, int players) {
  Plot p;
  p.title = title;
  p.xlabel = xlabel;
  p.ylabel = "rate";
  p.ymin = 0, p.ymax = 1;
  p.integer_x = true;
  p.reference_y = 1.0 / players;
  p.reference_name = players == 2 ? "0.5: even" : fmt::format("1/{}: even", players);
  return p;
}

Plot branching_by_side(const std::vector<std::pair<std::string, const Summary*>>& summaries) {
  Plot p;
  p.title = "Branching over the game, per side";
  p.xlabel = "the side's own choice (1st, 2nd, ...)";
  p.ylabel = "legal moves (mean)";
  p.integer_x = true;
  for (size_t run = 0; run < summaries.size(); ++run) {
    const auto& [label, s] = summaries[run];
    const long enough = std::max(5L, s->games / 20);
    for (size_t side = 0; side < s->branching_by_turn.size(); ++side) {
      const std::string player = side < s->player_names.size() ? s->player_names[side] : fmt::format("seat {}", side + 1);
      Series line(label.empty() ? player : label + ": " + player);
      line.colour = player_colour(static_cast<int>(side));  // a player's colour, the second run's lighter
      line.opacity = run == 0 ? 1 : 0.5;
      for (size_t k = 0; k < s->branching_by_turn[side].size() && s->games_by_turn[side][k] >= enough; ++k)
        line.x.push_back(static_cast<double>(k + 1)), line.y.push_back(s->branching_by_turn[side][k]);
      if (!line.x.empty()) p.series.push_back(std::move(line));
    }
  }
  return p;
}

std::vector<std::pair<std::string, std::string>> statistic_rows(const Summary& s) {
  std::vector<std::pair<std::string, std::string>> rows;
  auto count = [](const Rate& r, const char* more = "") { return fmt::format("{}  {} games{}", rate_text(r), r.hits, more); };
  rows.emplace_back("distinct games", variety_text(s.variety));
  rows.emplace_back("first mover wins", count(s.starter_wins));
  for (size_t p = 0; p < s.seat_wins.size(); ++p) rows.emplace_back(s.player_names[p] + " wins", count(s.seat_wins[p]));
  rows.emplace_back("draws", count(s.draws));
  rows.emplace_back("stopped at the cap", count(s.capped, " (counted as draws)"));
  rows.emplace_back("first agent wins", rate_text(s.first_agent_wins));
  const Spread& score = s.first_agent_score;
  rows.emplace_back("first agent score", fmt::format("{:.3f} ({:.3f}-{:.3f})  a win 1, a draw 1/{}", score.mean,
                                                     score.mean95.low, score.mean95.high, s.player_names.size()));
  rows.emplace_back("length (plies)", spread_text(s.length));
  rows.emplace_back("branching", spread_text(s.branching));
  for (size_t e = 0; e < s.events.size(); ++e) rows.emplace_back(s.event_names[e] + " per game", spread_text(s.events[e], 2));
  const TimeUnit per_game = time_unit(s.seconds.mean);
  rows.emplace_back("time per game", spread_text(s.seconds, 2, per_game.scale, per_game.name));
  for (size_t k = 0; k < s.thinking.size(); ++k)
    if (const Thinking& t = s.thinking[k]; t.moves > 0)
      rows.emplace_back(fmt::format("time a move, {}", char('A' + k)), thinking_text(t));
  return rows;
}

std::vector<std::string> summary_notes(const Summary& s, int max_plies) {
  std::vector<std::string> notes;
  if (mostly_capped(s.capped.hits, s.games)) notes.push_back(capped_note(s.capped.hits, s.games, max_plies));
  if (too_alike(s.variety)) notes.push_back(alike_note(s.variety));
  return notes;
}

std::string rate_text(const Rate& r) {
  const auto ci = r.interval95();
  return fmt::format("{:.3f} ({:.3f}-{:.3f})", r.value(), ci.low, ci.high);
}

std::string openings_text(int opening_plies) {
  return opening_plies ? fmt::format(", {} random plies first", opening_plies) : "";
}

std::string time_text(double seconds) {
  const TimeUnit u = time_unit(seconds);
  const double v = seconds * u.scale;
  return fmt::format("{:.{}f}{}", v, v >= 100 ? 0 : v >= 10 ? 1 : 2, u.name);
}

std::string thinking_text(const Thinking& t) {
  return fmt::format("{} a move on average, {} at most ({} moves)",
                     time_text(t.seconds / static_cast<double>(std::max(1L, t.moves))), time_text(t.longest), t.moves);
}

// "greedy (A), mcts (B); A plays first in the even-numbered games"
std::string seating(const RunInfo& run) {
  std::vector<std::string> named;
  for (size_t k = 0; k < run.agents.size(); ++k) named.push_back(fmt::format("{} ({})", run.agents[k], char('A' + k)));
  if (run.agents.size() == 2) return fmt::format("{}; A plays first in the even-numbered games", fmt::join(named, ", "));
  return fmt::format("{}; in game i, A plays seat i mod {} and the others the seats after it", fmt::join(named, ", "),
                     run.agents.size());
}

std::string summary_text(const Summary& s, const RunInfo& run) {
  std::string out = fmt::format("{}: {} games, {} (seats rotating), seed {}, at most {} plies{}{}\n", run.game,
                                s.games, fmt::join(run.agents, " against "), run.seed, run.max_plies,
                                openings_text(run.opening_plies),
                                run.options.empty() ? "" : fmt::format(", options {}", fmt::join(run.options, " ")));
  out += "rates with their 95% intervals:\n";
  for (const auto& [name, value] : statistic_rows(s)) out += fmt::format("  {:<22} {}\n", name, value);
  out += fmt::format("  {:<22} {}\n", "agents", seating(run));
  out += "how games ended:\n";
  for (const auto& [text, n] : s.results) out += fmt::format("  {:>6}  {}\n", n, text);
  for (const auto& note : summary_notes(s, run.max_plies)) out += "Note: " + note + "\n";
  return out;
}

std::string html_report(const Summary& s, const std::vector<GameStats>& games, const GameDef& def,
                        const RunInfo& run) {
  Table summary{"summary", {}, {}, true, false};
  for (const auto& [name, value] : statistic_rows(s)) summary.rows.push_back({text(name), text(value)});
  std::vector<Html> results;
  for (const auto& [words, n] : s.results) results.push_back(text(fmt::format("{}: {}", n, words)));
  HtmlPage page(fmt::format("{}: self-play report", run.game));
  page.heading(fmt::format("{}: {} self-play games", run.game, s.games), 1)
      .paragraph(text(fmt::format("{}: {}; seed {}; at most {} plies{}; definition {}{}. Rates are given with their 95% "
                                  "(Wilson) intervals, means with their 95% intervals.",
                                  fmt::join(run.agents, " against "), seating(run), run.seed, run.max_plies,
                                  openings_text(run.opening_plies), run.definition_hash,
                                  run.options.empty() ? "" : fmt::format("; options {}", fmt::join(run.options, " ")))))
      .table(summary);
  for (const auto& note : summary_notes(s, run.max_plies)) page.paragraph(text("Note: " + note));
  page.heading("How the games ended")
      .list(results)
      .heading("Plots")
      .figure(length_histogram(games))
      .figure(rates_over_games(games, def))
      .figure(branching_by_side({{"", &s}}));
  return page.str();
}

}  // namespace boardlab::lab
