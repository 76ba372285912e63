// Sweeps over rule sets.
#include "lab/sweep.h"

#include "lab/html_page.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <set>

#include "core/text.h"
#include "lab/report.h"
#include "lab/svg_plot.h"

namespace boardlab::lab {

SweepResult run_sweep(std::vector<SweepPoint> points, const SimulationConfig& base, const std::string& swept_key,
                      const SeriesRunner& run) {
  SweepResult r;
  r.swept_key = swept_key;
  for (const auto& p : points) {
    SimulationConfig c = base;
    c.def = p.def;
    r.games.push_back(run(c, p.label));
    r.summaries.push_back(summarize(r.games.back(), *p.def));
  }
  r.points = std::move(points);
  return r;
}

std::vector<SweptStatistic> swept_statistics(const SweepResult& r) {
  std::vector<SweptStatistic> out;
  auto rate = [&](const std::string& name, auto get) {
    SweptStatistic s{name, true, {}, {}, {}};
    for (const Summary& x : r.summaries) {
      const Rate& v = get(x);
      const Interval ci = v.interval95();
      s.value.push_back(v.value()), s.low.push_back(ci.low), s.high.push_back(ci.high);
    }
    out.push_back(std::move(s));
  };
  auto mean = [&](const std::string& name, bool is_rate, auto get, double scale = 1) {
    SweptStatistic s{name, is_rate, {}, {}, {}};
    for (const Summary& x : r.summaries) {
      const Spread* v = get(x);
      s.value.push_back(v ? v->mean * scale : NAN);
      s.low.push_back(v ? v->mean95.low * scale : NAN);
      s.high.push_back(v ? v->mean95.high * scale : NAN);
    }
    out.push_back(std::move(s));
  };
  rate("first mover wins", [](const Summary& s) -> const Rate& { return s.starter_wins; });
  rate("draws", [](const Summary& s) -> const Rate& { return s.draws; });
  rate("stopped at the cap", [](const Summary& s) -> const Rate& { return s.capped; });
  rate("first agent wins", [](const Summary& s) -> const Rate& { return s.first_agent_wins; });
  mean("first agent score", true, [](const Summary& s) { return &s.first_agent_score; });
  mean("length (plies)", false, [](const Summary& s) { return &s.length; });
  mean("branching", false, [](const Summary& s) { return &s.branching; });
  // The events of any point, in the order they first appear; a point without one has none.
  std::vector<std::string> events;
  for (const Summary& s : r.summaries)
    for (const auto& e : s.event_names)
      if (std::find(events.begin(), events.end(), e) == events.end()) events.push_back(e);
  for (const auto& e : events)
    mean(e + " per game", false, [&](const Summary& s) -> const Spread* {
      for (size_t k = 0; k < s.event_names.size(); ++k)
        if (s.event_names[k] == e) return &s.events[k];
      return nullptr;
    });
  mean("milliseconds per game", false, [](const Summary& s) { return &s.seconds; }, 1000);
  return out;
}

namespace {

// The swept values as numbers, when every point has one and all points are one definition.
std::optional<std::vector<double>> numeric_axis(const SweepResult& r) {
  if (r.swept_key.empty()) return std::nullopt;
  std::set<std::string> games;
  std::vector<double> xs;
  for (const auto& p : r.points) {
    games.insert(p.game);
    const auto v = parse_int(p.value);
    if (!v) return std::nullopt;
    xs.push_back(static_cast<double>(*v));
  }
  if (games.size() != 1) return std::nullopt;
  return xs;
}

std::string run_line(const SimulationConfig& base) {
  std::vector<std::string> agents;
  for (const auto& a : base.agents) agents.push_back(a.str());
  return fmt::format("{} games per rule set, {} (seats rotating), the same seeds (seed {}), at most {} plies{}",
                     base.games, fmt::join(agents, " against "), base.seed, base.max_plies,
                     openings_text(base.opening_plies));
}

std::string cell(const SweptStatistic& s, size_t i) {
  if (std::isnan(s.value[i])) return "-";
  const int digits = s.rate ? 3 : s.value[i] >= 100 ? 0 : s.value[i] >= 10 ? 1 : 2;
  return fmt::format("{:.{}f} ({:.{}f}-{:.{}f})", s.value[i], digits, s.low[i], digits, s.high[i], digits);
}

}  // namespace

std::string sweep_text(const SweepResult& r, const SimulationConfig& base) {
  std::string out = run_line(base) + ".\nEach statistic with its 95% interval:\n\n";
  const auto stats = swept_statistics(r);
  size_t width = 22;
  for (const auto& p : r.points) width = std::max(width, p.label.size() + 2);
  // Within kSweepTextColumns: as many points side by side as fit, the rest in tables below.
  const size_t per_table = std::max<size_t>(1, (kSweepTextColumns - 24) / width);
  for (size_t first = 0; first < r.points.size(); first += per_table) {
    const size_t last = std::min(r.points.size(), first + per_table);
    if (first) out += "\n";
    out += fmt::format("{:<24}", "");
    for (size_t i = first; i < last; ++i) out += fmt::format("{:>{}}", r.points[i].label, width);
    out += "\n";
    for (const auto& s : stats) {
      out += fmt::format("{:<24}", s.name);
      for (size_t i = first; i < last; ++i) out += fmt::format("{:>{}}", cell(s, i), width);
      out += "\n";
    }
  }
  for (size_t i = 0; i < r.points.size(); ++i)
    for (const auto& note : summary_notes(r.summaries[i], base.max_plies))
      out += fmt::format("\nNo verdict at {}: {}\n", r.points[i].label, note);
  return out;
}

nlohmann::json to_json(const SweepResult& r, const SimulationConfig& base) {
  std::vector<std::string> agents;
  for (const auto& a : base.agents) agents.push_back(a.str());
  nlohmann::json points = nlohmann::json::array();
  for (size_t i = 0; i < r.points.size(); ++i) {
    const auto& p = r.points[i];
    points.push_back({{"label", p.label}, {"game", p.game}, {"options", p.options}, {"value", p.value},
                      {"definition_hash", p.def->content_hash}, {"summary", to_json(r.summaries[i], *p.def)}});
  }
  return {{"swept_option", r.swept_key}, {"agents", agents}, {"games", base.games}, {"seed", base.seed},
          {"max_plies", base.max_plies}, {"points", points}};
}

std::string sweep_html(const SweepResult& r, const SimulationConfig& base, const std::string& dir) {
  const auto stats = swept_statistics(r);
  const auto xs = numeric_axis(r);
  std::vector<std::string> labels;
  for (const auto& p : r.points) labels.push_back(p.label);
  Table table{"sweep", {text("")}, {}, true, true};
  for (const auto& l : labels) table.header.push_back(text(l));
  std::vector<Plot> plots;
  for (const auto& s : stats) {
    std::vector<Html> row{text(s.name)};
    for (size_t i = 0; i < r.points.size(); ++i) row.push_back(text(cell(s, i)));
    table.rows.push_back(std::move(row));
    Plot p;
    p.title = s.name;
    p.ylabel = s.name;
    p.xlabel = xs ? r.swept_key : "rule set";
    Series dots{"with its 95% interval", Series::Style::Points};
    for (size_t i = 0; i < r.points.size(); ++i) {
      if (std::isnan(s.value[i])) continue;
      dots.x.push_back(xs ? (*xs)[i] : static_cast<double>(i));
      dots.y.push_back(s.value[i]), dots.low.push_back(s.low[i]), dots.high.push_back(s.high[i]);
    }
    if (!xs) p.categories = labels;
    if (xs) p.integer_x = true;
    if (s.rate) p.ymin = 0;
    if (s.name == "first mover wins" || s.name.rfind("first agent", 0) == 0) {
      p.ymax = 1;
      p.reference_y = 0.5;
      p.reference_name = "0.5: even";
    }
    p.series.push_back(std::move(dots));
    plots.push_back(std::move(p));
  }
  std::vector<Html> folders;
  for (size_t i = 0; i < r.points.size(); ++i)
    folders.push_back(text(labels[i] + ": ") + hyperlink(fmt::format("{:02}/report.html", i + 1), "its report") +
                      text(fmt::format(" ({} games; game N replays with ", r.games[i].size())) +
                      code(fmt::format("boardlab replay {}/{:02} --game N", dir, i + 1)) + text(")"));
  const std::string title = r.swept_key.empty() ? "Sweep over definitions" : "Sweep over " + r.swept_key;
  HtmlPage page(title);
  page.heading(title, 1)
      .paragraph(text(run_line(base) + ". Rates are given with their 95% (Wilson) intervals, means with their 95% "
                                       "intervals; the points are plotted with the same intervals."))
      .table(table)
      .heading("Each rule set")
      .list(folders)
      .heading("Plots");
  for (const auto& p : plots) page.figure(p);
  return page.str();
}

}  // namespace boardlab::lab
