#pragma once
// The identification report as one self-contained HTML file (issue 45): inline CSS with a
// print style, inline SVG charts (svg_chart.hpp), no script and no external resource, so it
// opens in any browser, prints to PDF and can be mailed. Long torque series are decimated to
// their envelope per pixel column, which keeps a one-hour log's report well under 2 MB.
//
// Sections, by id (a test looks them up): robot, logs, settings, information,
// base-parameters, links, friction, validation, drift, closed-loop, checks. A section whose
// data the report lacks still appears, saying what was not run and how to run it.

#include "report/identification_report.hpp"

#include <string>
#include <vector>

namespace eb {

/// The section ids of a report, in page order.
const std::vector<std::string>& reportSectionIds();

/// The sections' HTML (the <section> elements in page order, without the document around them),
/// each id prefixed with `idPrefix` so that a page can show several reports (report_comparison.hpp).
std::string reportSectionsHtml(const IdentificationReport& report, const std::string& idPrefix = "");

/// The complete HTML document of `report`.
std::string formatHtmlReport(const IdentificationReport& report);

/// Writes formatHtmlReport(report) to `path` atomically (temporary file + rename): a failed write
/// leaves no partial file. Throws InputError naming the path.
void writeHtmlReport(const std::string& path, const IdentificationReport& report);

}  // namespace eb
