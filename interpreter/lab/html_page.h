// HtmlPage: the one way the lab writes an HTML page (a run's report, a comparison, a sweep, a
// ladder). Text goes in as text and is escaped here, in one place; markup is made only by the
// functions below; plots come from svg_plot; every page carries boardlab's stylesheet, the
// one `boardlab serve`'s page uses (web/page/boardlab.css), inline, so that a report is one
// file that opens offline.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "lab/svg_plot.h"

namespace boardlab::lab {

// Markup safe to put in a page: made from text (escaped) and the elements below.
class Html {
 public:
  Html() = default;
  const std::string& str() const { return s_; }
  Html& operator+=(const Html& o) {
    s_ += o.s_;
    return *this;
  }
  friend Html operator+(Html a, const Html& b) { return a += b; }

 private:
  friend Html text(std::string_view t);
  friend Html line_break();
  friend Html markup(std::string_view tag, const Html& inner, std::string_view attributes);
  friend Html plot(const Plot& p);
  std::string s_;
};

Html text(std::string_view t);  // escaped: < > & " (svg_plot's escape_html, the one escaping)
Html line_break();
Html markup(std::string_view tag, const Html& inner, std::string_view attributes = "");  // attributes: constants only
Html hyperlink(std::string_view href, std::string_view words);  // href escaped
Html code(std::string_view t);
Html strong(std::string_view t);
Html plot(const Plot& p);  // an inline SVG figure

// A table: an optional header row, then rows whose first cell heads the row when
// `row_heads`; the other cells are numbers (right-aligned) when `numeric`.
struct Table {
  std::string id;
  std::vector<Html> header;
  std::vector<std::vector<Html>> rows;
  bool row_heads = true;
  bool numeric = true;
};

class HtmlPage {
 public:
  explicit HtmlPage(std::string_view title);
  HtmlPage& heading(std::string_view words, int level = 2);
  // A heading of lines (a comparison's "A: ..." over "B: ...").
  HtmlPage& title_lines(const std::vector<std::string>& lines);
  HtmlPage& paragraph(const Html& content);
  HtmlPage& list(const std::vector<Html>& items);
  HtmlPage& table(const Table& t);
  HtmlPage& figure(const Plot& p);
  std::string str() const;  // the whole document

 private:
  std::string title_, body_;
};

// boardlab's stylesheet (web/page/boardlab.css), built in.
const char* boardlab_css();

}  // namespace boardlab::lab
