// A comparison's report page.
#include "lab/compare_report.h"

#include "lab/html_page.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "lab/report.h"
#include "lab/svg_plot.h"

namespace boardlab::lab {

namespace {

// The share of one side's games in each bin of length (a line per side: two histograms
// overlaid would hide each other).
Series length_shares(const std::vector<GameStats>& games, int lo, int width, size_t bins, const std::string& name) {
  Series s{name};
  std::vector<double> count(bins);
  for (const auto& g : games) ++count[std::min(bins - 1, static_cast<size_t>((g.plies - lo) / width))];
  for (size_t b = 0; b < bins; ++b) {
    s.x.push_back(lo + (static_cast<double>(b) + 0.5) * width);
    s.y.push_back(games.empty() ? 0 : count[b] / static_cast<double>(games.size()));
  }
  return s;
}

Plot lengths(const Comparison& c) {
  Plot p;
  p.title = "Game length";
  p.ylabel = "share of the games";
  p.integer_x = true;
  int lo = 1 << 30, hi = 0;
  for (const auto* side : {&c.games_a, &c.games_b})
    for (const auto& g : *side) lo = std::min(lo, g.plies), hi = std::max(hi, g.plies);
  if (hi < lo) return p;
  const int width = std::max(1, (hi - lo + 40) / 40);
  const auto bins = static_cast<size_t>((hi - lo) / width + 1);
  p.series.push_back(length_shares(c.games_a, lo, width, bins, "A"));
  p.series.push_back(length_shares(c.games_b, lo, width, bins, "B"));
  p.series[0].colour = kRuleSetColours[0], p.series[1].colour = kRuleSetColours[1];
  p.xlabel = width == 1 ? "plies" : fmt::format("plies (bins of {})", width);
  return p;
}

}  // namespace

std::string compare_text(const Comparison& c, const CompareConfig& config, const std::string& a, const std::string& b) {
  std::vector<std::string> specs;
  for (const auto& s : config.a.agents) specs.push_back(s.str());
  std::string out = fmt::format("A: {}\nB: {}\n{}, seats rotating, the same seeds for A and B (seed {}), at most {} plies{}.\n",
                                a, b, fmt::join(specs, " against "), config.a.seed, config.a.max_plies,
                                openings_text(config.a.opening_plies));
  out += fmt::format("Distinct games: A {}; B {}.\n\n", variety_text(c.a.variety), variety_text(c.b.variety));
  out += fmt::format("{:<26} {:>9} {:>9} {:>9}  {}\n", "", "A", "B", "B - A", "95% interval of B - A");
  for (const auto& row : c.rows)
    out += fmt::format("{:<26} {:>9.3f} {:>9.3f} {:>+9.3f}  {:+.3f} to {:+.3f}{}\n", row.name, row.a, row.b,
                       row.difference.value, row.difference.interval95.low, row.difference.interval95.high,
                       row.difference.interval95.low > 0 || row.difference.interval95.high < 0 ? "  *" : "");
  out += fmt::format("\n{}\nThe test: {}.\n", verdict_sentence(config.question, config.test, c),
                     test_text(config.question, config.test, c.last));
  if (config.no_stop && c.settled_after > 0 && c.settled_after < c.games_each())
    out += fmt::format("(--no-stop: the test had first settled after {} games each, as '{}'.)\n", c.settled_after,
                       verdict_text(config.question, c.first_settled.verdict));
  return out + stars_explained() + "\n";
}

std::string compare_html(const Comparison& c, const CompareConfig& config, const std::string& a, const std::string& b,
                         const std::string& dir) {
  Table table{"compare", {text(""), text("A"), text("B"), text("B - A"), text("95% interval of B - A")}, {}, true, true};
  for (const auto& row : c.rows) {
    const bool star = row.difference.interval95.low > 0 || row.difference.interval95.high < 0;
    table.rows.push_back({text(row.name), text(fmt::format("{:.3f}", row.a)), text(fmt::format("{:.3f}", row.b)),
                          text(fmt::format("{:+.3f}", row.difference.value)),
                          text(fmt::format("{:+.3f} to {:+.3f}{}", row.difference.interval95.low,
                                           row.difference.interval95.high, star ? " *" : ""))});
  }
  Plot rate = running_rate_plot("The first mover's win rate as the games go on", "games played (each side)",
                                config.a.def->nplayers());
  // A and B in their own colours: as first-mover lines both would take the first mover's.
  rate.series.push_back(running_first_mover(c.games_a, "A: first mover wins"));
  rate.series.push_back(running_first_mover(c.games_b, "B: first mover wins"));
  rate.series[0].colour = kRuleSetColours[0], rate.series[1].colour = kRuleSetColours[1];
  std::vector<std::string> agents;
  for (const auto& s : config.a.agents) agents.push_back(s.str());
  HtmlPage page(fmt::format("A: {}; B: {}", a, b));
  page.title_lines({"A: " + a, "B: " + b})
      .paragraph(text(fmt::format("{}, seats rotating, the same seeds for A and B (seed {}), at most {} plies{}; {} games "
                                  "each; distinct games: A {}, B {}.",
                                  fmt::join(agents, " against "), config.a.seed, config.a.max_plies,
                                  openings_text(config.a.opening_plies), c.games_each(), variety_text(c.a.variety),
                                  variety_text(c.b.variety))))
      .paragraph(strong(verdict_sentence(config.question, config.test, c)) + line_break() +
                 text(fmt::format("The test: {}.", test_text(config.question, config.test, c.last))))
      .paragraph(text(stars_explained()))
      .table(table)
      .paragraph(text("Each side's own report: ") + hyperlink("a/report.html", "A") + text(", ") + hyperlink("b/report.html", "B") +
                 text("; game N of a side replays with ") + code(fmt::format("boardlab replay {}/a --game N", dir)) + text("."))
      .heading("Plots")
      .figure(rate)
      .figure(lengths(c))
      .figure(branching_by_side({{"A", &c.a}, {"B", &c.b}}));
  return page.str();
}

}  // namespace boardlab::lab
