// Text and HTML reports of self-play results.
#include "lab/report.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

namespace boardlab::lab {

namespace {

std::string spread_text(const Spread& s, int digits = 1) {
  return fmt::format("mean {:.{}f} ({:.{}f}-{:.{}f}), median {:.{}f}, sd {:.{}f}, min {:.{}f}, max {:.{}f}", s.mean,
                     digits, s.mean95.low, digits, s.mean95.high, digits, s.median, digits, s.sd, digits, s.min,
                     digits, s.max, digits);
}

std::string escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

// A plot in SVG: `series` of (x, y) points drawn as lines, or as bars when `bars`.
struct Plot {
  std::string title, xlabel, ylabel;
  std::vector<std::vector<std::pair<double, double>>> series;
  std::vector<std::string> names;
  bool bars = false;
  double ymin = 0, ymax = -1;  // ymax < ymin: from the data
  double bar_width = 1;        // in x units
};

std::string svg(const Plot& p) {
  const double w = 640, h = 300, left = 60, right = 20, top = 30, bottom = 45;
  double x0 = 1e300, x1 = -1e300, y0 = p.ymin, y1 = p.ymax;
  const bool auto_y = p.ymax < p.ymin;
  if (auto_y) y0 = 0, y1 = 0;
  for (const auto& s : p.series)
    for (auto [x, y] : s) {
      x0 = std::min(x0, x), x1 = std::max(x1, x);
      if (auto_y) y1 = std::max(y1, y);
    }
  if (x0 > x1) x0 = 0, x1 = 1;
  if (p.bars) x1 += p.bar_width;
  if (x1 == x0) x1 = x0 + 1;
  if (y1 <= y0) y1 = y0 + 1;
  auto X = [&](double x) { return left + (x - x0) / (x1 - x0) * (w - left - right); };
  auto Y = [&](double y) { return h - bottom - (y - y0) / (y1 - y0) * (h - top - bottom); };
  std::string out = fmt::format(
      "<figure><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" role=\"img\">"
      "<title>{}</title><text x=\"{}\" y=\"18\" class=\"title\">{}</text>",
      w, h, w, h, escape(p.title), left, escape(p.title));
  // Axes, with ticks at the ends and the middle.
  out += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" class=\"axis\"/>", left, h - bottom, w - right);
  out += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" class=\"axis\"/>", left, h - bottom, top);
  for (double f : {0.0, 0.5, 1.0}) {
    const double xv = x0 + f * (x1 - x0), yv = y0 + f * (y1 - y0);
    out += fmt::format("<text x=\"{}\" y=\"{}\" class=\"tick\" text-anchor=\"middle\">{:.4g}</text>", X(xv), h - bottom + 15, xv);
    out += fmt::format("<text x=\"{}\" y=\"{}\" class=\"tick\" text-anchor=\"end\">{:.3g}</text>", left - 5, Y(yv) + 4, yv);
  }
  out += fmt::format("<text x=\"{}\" y=\"{}\" class=\"label\" text-anchor=\"middle\">{}</text>", (left + w - right) / 2,
                     h - 8, escape(p.xlabel));
  out += fmt::format("<text x=\"14\" y=\"{}\" class=\"label\" transform=\"rotate(-90 14 {})\" text-anchor=\"middle\">{}</text>",
                     (top + h - bottom) / 2, (top + h - bottom) / 2, escape(p.ylabel));
  for (size_t k = 0; k < p.series.size(); ++k) {
    const auto& s = p.series[k];
    if (p.bars) {
      for (auto [x, y] : s)
        out += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" class=\"s{}\"><title>{:.4g}: {:.4g}</title></rect>",
                           X(x), Y(y), std::max(1.0, X(x + p.bar_width) - X(x) - 1), Y(y0) - Y(y), k, x, y);
    } else {
      std::string points;
      for (auto [x, y] : s) points += fmt::format("{:.1f},{:.1f} ", X(x), Y(y));
      out += fmt::format("<polyline points=\"{}\" class=\"s{}\" fill=\"none\"/>", points, k);
    }
    if (k < p.names.size())
      out += fmt::format("<text x=\"{}\" y=\"{}\" class=\"legend s{}t\">{}</text>", w - right - 150, top + 14 * static_cast<double>(k) + 10, k,
                         escape(p.names[k]));
  }
  return out + "</svg></figure>\n";
}

Plot length_histogram(const std::vector<GameStats>& games) {
  Plot p{"Game length", "plies", "games", {{}}, {}, true};
  if (games.empty()) return p;
  int lo = games[0].plies, hi = lo;
  for (const auto& g : games) lo = std::min(lo, g.plies), hi = std::max(hi, g.plies);
  const int width = std::max(1, (hi - lo + 30) / 30);  // about 30 bins
  std::vector<double> count(static_cast<size_t>((hi - lo) / width + 1));
  for (const auto& g : games) ++count[static_cast<size_t>((g.plies - lo) / width)];
  for (size_t b = 0; b < count.size(); ++b) p.series[0].push_back({lo + static_cast<double>(b) * width, count[b]});
  p.xlabel = width == 1 ? "plies" : fmt::format("plies (bins of {})", width);
  p.bar_width = width;
  return p;
}

Plot win_rate_over_games(const std::vector<GameStats>& games, const GameDef& def) {
  Plot p{"Wins over the games played (running rate)", "games", "rate", {}, {}, false, 0, 1};
  p.series.resize(def.players.size() + 1);
  std::vector<long> wins(def.players.size() + 1);
  for (size_t i = 0; i < games.size(); ++i) {
    const int w = games[i].winner;
    ++wins[w >= 0 ? static_cast<size_t>(w) : def.players.size()];
    for (size_t k = 0; k < wins.size(); ++k)
      p.series[k].push_back({static_cast<double>(i + 1), static_cast<double>(wins[k]) / static_cast<double>(i + 1)});
  }
  for (const auto& pl : def.players) p.names.push_back(pl.name + " wins");
  p.names.push_back("draws");
  return p;
}

// Drawn while at least one game in twenty (and five games) still goes on: a mean over the
// few longest games is noise.
Plot branching_over_game(const Summary& s) {
  Plot p{"Branching over the game", "decision (ply with a choice)", "legal moves (mean over the games still going)", {{}}, {}, false};
  const long enough = std::max(5L, s.games / 20);
  for (size_t i = 0; i < s.branching_by_ply.size() && s.games_by_ply[i] >= enough; ++i)
    p.series[0].push_back({static_cast<double>(i + 1), s.branching_by_ply[i]});
  return p;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> statistic_rows(const Summary& s) {
  std::vector<std::pair<std::string, std::string>> rows;
  auto count = [](const Rate& r, const char* more = "") { return fmt::format("{}  {} games{}", rate_text(r), r.hits, more); };
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
  rows.emplace_back("seconds per game", spread_text(s.seconds, 4));
  return rows;
}

std::string rate_text(const Rate& r) {
  const auto ci = r.interval95();
  return fmt::format("{:.3f} ({:.3f}-{:.3f})", r.value(), ci.low, ci.high);
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
  std::string out = fmt::format("{}: {} games, {} (seats rotating), seed {}, at most {} plies{}\n", run.game,
                                s.games, fmt::join(run.agents, " against "), run.seed, run.max_plies,
                                run.options.empty() ? "" : fmt::format(", options {}", fmt::join(run.options, " ")));
  out += "rates with their 95% intervals:\n";
  for (const auto& [name, value] : statistic_rows(s)) out += fmt::format("  {:<22} {}\n", name, value);
  out += fmt::format("  {:<22} {}\n", "agents", seating(run));
  out += "how games ended:\n";
  for (const auto& [text, n] : s.results) out += fmt::format("  {:>6}  {}\n", n, text);
  return out;
}

std::string html_report(const Summary& s, const std::vector<GameStats>& games, const GameDef& def,
                        const RunInfo& run) {
  std::string rows;
  auto row = [&](const std::string& name, const std::string& value) {
    rows += fmt::format("<tr><th>{}</th><td>{}</td></tr>\n", escape(name), escape(value));
  };
  for (const auto& [name, value] : statistic_rows(s)) row(name, value);
  std::string results;
  for (const auto& [text, n] : s.results) results += fmt::format("<li>{}: {}</li>\n", n, escape(text));
  return fmt::format(R"(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{0}: self-play report</title>
<style>
body {{ font-family: sans-serif; margin: 2em; max-width: 60em; color: #222; }}
table {{ border-collapse: collapse; }} th, td {{ text-align: left; padding: 0.2em 1em 0.2em 0; }}
figure {{ margin: 1em 0; }} .title {{ font-weight: bold; font-size: 14px; }} .tick, .label, .legend {{ font-size: 11px; }}
.axis {{ stroke: #444; }} rect.s0 {{ fill: #4477aa; }}
polyline.s0 {{ stroke: #4477aa; stroke-width: 2; }} polyline.s1 {{ stroke: #cc6677; stroke-width: 2; }}
polyline.s2 {{ stroke: #999933; stroke-width: 2; }} polyline.s3 {{ stroke: #117733; stroke-width: 2; }}
.s0t {{ fill: #4477aa; }} .s1t {{ fill: #cc6677; }} .s2t {{ fill: #999933; }} .s3t {{ fill: #117733; }}
</style></head>
<body>
<h1>{0}: {1} self-play games</h1>
<p>{2}: {3}; seed {4}; at most {5} plies; definition {6}{7}. Rates are
given with their 95% (Wilson) intervals, means with their 95% intervals.</p>
<table id="summary">
{8}</table>
<h2>How the games ended</h2>
<ul>
{9}</ul>
<h2>Plots</h2>
{10}{11}{12}
</body></html>
)",
                     escape(run.game), s.games, escape(fmt::format("{}", fmt::join(run.agents, " against "))), escape(seating(run)), run.seed, run.max_plies,
                     escape(run.definition_hash),
                     run.options.empty() ? "" : escape(fmt::format("; options {}", fmt::join(run.options, " "))), rows,
                     results, svg(length_histogram(games)), svg(win_rate_over_games(games, def)),
                     svg(branching_over_game(s)));
}

}  // namespace boardlab::lab
