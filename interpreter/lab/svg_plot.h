// Plots for the lab's HTML reports as inline SVG (no script, no network): lines with an
// interval band, stacked bars, points with error bars, on axes with round ticks, an optional
// reference line (0.5 for a fair rate), a numeric or a named x axis, drawn to the page's width.
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace boardlab::lab {

struct Series {
  enum class Style { Line, Bars, Points };
  Series() = default;
  explicit Series(std::string name_, Style style_ = Style::Line) : name(std::move(name_)), style(style_) {}
  std::string name;
  Style style = Style::Line;
  std::vector<double> x, y;
  std::vector<double> low, high;  // when given, per point: a band (Line) or error bars (Points)
  std::vector<double> base;       // Bars only, when given: where each bar starts (stacked bars)
  int colour = -1;                // the palette's colour (s0-s9); -1: the series' place in the plot
  double opacity = 1;             // lighter shades of one colour (kinds of one player's wins)
};

// The palette's colours for what every report shows, so that a player has one colour in all
// of a report's plots: player k is colour k, then draws, games stopped at the cap and the
// first mover; a comparison's two rule sets have two more, so that A and B never share one.
constexpr int kPaletteColours = 10;  // s0 to s9 in the stylesheet (web/page/boardlab.css)
constexpr int kPlayerColours = 5;
constexpr int player_colour(int player) { return player % kPlayerColours; }
constexpr int kDrawColour = 5, kCappedColour = 6, kFirstMoverColour = 7;
constexpr int kRuleSetColours[2] = {8, 9};  // compare's A and B

struct Plot {
  std::string title, xlabel, ylabel;
  std::vector<Series> series;
  std::vector<std::string> categories;  // when given, x values are their indexes and the axis names them
  std::optional<double> reference_y;    // a dashed horizontal line (0.5: a fair rate)
  std::string reference_name;
  std::optional<double> ymin, ymax;     // else from the data (and 0)
  double bar_width = 1;                 // in x units
  bool integer_x = false;               // x counts something: whole-number ticks only
};

// Round tick values covering [lo, hi]: steps of 1, 2 or 5 times a power of ten, about
// `target` of them.
std::vector<double> nice_ticks(double lo, double hi, int target = 6);

std::string svg(const Plot& p);

// Text for HTML: < > & " escaped (the one escaping of the lab's pages: html_page.h's text()).
std::string escape_html(const std::string& text);

}  // namespace boardlab::lab
