// SVG plots for the lab's reports.
#include "lab/svg_plot.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace boardlab::lab {

std::string escape_html(const std::string& text) {
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

std::vector<double> nice_ticks(double lo, double hi, int target) {
  if (!std::isfinite(lo) || !std::isfinite(hi)) return {};
  if (!(hi > lo)) hi = lo + 1;
  const double raw = (hi - lo) / std::max(1, target);
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  double step = power;
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * power >= raw) {
      step = m * power;
      break;
    }
  // Each tick is k steps, rounded to the step's decimals: 3 x 0.2 is 0.6, not 0.6000000000000001.
  const double scale = std::pow(10.0, std::max(0.0, -std::floor(std::log10(step))));
  std::vector<double> out;
  for (auto k = static_cast<long long>(std::ceil(lo / step - 1e-9)); static_cast<double>(k) * step <= hi + step * 1e-9; ++k)
    out.push_back(std::round(static_cast<double>(k) * step * scale) / scale + 0.0);
  return out;
}

namespace {

// A tick's label: as few digits as the step needs (at most 12).
std::string tick_text(double v, const std::vector<double>& ticks) {
  const double step = ticks.size() > 1 ? ticks[1] - ticks[0] : 1;
  const double decimals = std::isfinite(step) && step > 0 ? -std::floor(std::log10(step) + 1e-9) : 0;
  return fmt::format("{:.{}f}", v, static_cast<int>(std::clamp(decimals, 0.0, 12.0)));
}

// A legend's name in lines that fit the space right of the plot (about 24 characters of
// its 12-pixel font), broken at spaces; a word longer than a line stays whole.
std::vector<std::string> legend_lines(const std::string& name) {
  constexpr size_t kWidth = 24;
  std::vector<std::string> lines(1);
  size_t at = 0;
  while (at < name.size()) {
    size_t end = name.find(' ', at);
    if (end == std::string::npos) end = name.size();
    const std::string word = name.substr(at, end - at);
    if (!lines.back().empty() && lines.back().size() + 1 + word.size() > kWidth) lines.emplace_back();
    lines.back() += (lines.back().empty() ? "" : " ") + word;
    at = end + 1;
  }
  return lines;
}

// A value a plot can place: a point with no value (a rate over no games) is left out.
bool drawable(double v) { return std::isfinite(v); }

}  // namespace

std::string svg(const Plot& p) {
  const double w = 960, h = 320, left = 64, right = 190, top = 34, bottom = 50;
  const bool named_x = !p.categories.empty();
  double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
  for (const auto& s : p.series)
    for (size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
      const double base = i < s.base.size() ? s.base[i] : 0;
      if (!drawable(s.x[i]) || !drawable(s.y[i] + base)) continue;
      x0 = std::min(x0, s.x[i]);
      x1 = std::max(x1, s.x[i] + (s.style == Series::Style::Bars ? p.bar_width : 0));
      y0 = std::min({y0, s.y[i] + base, i < s.low.size() && drawable(s.low[i]) ? s.low[i] : s.y[i]});
      y1 = std::max({y1, s.y[i] + base, i < s.high.size() && drawable(s.high[i]) ? s.high[i] : s.y[i]});
    }
  if (x0 > x1) x0 = 0, x1 = 1, y0 = 0, y1 = 1;
  // Points keep off the plot's edges.
  if (std::any_of(p.series.begin(), p.series.end(), [](const Series& s) { return s.style == Series::Style::Points; })) {
    const double pad = x1 > x0 ? (x1 - x0) * 0.05 : 0.5;
    x0 -= pad, x1 += pad;
  }
  if (named_x) x0 = -0.5, x1 = static_cast<double>(p.categories.size()) - 0.5;
  if (p.reference_y) y0 = std::min(y0, *p.reference_y), y1 = std::max(y1, *p.reference_y);
  y0 = p.ymin.value_or(std::min(0.0, y0));
  y1 = p.ymax.value_or(y1);
  if (x1 <= x0) x1 = x0 + 1;
  if (y1 <= y0) y1 = y0 + 1;
  std::vector<double> yticks = nice_ticks(y0, y1, 5);
  if (!p.ymax && !yticks.empty() && yticks.back() < y1) yticks.push_back(yticks.back() + (yticks.size() > 1 ? yticks[1] - yticks[0] : 1));
  if (!p.ymax && !yticks.empty()) y1 = std::max(y1, yticks.back());
  auto X = [&](double x) { return left + (x - x0) / (x1 - x0) * (w - left - right); };
  auto Y = [&](double y) { return h - bottom - (y - y0) / (y1 - y0) * (h - top - bottom); };
  auto polyline = [&](const Series& s, size_t n) {
    std::string points;
    for (size_t i = 0; i < n; ++i)
      if (drawable(s.x[i]) && drawable(s.y[i])) points += fmt::format("{:.1f},{:.1f} ", X(s.x[i]), Y(s.y[i]));
    return points;
  };

  std::string out = fmt::format(
      "<figure><svg class=\"plot\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {0} {1}\" width=\"100%\" role=\"img\">"
      "<title>{2}</title><text x=\"{3}\" y=\"20\" class=\"title\">{2}</text>",
      w, h, escape_html(p.title), left);
  // Grid and ticks.
  for (double t : yticks) {
    if (t < y0 - 1e-12 || t > y1 + 1e-12) continue;
    out += fmt::format("<line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\" class=\"grid\"/>", left, Y(t), w - right);
    out += fmt::format("<text x=\"{}\" y=\"{:.1f}\" class=\"tick\" text-anchor=\"end\">{}</text>", left - 6, Y(t) + 4,
                       tick_text(t, yticks));
  }
  if (named_x) {
    for (size_t i = 0; i < p.categories.size(); ++i)
      out += fmt::format("<text x=\"{:.1f}\" y=\"{}\" class=\"tick\" text-anchor=\"middle\">{}</text>",
                         X(static_cast<double>(i)), h - bottom + 16, escape_html(p.categories[i]));
  } else {
    std::vector<double> xticks = nice_ticks(x0, x1, 8);
    if (p.integer_x) {
      xticks.erase(std::remove_if(xticks.begin(), xticks.end(), [](double t) { return t != std::floor(t); }), xticks.end());
      if (xticks.size() < 2) xticks = {std::ceil(x0), std::floor(x1)};
    }
    for (double t : xticks) {
      if (t < x0 - 1e-9 || t > x1 + 1e-9) continue;
      out += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\" class=\"axis\"/>", X(t), h - bottom,
                         h - bottom + 4);
      out += fmt::format("<text x=\"{:.1f}\" y=\"{}\" class=\"tick\" text-anchor=\"middle\">{}</text>", X(t),
                         h - bottom + 16, tick_text(t, xticks));
    }
  }
  out += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" class=\"axis\"/>", left, h - bottom, w - right);
  out += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" class=\"axis\"/>", left, h - bottom, top);
  out += fmt::format("<text x=\"{}\" y=\"{}\" class=\"label\" text-anchor=\"middle\">{}</text>", (left + w - right) / 2,
                     h - 10, escape_html(p.xlabel));
  out += fmt::format("<text x=\"16\" y=\"{0}\" class=\"label\" transform=\"rotate(-90 16 {0})\" text-anchor=\"middle\">{1}</text>",
                     (top + h - bottom) / 2, escape_html(p.ylabel));
  // The data.
  double legend_y = top + 8;
  auto legend = [&](const std::string& name, const std::string& cls, const std::string& shade) {
    out += fmt::format("<rect x=\"{}\" y=\"{:.1f}\" width=\"12\" height=\"12\" class=\"{}\"{}/>", w - right + 14, legend_y - 10,
                       cls, shade);
    // A long name goes on over several lines rather than off the picture's edge.
    const std::vector<std::string> lines = legend_lines(name);
    out += fmt::format("<text x=\"{}\" y=\"{:.1f}\" class=\"legend\">", w - right + 32, legend_y);
    for (size_t i = 0; i < lines.size(); ++i)
      out += fmt::format("<tspan x=\"{}\" dy=\"{}\">{}</tspan>", w - right + 32, i ? 14 : 0, escape_html(lines[i]));
    out += "</text>";
    legend_y += 18 + 14 * static_cast<double>(lines.size() - 1);
  };
  for (size_t k = 0; k < p.series.size(); ++k) {
    const Series& s = p.series[k];
    const std::string cls = fmt::format("s{}", (s.colour >= 0 ? static_cast<size_t>(s.colour) : k) % kPaletteColours);
    const std::string shade = s.opacity < 1 ? fmt::format(" opacity=\"{:.2f}\"", s.opacity) : "";
    const size_t n = std::min(s.x.size(), s.y.size());
    const bool interval = s.low.size() >= n && s.high.size() >= n && n > 0;
    switch (s.style) {
      case Series::Style::Bars:
        for (size_t i = 0; i < n; ++i) {
          const double base = i < s.base.size() ? s.base[i] : 0;
          if (!(s.y[i] > 0) || !drawable(s.x[i]) || !drawable(base + s.y[i])) continue;
          out += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" class=\"bar {}\"{}>"
                             "<title>{}: {:.4g} at {:.4g}</title></rect>",
                             X(s.x[i]), Y(base + s.y[i]), std::max(1.0, X(s.x[i] + p.bar_width) - X(s.x[i]) - 1),
                             Y(base) - Y(base + s.y[i]), cls, shade, escape_html(s.name), s.y[i], s.x[i]);
        }
        break;
      case Series::Style::Line: {
        if (interval) {
          std::string band;
          for (size_t i = 0; i < n; ++i)
            if (drawable(s.x[i]) && drawable(s.high[i]) && drawable(s.low[i]))
              band += fmt::format("{:.1f},{:.1f} ", X(s.x[i]), Y(s.high[i]));
          for (size_t i = n; i-- > 0;)
            if (drawable(s.x[i]) && drawable(s.high[i]) && drawable(s.low[i]))
              band += fmt::format("{:.1f},{:.1f} ", X(s.x[i]), Y(s.low[i]));
          out += fmt::format("<polygon points=\"{}\" class=\"band {}\"/>", band, cls);
        }
        out += fmt::format("<polyline points=\"{}\" class=\"line {}\"{}/>", polyline(s, n), cls, shade);
        break;
      }
      case Series::Style::Points:
        for (size_t i = 0; i < n; ++i) {
          if (!drawable(s.x[i]) || !drawable(s.y[i])) continue;
          // Several series at one x sit side by side.
          const double dx = named_x || p.series.size() > 1 ? (static_cast<double>(k) - static_cast<double>(p.series.size() - 1) / 2.0) * 6 : 0;
          const double cx = X(s.x[i]) + dx;
          if (interval && drawable(s.low[i]) && drawable(s.high[i]))
            out += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" class=\"err {3}\"/>", cx,
                               Y(s.low[i]), Y(s.high[i]), cls);
          out += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4\" class=\"dot {}\"><title>{}: {:.4g}{}</title></circle>",
                             cx, Y(s.y[i]), cls, escape_html(s.name), s.y[i],
                             interval ? fmt::format(" ({:.4g} to {:.4g})", s.low[i], s.high[i]) : "");
        }
        if (n > 1 && !named_x) out += fmt::format("<polyline points=\"{}\" class=\"thin {}\"/>", polyline(s, n), cls);
        break;
    }
    if (!s.name.empty())
      legend(interval && s.style == Series::Style::Line ? s.name + " (95% band)" : s.name, "key " + cls, shade);
  }
  if (p.reference_y && *p.reference_y >= y0 && *p.reference_y <= y1) {
    out += fmt::format("<line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\" class=\"ref\"/>", left, Y(*p.reference_y), w - right);
    if (!p.reference_name.empty()) {
      out += fmt::format("<line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\" class=\"ref\"/>", w - right + 12,
                         legend_y - 4, w - right + 28);
      out += fmt::format("<text x=\"{}\" y=\"{:.1f}\" class=\"legend\">{}</text>", w - right + 32, legend_y,
                         escape_html(p.reference_name));
    }
  }
  return out + "</svg></figure>\n";
}

}  // namespace boardlab::lab
