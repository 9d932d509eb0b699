#include "report/html_page.hpp"

#include "report/html_text.hpp"

namespace eb {
namespace html_page_detail {

// Inline style: readable on screen, and on paper (no shadows, charts scaled to the page width,
// sections kept whole where they fit, tables' headers repeated across pages).
const char* const kStyle = R"css(
body { font-family: -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; font-size: 14px; color: #222;
       max-width: 1000px; margin: 1.5em auto; padding: 0 1em; line-height: 1.4; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { font-size: 1.25em; border-bottom: 1px solid #ccc; padding-bottom: 0.15em; margin-top: 1.6em; }
h3 { font-size: 1.05em; margin: 1em 0 0.3em; }
table { border-collapse: collapse; margin: 0.5em 0; font-size: 12.5px; }
th, td { border: 1px solid #ddd; padding: 2px 6px; text-align: left; vertical-align: top; }
th { background: #f3f3f3; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.badge { display: inline-block; min-width: 3.2em; text-align: center; font-weight: bold; border-radius: 3px;
         padding: 0 4px; color: #fff; }
.pass { background: #2e7d32; } .fail { background: #c62828; }
.note { color: #555; font-size: 0.92em; }
.summary { font-size: 1.05em; padding: 0.4em 0.6em; border-left: 4px solid #888; background: #fafafa; }
.charts { display: flex; flex-wrap: wrap; gap: 8px; }
svg.chart { max-width: 100%; height: auto; background: #fff; }
code, .expr { font-family: "DejaVu Sans Mono", monospace; font-size: 11.5px; word-break: break-all; }
@media print {
  body { max-width: none; margin: 0; font-size: 11px; }
  section { break-inside: auto; }
  h2 { break-after: avoid; }
  svg.chart, table { break-inside: avoid; }
  thead { display: table-header-group; }
  a { color: inherit; text-decoration: none; }
}
)css";

}  // namespace html_page_detail

std::string htmlDocument(const std::string& title, const std::string& body) {
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         "<meta name=\"generator\" content=\"ExciteBench\">\n<title>" +
         htmlEscape(title) + "</title>\n<style>" + html_page_detail::kStyle + "</style>\n</head>\n<body>\n" + body +
         "\n</body>\n</html>\n";
}

std::string htmlSection(const std::string& id, const std::string& heading, const std::string& content) {
  return "<section id=\"" + htmlEscape(id) + "\">\n<h2>" + htmlEscape(heading) + "</h2>\n" + content + "\n</section>\n";
}

std::string passCell(bool pass, const std::string& text) { return std::string("\x01") + (pass ? "pass" : "fail") + text; }

std::string htmlTable(const std::vector<std::string>& headers, const std::vector<std::vector<std::string>>& rows) {
  std::string s = "<table>\n<thead><tr>";
  for (const std::string& h : headers) s += "<th>" + htmlEscape(h) + "</th>";
  s += "</tr></thead>\n<tbody>\n";
  for (const std::vector<std::string>& row : rows) {
    s += "<tr>";
    for (const std::string& cell : row) {
      if (cell.size() >= 5 && cell[0] == '\x01') {
        const bool pass = cell.compare(1, 4, "pass") == 0;
        s += std::string("<td><span class=\"badge ") + (pass ? "pass\">PASS" : "fail\">FAIL") + "</span> " +
             htmlEscape(cell.substr(5)) + "</td>";
        continue;
      }
      // Right-align what reads as a number, so columns of values line up.
      const bool numeric = !cell.empty() && cell.find_first_not_of("0123456789.eE+-naif/ ") == std::string::npos &&
                           cell.find_first_of("0123456789") != std::string::npos;
      s += (numeric ? "<td class=\"num\">" : "<td>") + htmlEscape(cell) + "</td>";
    }
    s += "</tr>\n";
  }
  return s + "</tbody>\n</table>\n";
}

std::string htmlParagraph(const std::string& text, const char* cssClass) {
  return std::string(cssClass ? "<p class=\"" + std::string(cssClass) + "\">" : "<p>") + htmlEscape(text) + "</p>\n";
}

}  // namespace eb
