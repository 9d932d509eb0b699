#pragma once
// The frame of a self-contained HTML report page: one document with its CSS inline (a print
// style included, so the browser's "print to PDF" gives clean pages), sections with ids a test
// can find, and small table helpers. No script, no external resource.

#include <string>
#include <vector>

namespace eb {

/// A complete HTML5 document titled `title` (escaped) around `body` (HTML, already escaped).
std::string htmlDocument(const std::string& title, const std::string& body);

/// <section id="id"><h2>heading</h2>content</section>; id is trusted (a constant of the report),
/// heading is escaped, content is HTML.
std::string htmlSection(const std::string& id, const std::string& heading, const std::string& content);

/// A table: header cells and rows of cells, all plain text (escaped here). A cell starting with
/// "\x01pass" or "\x01fail" is drawn as a PASS / FAIL badge with the rest as its text.
std::string htmlTable(const std::vector<std::string>& headers, const std::vector<std::vector<std::string>>& rows);

/// A paragraph of plain text (escaped).
std::string htmlParagraph(const std::string& text, const char* cssClass = nullptr);

/// The cell marker htmlTable draws as a badge: passCell(true, "cond 41 <= 1000").
std::string passCell(bool pass, const std::string& text = "");

}  // namespace eb
