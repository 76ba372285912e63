// The lab's HTML pages, built from escaped text and a few elements.
#include "lab/html_page.h"

#include <fmt/format.h>

namespace boardlab::lab {

Html text(std::string_view t) {
  Html h;
  h.s_ = escape_html(std::string(t));
  return h;
}

Html line_break() {
  Html h;
  h.s_ = "<br>";
  return h;
}

Html markup(std::string_view tag, const Html& inner, std::string_view attributes) {
  Html h;
  h.s_ = fmt::format("<{}{}{}>{}</{}>", tag, attributes.empty() ? "" : " ", attributes, inner.str(), tag);
  return h;
}

Html hyperlink(std::string_view href, std::string_view words) {
  return markup("a", text(words), "href=\"" + text(href).str() + "\"");
}
Html code(std::string_view t) { return markup("code", text(t)); }
Html strong(std::string_view t) { return markup("strong", text(t)); }

Html plot(const Plot& p) {
  Html h;
  h.s_ = svg(p);  // svg() escapes every text it draws
  return h;
}

HtmlPage::HtmlPage(std::string_view title) : title_(text(title).str()) {}

HtmlPage& HtmlPage::heading(std::string_view words, int level) {
  body_ += markup(fmt::format("h{}", level), text(words)).str() + "\n";
  return *this;
}

HtmlPage& HtmlPage::title_lines(const std::vector<std::string>& lines) {
  Html inner;
  for (size_t i = 0; i < lines.size(); ++i) inner += (i ? line_break() : Html{}) + text(lines[i]);
  body_ += markup("h1", inner).str() + "\n";
  return *this;
}

HtmlPage& HtmlPage::paragraph(const Html& content) {
  body_ += markup("p", content).str() + "\n";
  return *this;
}

HtmlPage& HtmlPage::list(const std::vector<Html>& items) {
  Html inner;
  for (const auto& item : items) inner += markup("li", item) + text("\n");
  body_ += markup("ul", text("\n") + inner).str() + "\n";
  return *this;
}

HtmlPage& HtmlPage::table(const Table& t) {
  std::string rows;
  auto row = [&](const std::vector<Html>& cells, bool header) {
    rows += "<tr>";
    for (size_t i = 0; i < cells.size(); ++i) {
      const bool head = header || (t.row_heads && i == 0);
      rows += markup(head ? "th" : "td", cells[i], !head && t.numeric ? "class=\"num\"" : "").str();
    }
    rows += "</tr>\n";
  };
  if (!t.header.empty()) row(t.header, true);
  for (const auto& r : t.rows) row(r, false);
  body_ += fmt::format("<table id=\"{}\">\n{}</table>\n", text(t.id).str(), rows);
  return *this;
}

HtmlPage& HtmlPage::figure(const Plot& p) {
  body_ += plot(p).str();
  return *this;
}

std::string HtmlPage::str() const {
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{}</title>\n"
      "<style>\n{}</style></head>\n<body class=\"report\">\n{}</body></html>\n",
      title_, boardlab_css(), body_);
}

}  // namespace boardlab::lab
