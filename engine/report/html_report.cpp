#include "report/html_report.hpp"

#include "io/atomic_file.hpp"
#include "report/html_page.hpp"
#include "report/html_text.hpp"
#include "report/svg_chart.hpp"

#include <algorithm>
#include <cmath>

namespace eb {
namespace html_report_detail {

const char* const kIdentifiedColor = "#1f77b4";
const char* const kDescriptionColor = "#ff7f0e";
const char* const kMeasuredColor = "#555555";

std::string num(double v, int digits = 4) { return reportNumber(v, digits); }

std::string robotSection(const IdentificationReport& r) {
  std::vector<std::vector<std::string>> rows{{"robot", r.robotName}, {"description", r.robotSource},
                                             {"degrees of freedom", std::to_string(r.jointNames.size())}};
  std::string joints;
  for (const std::string& j : r.jointNames) joints += (joints.empty() ? "" : ", ") + j;
  rows.push_back({"joints", joints});
  if (!r.method.empty()) rows.push_back({"estimation method", r.method});
  if (!r.paramsFile.empty()) rows.push_back({"parameter file", r.paramsFile});
  if (r.samples > 0) rows.push_back({"samples in the regression", std::to_string(r.samples)});
  return htmlTable({"", ""}, rows);
}

std::string logsSection(const IdentificationReport& r) {
  std::string s;
  if (r.logs.empty() && r.logSummaries.empty()) return htmlParagraph("No log summaries recorded.", "note");
  std::vector<std::vector<std::string>> rows;
  const std::size_t n = std::max(r.logs.size(), r.logSummaries.size());
  for (std::size_t k = 0; k < n; ++k)
    rows.push_back({k < r.logs.size() ? r.logs[k] : "", k < r.logSummaries.size() ? r.logSummaries[k] : ""});
  s += htmlTable({"log", "summary (rate, gaps, segments, preprocessing)"}, rows);
  if (!r.warnings.empty()) {
    s += "<h3>Findings</h3>\n<ul>\n";
    for (const std::string& w : r.warnings) s += "<li>" + htmlEscape(w) + "</li>\n";
    s += "</ul>\n";
  }
  return s;
}

std::string settingsSection(const IdentificationReport& r) {
  if (r.settings.empty()) return htmlParagraph("No settings recorded.", "note");
  std::vector<std::vector<std::string>> rows;
  for (const auto& [key, value] : r.settings) rows.push_back({key, value});
  return htmlTable({"setting", "value"}, rows);
}

std::string informationSection(const IdentificationReport& r) {
  std::string s;
  s += htmlParagraph("Condition number of the (weighted) base regressor: " +
                     (r.condition > 0.0 ? num(r.condition) : std::string("not recorded")) +
                     ". The eigenvalues of the information matrix say how strongly the data determine each "
                     "direction in parameter space; cond is the square root of the largest over the smallest.");
  if (r.eigenvalues.empty()) return s + htmlParagraph("The information spectrum was not recorded.", "note");
  BarChart chart;
  chart.title = "Information spectrum (eigenvalues of the information matrix, descending)";
  chart.yLabel = "eigenvalue";
  chart.logScale = true;
  for (std::size_t k = 0; k < r.eigenvalues.size(); ++k) chart.categories.push_back(std::to_string(k + 1));
  chart.groups.push_back({"eigenvalue", kIdentifiedColor, r.eigenvalues});
  s += barChartSvg(chart);
  const auto [lo, hi] = std::minmax_element(r.eigenvalues.begin(), r.eigenvalues.end());
  s += htmlParagraph("largest " + num(*hi) + ", smallest " + num(*lo) + " (" + std::to_string(r.eigenvalues.size()) +
                     " base parameters)", "note");
  return s;
}

std::string baseParametersSection(const IdentificationReport& r) {
  if (r.baseParameters.empty()) return htmlParagraph("No base parameters.", "note");
  std::vector<std::vector<std::string>> rows;
  for (const ReportBaseParameter& p : r.baseParameters)
    rows.push_back({p.name, num(p.value, 6), num(p.stddev, 3), num(p.relativeStdPercent, 3), shortenNumbers(p.expression)});
  return htmlTable({"parameter", "value [SI]", "std", "rel. std [%]", "expression"}, rows);
}

std::string linksSection(const IdentificationReport& r) {
  if (r.links.empty())
    return htmlParagraph("Only a physically consistent estimate (--method consistent, or auto when it chooses it) "
                         "gives each link's mass, COM and inertia; this one gives base parameters only.", "note");
  std::vector<std::vector<std::string>> rows;
  for (const ReportLink& l : r.links) {
    std::string verdict = l.plausible ? passCell(true, "plausible") : passCell(false, "");
    for (const std::string& p : l.problems) verdict += p + "; ";
    for (const std::string& n : l.notes) verdict += "(" + n + ") ";
    const std::string inertia = num(l.inertia[0]) + ", " + num(l.inertia[1]) + ", " + num(l.inertia[2]) + ", " +
                                num(l.inertia[3]) + ", " + num(l.inertia[4]) + ", " + num(l.inertia[5]);
    const std::string share = l.dataShare ? num((*l.dataShare)[0], 2) + " / " + num((*l.dataShare)[1], 2) + " / " +
                                                num((*l.dataShare)[2], 2)
                                          : "n/a";
    rows.push_back({l.name, num(l.mass), num(l.com.x()) + ", " + num(l.com.y()) + ", " + num(l.com.z()), inertia,
                    verdict, l.bounds, share});
  }
  return htmlTable({"link", "mass [kg]", "COM [m]", "inertia about COM [kg m^2] (xx, xy, xz, yy, yz, zz)",
                    "plausibility", "bounds used", "data share (mass / COM / inertia)"},
                   rows) +
         htmlParagraph("Data share: how much of each quantity the data determined (1) rather than the prior toward "
                       "the description (0).", "note");
}

std::string frictionSection(const IdentificationReport& r) {
  if (r.friction.empty()) return htmlParagraph("No friction identified (--no-friction).", "note");
  std::string charts = "<div class=\"charts\">\n", s;
  std::vector<std::vector<std::string>> rows;
  for (const ReportFriction& f : r.friction) {
    std::string coefficients;
    for (const auto& [name, value] : f.coefficients) coefficients += (coefficients.empty() ? "" : ", ") + name + " = " + num(value);
    rows.push_back({f.joint, f.model, coefficients, f.range});
    LineChart chart;
    chart.title = "friction " + f.joint;
    chart.xLabel = "velocity [rad/s]";
    chart.yLabel = "torque [N m]";
    chart.width = 320;
    chart.height = 210;
    chart.series.push_back({"tau_f(qd)", kIdentifiedColor, f.velocity, f.torque});
    charts += lineChartSvg(chart) + "\n";
  }
  s += htmlTable({"joint", "model", "coefficients", "velocity range drawn"}, rows);
  return s + charts + "</div>\n";
}

std::string validationSection(const IdentificationReport& r) {
  if (!r.validation || r.validation->joints.empty())
    return htmlParagraph("No torque prediction on held-out data recorded (excitebench-cli report --log LOG validates "
                         "on a log).", "note");
  const ReportValidation& v = *r.validation;
  std::string s = htmlParagraph("On " + v.source + (v.samples > 0 ? " (" + std::to_string(v.samples) + " samples)" : "") +
                                ": NRMSE = RMS(measured - predicted) / RMS(measured), per joint.");
  BarChart chart;
  chart.title = "NRMSE per joint: identified vs the description's own parameters";
  chart.yLabel = "NRMSE [%]";
  BarGroup identified{"identified", kIdentifiedColor, {}}, description{"description", kDescriptionColor, {}};
  std::vector<std::vector<std::string>> rows;
  bool anySeries = false;
  for (const ReportJointValidation& j : v.joints) {
    chart.categories.push_back(j.joint);
    identified.values.push_back(j.nrmseIdentified);
    description.values.push_back(j.nrmseDescription);
    rows.push_back({j.joint, num(j.nrmseIdentified, 3), num(j.nrmseDescription, 3)});
    anySeries = anySeries || !j.measuredTime.empty();
  }
  chart.groups = {identified, description};
  s += barChartSvg(chart);
  s += htmlTable({"joint", "NRMSE identified [%]", "NRMSE description [%]"}, rows);
  if (!anySeries) return s;
  s += "<h3>Measured and predicted torque</h3>\n";
  for (const ReportJointValidation& j : v.joints) {
    if (j.measuredTime.empty()) continue;
    LineChart line;
    line.title = j.joint + ": NRMSE " + num(j.nrmseIdentified, 3) + " % (description " + num(j.nrmseDescription, 3) + " %)";
    line.xLabel = "time [s]";
    line.yLabel = "torque [N m]";
    line.width = 960;
    line.height = 220;
    line.series.push_back({"measured", kMeasuredColor, j.measuredTime, j.measured});
    line.series.push_back({"predicted", kIdentifiedColor, j.predictedTime, j.predicted});
    s += lineChartSvg(line) + "\n";
  }
  return s + htmlParagraph("Each chart draws, per pixel column, the smallest and largest sample: nothing is dropped, "
                           "long logs are drawn as their envelope.", "note");
}

std::string driftSection(const IdentificationReport& r) {
  if (!r.drift) return htmlParagraph("Not run (excitebench-cli validate --drift-window S).", "note");
  std::vector<std::vector<std::string>> rows;
  for (const ReportDriftJoint& j : r.drift->joints)
    rows.push_back({j.joint, num(j.change), num(j.changeStd, 3), num(j.residualRms), passCell(!j.drifted, j.drifted ? "drifted" : "steady")});
  return htmlParagraph("Residual trend on " + r.drift->source + " in windows of " + num(r.drift->window, 3) + " s.") +
         htmlTable({"joint", "change over the log [N m]", "1 sigma [N m]", "residual RMS [N m]", "verdict"}, rows);
}

std::string closedLoopSection(const IdentificationReport& r) {
  if (!r.closedLoop) return htmlParagraph("Not run (excitebench-cli closed-loop).", "note");
  const ReportClosedLoop& c = *r.closedLoop;
  return htmlTable({"controller model", "worst tracking error [rad]", "bar"},
                   {{"identified", num(c.identifiedMaxError, 3), passCell(c.identifiedMaxError <= c.bar, "<= " + num(c.bar, 3))},
                    {"description", num(c.descriptionMaxError, 3),
                     passCell(c.descriptionMaxError <= c.bar, "<= " + num(c.bar, 3))}}) +
         htmlParagraph("Plant: " + c.plant + ". " + c.verdict);
}

std::string checksSection(const IdentificationReport& r) {
  if (r.checks.empty()) return htmlParagraph("No checks.", "note");
  std::vector<std::vector<std::string>> rows;
  for (const ReportCheck& c : r.checks) rows.push_back({passCell(c.pass), c.name, c.value, c.threshold});
  return htmlTable({"", "check", "value", "threshold"}, rows);
}

std::string summaryLine(const IdentificationReport& r) {
  std::size_t failed = 0;
  for (const ReportCheck& c : r.checks) failed += c.pass ? 0 : 1;
  if (r.checks.empty()) return "";
  return htmlParagraph(failed == 0 ? "All " + std::to_string(r.checks.size()) + " checks pass."
                                   : std::to_string(failed) + " of " + std::to_string(r.checks.size()) +
                                         " checks fail (see Checks).",
                       "summary");
}

}  // namespace html_report_detail

const std::vector<std::string>& reportSectionIds() {
  static const std::vector<std::string> ids{"robot",      "logs",       "settings", "information", "base-parameters",
                                            "links",      "friction",   "validation", "drift",     "closed-loop",
                                            "checks"};
  return ids;
}

std::string reportSectionsHtml(const IdentificationReport& r, const std::string& idPrefix) {
  using namespace html_report_detail;
  const std::string& p = idPrefix;
  return htmlSection(p + "robot", "Robot", robotSection(r)) + htmlSection(p + "logs", "Logs", logsSection(r)) +
         htmlSection(p + "settings", "Settings", settingsSection(r)) +
         htmlSection(p + "information", "Information and conditioning", informationSection(r)) +
         htmlSection(p + "base-parameters", "Base parameters", baseParametersSection(r)) +
         htmlSection(p + "links", "Links", linksSection(r)) + htmlSection(p + "friction", "Friction", frictionSection(r)) +
         htmlSection(p + "validation", "Torque prediction", validationSection(r)) +
         htmlSection(p + "drift", "Drift check", driftSection(r)) +
         htmlSection(p + "closed-loop", "Closed-loop check", closedLoopSection(r)) +
         htmlSection(p + "checks", "Checks", checksSection(r));
}

std::string formatHtmlReport(const IdentificationReport& r) {
  using namespace html_report_detail;
  const std::string title = r.title.empty() ? "Identification of " + r.robotName : r.title;
  const std::string body = "<h1>" + htmlEscape(title) + "</h1>\n" + summaryLine(r) + reportSectionsHtml(r) +
                           htmlParagraph("Written by ExciteBench.", "note");
  return htmlDocument(title, body);
}

void writeHtmlReport(const std::string& path, const IdentificationReport& report) {
  writeFileAtomically(path, formatHtmlReport(report));
}

}  // namespace eb
